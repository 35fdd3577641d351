import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TileManifestSchema } from '../../src/protocol/tiles.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { importTour, type ImportDeps } from '../../src/server/import/importTour.ts';
import { sweepOrphanMedia } from '../../src/server/media/orphanSweep.ts';
import { S3MediaStorage } from '../../src/server/media/s3MediaStorage.ts';
import { createTileJobQueue, type TileJobQueue } from '../../src/server/media/tiler/index.ts';
import { MediaPasses } from '../../src/server/modules/mediaAccess/mediaPasses.ts';
import { startS3Peer, type S3Peer } from '../support/s3Peer.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { EQUIRECT, fixturesAvailable } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const SECRET = 'object-storage-test-secret-0123456789abcdef';

/**
 * The media routes over object storage (a real S3 peer): a panorama imported through the tiler into the bucket is
 * served tile by tile, streamed or by redirect, and the visitor gate holds either way.
 */
describe.skipIf(!fixturesAvailable())('media served from object storage', () => {
  let peer: S3Peer;
  let db: TestDatabase;
  let queue: TileJobQueue;
  let work: string;
  let storage: S3MediaStorage;
  let streamed: TestApp;
  let redirected: TestApp;
  let open: { buildingId: string; panoramaId: string };
  let gated: { buildingId: string; panoramaId: string };

  beforeAll(async () => {
    peer = await startS3Peer();
    db = await createTestDatabase('sqlite');
    queue = createTileJobQueue();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-s3-media-'));
    storage = new S3MediaStorage(peer.config(), path.join(work, 'staging'));
    const deps: ImportDeps = { database: db.handle, storage, tile: (i, o, opts) => queue.run(i, o, opts) };
    const photo = path.join(work, 'hall.jpg');
    await sharp(EQUIRECT).resize(2048, 1024).jpeg({ quality: 85 }).toFile(photo);
    const first = await importTour(deps, photo, { name: 'Open house' });
    const second = await importTour(deps, photo, { name: 'Gated house' });
    open = { buildingId: first.buildingId, panoramaId: first.panoramaIds[0]! };
    gated = { buildingId: second.buildingId, panoramaId: second.panoramaIds[0]! };
    await createRepositories(db.handle.db).buildings.update(gated.buildingId, { requireVisitorData: 1 });
    streamed = await createTestApp(db.handle, { storage, secret: SECRET });
    const redirecting = new S3MediaStorage(peer.config({ serve: 'redirect' }), path.join(work, 'staging'));
    redirected = await createTestApp(db.handle, { storage: redirecting, secret: SECRET });
  }, 120_000);
  afterAll(async () => {
    await streamed?.cleanup();
    await redirected?.cleanup();
    await queue?.close();
    storage?.close();
    await db?.drop();
    await peer?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const panoramaOf = async (panoramaId: string) => (await createRepositories(db.handle.db).panoramas.findById(panoramaId))!;
  const bytesOf = async (relative: string) => Buffer.concat((await (await storage.read(relative))!.body.toArray()) as Buffer[]);

  it('the import wrote the tile set, its raw copy and nothing on local disk but the staging it cleaned', async () => {
    const row = await panoramaOf(open.panoramaId);
    const manifest = TileManifestSchema.parse(JSON.parse((await bytesOf(row.cubemapUrl!.slice('/media/'.length))).toString('utf8')));
    expect(manifest.levels.length).toBeGreaterThan(0);
    expect(await storage.stat(row.rawUrl!.slice('/media/'.length))).not.toBeNull();
    expect(fs.readdirSync(path.join(work, 'staging'))).toEqual([]);
  });

  it('streams tiles with their type and caching, answers ranges and revalidations, refuses what no row publishes', async () => {
    const row = await panoramaOf(open.panoramaId);
    const manifest = TileManifestSchema.parse((await streamed.app.inject({ url: row.cubemapUrl! })).json());
    const level = manifest.levels[0]!;
    const tileUrl = `${row.cubemapFilePath}/${manifest.tileUrl.replace('{level}', String(level.index)).replace('{face}', 'f').replace('{y}', '0').replace('{x}', '0')}`;
    const tile = await streamed.app.inject({ url: tileUrl });
    expect(tile.statusCode, tileUrl).toBe(200);
    expect(tile.headers['content-type']).toBe('image/jpeg');
    expect(tile.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(tile.rawPayload.equals(await bytesOf(tileUrl.slice('/media/'.length)))).toBe(true);
    const etag = String(tile.headers.etag);
    expect((await streamed.app.inject({ url: tileUrl, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    // HEAD: the headers of the whole object (a Range is for GET only), no body, and only a HeadObject to the bucket.
    const fetches = vi.spyOn(storage, 'fetch');
    const head = await streamed.app.inject({ method: 'HEAD', url: tileUrl, headers: { range: 'bytes=0-9' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(tile.rawPayload.length));
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
    expect(fetches.mock.calls.map(([, conditions]) => conditions.head)).toEqual([true]);
    fetches.mockRestore();
    const part = await streamed.app.inject({ url: row.rawUrl!, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect((await streamed.app.inject({ url: `${row.cubemapFilePath}/tiles/9/f/99_99.jpg` })).statusCode).toBe(404);
    expect((await streamed.app.inject({ url: `/media/panoramas/${open.panoramaId}/unpublished/manifest.json` })).statusCode).toBe(404);
  });

  it('keeps a gated tour\'s media behind its gate: refused without a pass, served privately with one', async () => {
    const row = await panoramaOf(gated.panoramaId);
    expect((await streamed.app.inject({ url: row.cubemapUrl! })).statusCode).toBe(404);
    expect((await streamed.app.inject({ url: row.thumbnail! })).statusCode).toBe(404);
    const pass = new MediaPasses(SECRET).issue(gated.buildingId);
    const withPass = await streamed.app.inject({ url: row.cubemapUrl!.replace('/media/', `/media/pass/${pass}/`) });
    expect(withPass.statusCode).toBe(200);
    expect(withPass.headers['cache-control']).toMatch(/^private, max-age=\d+/);
  });

  it('redirects to a presigned URL that serves the same bytes, and gives no link to whoever the gate refuses', async () => {
    const row = await panoramaOf(open.panoramaId);
    const answer = await redirected.app.inject({ url: row.thumbnail! });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
    const location = String(answer.headers.location);
    expect(location.startsWith(`${peer.endpoint}/${peer.bucket}/`)).toBe(true);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(await bytesOf(row.thumbnail!.slice('/media/'.length)))).toBe(true);
    expect((await redirected.app.inject({ url: `${row.cubemapFilePath}/tiles/9/f/99_99.jpg` })).statusCode).toBe(404);

    const closed = await panoramaOf(gated.panoramaId);
    const refused = await redirected.app.inject({ url: closed.thumbnail! });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers.location).toBeUndefined();
    const pass = new MediaPasses(SECRET).issue(gated.buildingId);
    const admitted = await redirected.app.inject({ url: closed.thumbnail!.replace('/media/', `/media/pass/${pass}/`) });
    expect(admitted.statusCode).toBe(302);
    expect(admitted.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    // The link cannot be revoked: it and the redirect last 10 minutes at most, however long the pass has left.
    expect(Number(/max-age=(\d+)/.exec(String(admitted.headers['cache-control']))![1])).toBeLessThanOrEqual(600);
    expect(Number(new URL(String(admitted.headers.location)).searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(600);
    expect((await fetch(String(admitted.headers.location))).status).toBe(200);
  });

  it('the orphan sweep removes from the bucket what no row publishes (a killed upload), never what a row names', async () => {
    const leftover = path.join(work, 'leftover.jpg');
    fs.writeFileSync(leftover, 'tile of an upload that never finished');
    await storage.copyAtomically(leftover, `panoramas/${open.panoramaId}/killed/tiles/0/f/0_0.jpg`);
    await storage.copyAtomically(leftover, 'panoramas/pGone/v1/manifest.json');
    const row = await panoramaOf(open.panoramaId);
    const kept = await storage.bytesUnder(row.cubemapFilePath!.slice('/media/'.length));
    const report = await sweepOrphanMedia(db.handle.db, storage, { graceMs: 0 });
    expect(report.removed.sort()).toEqual([`panoramas/${open.panoramaId}/killed`, 'panoramas/pGone/v1'].sort());
    expect(await storage.bytesUnder('panoramas/pGone')).toBe(0);
    expect(await storage.bytesUnder(row.cubemapFilePath!.slice('/media/'.length))).toBe(kept);
    expect(await storage.stat(row.rawUrl!.slice('/media/'.length))).not.toBeNull();
  });
});
