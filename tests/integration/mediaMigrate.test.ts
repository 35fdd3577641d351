import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage } from '../../src/server/media/localMediaStorage.ts';
import type { MediaStorage } from '../../src/server/media/mediaStorage.ts';
import { migrateMedia } from '../../src/server/media/migrateMedia.ts';
import { S3MediaStorage } from '../../src/server/media/s3MediaStorage.ts';
import { startS3Peer, type S3Peer } from '../support/s3Peer.ts';

const run = promisify(execFile);

const contents = async (storage: MediaStorage) => {
  const out = new Map<string, string>();
  for await (const o of storage.list('')) {
    const read = await storage.read(o.relative);
    out.set(o.relative, Buffer.concat((await read!.body.toArray()) as Buffer[]).toString('utf8'));
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
};

/** `atrium media migrate`: local disk to a real S3 peer and back, stopped part way and resumed, every object verified. */
describe('moving media between local disk and object storage', () => {
  let peer: S3Peer;
  let work: string;
  let local: LocalMediaStorage;
  let s3: S3MediaStorage;
  const written = new Map<string, string>();

  beforeAll(async () => {
    peer = await startS3Peer();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-migrate-test-'));
    local = new LocalMediaStorage(path.join(work, 'data', 'media'));
    s3 = new S3MediaStorage(peer.config(), path.join(work, 'staging'));
    const put = (relative: string, body: string) => {
      const file = path.join(local.root, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, body);
      if (!relative.includes('.partial-')) written.set(relative, body);
    };
    for (let i = 0; i < 24; i++) put(`panoramas/p1/v1/tiles/0/f/0_${i}.jpg`, `tile ${i} `.repeat(50 + i));
    put('panoramas/p1/v1/manifest.json', '{"version":1}');
    put('panoramas/p1/raw-v1.jpg', 'raw'.repeat(3000));
    put('assets/abc.png', 'png bytes');
    put('chat/xyz.webp', 'webp bytes');
    put('pilots/take.webm', 'opus bytes');
    // A half-written file of a killed job is not media: it stays behind.
    put('assets/photo.jpg.partial-1a2b3c', 'half');
  });
  afterAll(async () => {
    s3?.close();
    await peer?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('copies local media into the bucket, stopped part way and resumed, skipping what is already there', async () => {
    const stop = new AbortController();
    const first = await migrateMedia(local, s3, { concurrency: 2, onProgress: (p) => p.copied >= 6 && stop.abort(), signal: stop.signal });
    expect(first.interrupted).toBe(true);
    expect(first.failed).toBe(0);
    expect(first.copied).toBeGreaterThanOrEqual(6);
    expect(first.copied).toBeLessThan(written.size);

    const progress: string[] = [];
    const second = await migrateMedia(local, s3, { onProgress: (p) => progress.push(`${p.action} ${p.relative}`) });
    expect(second).toMatchObject({ interrupted: false, failed: 0, total: written.size, skipped: first.copied, copied: written.size - first.copied });
    expect(progress).toHaveLength(written.size);
    expect(await contents(s3)).toEqual(new Map([...written].sort(([a], [b]) => a.localeCompare(b))));
  });

  it('verifies: an object whose copy differs from the source is copied again, the rest skipped', async () => {
    const damaged = path.join(work, 'damaged');
    fs.writeFileSync(damaged, 'png bytez');
    await s3.copyAtomically(damaged, 'assets/abc.png', { replace: true });
    const again = await migrateMedia(local, s3);
    expect(again).toMatchObject({ copied: 1, skipped: written.size - 1, failed: 0 });
    expect((await contents(s3)).get('assets/abc.png')).toBe('png bytes');
  });

  it('copies the bucket back to an empty local folder, stopped and resumed, byte for byte', async () => {
    const back = new LocalMediaStorage(path.join(work, 'back', 'media'));
    const stop = new AbortController();
    const first = await migrateMedia(s3, back, { concurrency: 1, onProgress: (p) => p.done >= 10 && stop.abort(), signal: stop.signal });
    expect(first).toMatchObject({ interrupted: true, copied: 10, failed: 0 });
    const order: string[] = [];
    const second = await migrateMedia(s3, back, { concurrency: 1, onProgress: (p) => order.push(p.relative) });
    expect(second).toMatchObject({ interrupted: false, skipped: 10, copied: written.size - 10, failed: 0 });
    // A manifest is copied after every tile: one found in the target names only files already there.
    const firstManifest = order.findIndex((r) => r.endsWith('/manifest.json'));
    expect(firstManifest).toBeGreaterThan(-1);
    expect(order.slice(firstManifest).every((r) => r.endsWith('/manifest.json'))).toBe(true);
    expect(await contents(back)).toEqual(await contents(s3));
    expect(fs.readdirSync(back.root, { recursive: true }).map(String).some((f) => f.includes('.partial-'))).toBe(false);
  });

  it('the command line does the same with S3_URL and DATA_DIR, and says everything is already there', async () => {
    const env = { ...process.env, DATA_DIR: path.join(work, 'data'), S3_URL: peer.url, LOG_LEVEL: 'silent' };
    const { stdout } = await run(process.execPath, ['src/cli/atrium.mjs', 'media', 'migrate', '--to', 's3', '--json'], { env });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toMatchObject({ total: written.size, skipped: written.size, copied: 0, failed: 0, interrupted: false });
    const refused = await run(process.execPath, ['src/cli/atrium.mjs', 'media', 'migrate', '--to', 'cloud'], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain('--to s3|local');
  }, 60_000);
});
