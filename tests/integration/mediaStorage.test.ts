import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TileManifest } from '../../src/protocol/tiles.ts';
import { LocalMediaStorage } from '../../src/server/media/localMediaStorage.ts';
import type { MediaStorage } from '../../src/server/media/mediaStorage.ts';
import { publishTileSet } from '../../src/server/media/publishTileSet.ts';
import { S3MediaStorage } from '../../src/server/media/s3MediaStorage.ts';
import { startS3Peer, type S3Peer } from '../support/s3Peer.ts';

const text = async (storage: MediaStorage, relative: string, range?: { start: number; end: number }) => {
  const read = await storage.read(relative, range);
  return read ? Buffer.concat((await read.body.toArray()) as Buffer[]).toString('utf8') : null;
};
const keys = async (storage: MediaStorage, prefix: string) => {
  const out: string[] = [];
  for await (const o of storage.list(prefix)) out.push(o.relative);
  return out.sort();
};

/** What the tiler does (tilePanorama): writes into a `.partial-` sibling of outDir and renames it at the end. */
async function fakeTiler(outDir: string, files: Record<string, string>, whileWriting?: () => Promise<void>): Promise<TileManifest> {
  const temp = `${outDir}.partial-abc123`;
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(temp, name)), { recursive: true });
    fs.writeFileSync(path.join(temp, name), body);
  }
  await whileWriting?.();
  fs.renameSync(temp, outDir);
  return {} as TileManifest;
}

const STORES = ['local', 's3'] as const;

describe.each(STORES)('the media storage contract (%s)', (kind) => {
  let work: string;
  let peer: S3Peer | undefined;
  let storage: MediaStorage;
  const file = (name: string, body: string) => {
    const p = path.join(work, 'in', name);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, body);
    return p;
  };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), `media-contract-${kind}-`));
    if (kind === 'local') storage = new LocalMediaStorage(path.join(work, 'media'));
    else {
      peer = await startS3Peer();
      // A prefix, as an installation sharing a bucket would have: nothing may escape it.
      storage = new S3MediaStorage(peer.config({ prefix: 'site-a' }), path.join(work, 'staging'));
    }
  });
  afterAll(async () => {
    storage?.close?.();
    await peer?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('writes, reads whole and by range, states, lists and measures', async () => {
    await storage.copyAtomically(file('a.txt', 'hello media'), 'chat/a.txt');
    expect(await text(storage, 'chat/a.txt')).toBe('hello media');
    expect(await text(storage, 'chat/a.txt', { start: 6, end: 10 })).toBe('media');
    const stat = await storage.stat('chat/a.txt');
    expect(stat).toMatchObject({ relative: 'chat/a.txt', size: 11 });
    expect(stat!.modified).toBeGreaterThan(Date.now() - 60_000);
    expect(await storage.stat('chat/none.txt')).toBeNull();
    expect(await storage.read('chat/none.txt')).toBeNull();
    expect(storage.url('chat/a.txt')).toBe('/media/chat/a.txt');
    expect(await keys(storage, 'chat')).toEqual(['chat/a.txt']);
    expect(await storage.bytesUnder('chat')).toBe(11);
    expect(await storage.bytesUnder('nothing-here')).toBe(0);
  });

  it('never replaces a key already written (a key always means the same bytes)', async () => {
    await storage.copyAtomically(file('b1.txt', 'first'), 'pilots/b.txt');
    await storage.copyAtomically(file('b2.txt', 'second'), 'pilots/b.txt');
    expect(await text(storage, 'pilots/b.txt')).toBe('first');
  });

  it('stores assets by content: the same bytes twice are one object', async () => {
    const one = await storage.storeAsset(file('x.JPG', 'jpeg bytes'));
    const two = await storage.storeAsset(file('y.jpg', 'jpeg bytes'));
    expect(one).toEqual(two);
    expect(one.relative).toMatch(/^assets\/[A-Za-z0-9_-]{16}\.jpg$/);
    expect(one.url).toBe(`/media/${one.relative}`);
    expect(await text(storage, one.relative)).toBe('jpeg bytes');
  });

  it('publishes a tile set all at once: nothing of it is listed or readable before, all of it after', async () => {
    const files = { 'manifest.json': '{"v":1}', 'tiles/0/f/0_0.jpg': 'tile f', 'tiles/0/b/0_0.jpg': 'tile b', 'thumb.jpg': 'thumb' };
    const rel = storage.panoramaVersionDir('p1', 'v1');
    let seenWhileWriting: string[] | undefined;
    await publishTileSet(storage, rel, (outDir) => fakeTiler(outDir, files, async () => {
      seenWhileWriting = await keys(storage, rel);
      expect(await storage.stat(`${rel}/manifest.json`)).toBeNull();
    }));
    expect(seenWhileWriting).toEqual([]);
    expect(await keys(storage, rel)).toEqual(Object.keys(files).map((f) => `${rel}/${f}`).sort());
    expect(await text(storage, `${rel}/tiles/0/b/0_0.jpg`)).toBe('tile b');
    expect(await storage.children('panoramas/p1')).toEqual(['v1']);
    expect((await storage.children(rel)).sort()).toEqual(['manifest.json', 'thumb.jpg', 'tiles']);
    expect(await storage.newestUnder('panoramas/p1/v1')).toBeGreaterThan(0);
    expect(await storage.newestUnder('panoramas/p1/none')).toBe(0);
  });

  it('a tiling that fails leaves nothing under its name', async () => {
    const rel = storage.panoramaVersionDir('p2', 'v1');
    await expect(publishTileSet(storage, rel, async (outDir) => {
      fs.mkdirSync(`${outDir}.partial-x`, { recursive: true });
      fs.writeFileSync(path.join(`${outDir}.partial-x`, 'tile.jpg'), 'half');
      fs.rmSync(`${outDir}.partial-x`, { recursive: true });
      throw new Error('source cannot be decoded');
    })).rejects.toThrow('source cannot be decoded');
    expect(await keys(storage, 'panoramas/p2')).toEqual([]);
  });

  it('a failing run of a job leaves the set another run of the same job published', async () => {
    const files = { 'manifest.json': '{"v":1}', 'tiles/0/f/0_0.jpg': 'tile f' };
    const rel = storage.panoramaVersionDir('p4', 'v1');
    await publishTileSet(storage, rel, (outDir) => fakeTiler(outDir, files, async () => undefined));
    await expect(publishTileSet(storage, rel, async () => {
      throw new Error('this worker ran out of memory');
    })).rejects.toThrow('out of memory');
    expect(await keys(storage, rel)).toEqual(Object.keys(files).map((f) => `${rel}/${f}`).sort());
  });

  it('removes a file, or a folder with everything in it, and never a neighbour sharing its name\'s start', async () => {
    await storage.copyAtomically(file('n1', 'one'), 'panoramas/p3/v1/a.jpg');
    await storage.copyAtomically(file('n2', 'two'), 'panoramas/p3/v1/tiles/b.jpg');
    await storage.copyAtomically(file('n3', 'three'), 'panoramas/p30/v1/a.jpg');
    await storage.copyAtomically(file('n4', 'four'), 'panoramas/p3/raw-v1.jpg');
    await storage.remove('panoramas/p3/raw-v1.jpg');
    expect(await storage.stat('panoramas/p3/raw-v1.jpg')).toBeNull();
    expect(await keys(storage, 'panoramas/p3')).toEqual(['panoramas/p3/v1/a.jpg', 'panoramas/p3/v1/tiles/b.jpg']);
    await storage.remove('panoramas/p3');
    expect(await keys(storage, 'panoramas/p3')).toEqual([]);
    expect(await keys(storage, 'panoramas/p30')).toEqual(['panoramas/p30/v1/a.jpg']);
  });

  it('lists the whole store with keys relative to it', async () => {
    const all = await keys(storage, '');
    expect(all).toContain('chat/a.txt');
    expect(all.every((k) => !k.startsWith('/') && !k.startsWith('site-a'))).toBe(true);
  });
});
