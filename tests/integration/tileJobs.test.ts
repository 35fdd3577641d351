import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StudioTourSchema, UploadPanoramasResponseSchema, type StudioPanorama } from '../../src/protocol/studio.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import type { TileFn } from '../../src/server/import/importTour.ts';
import { LocalMediaStorage } from '../../src/server/media/localMediaStorage.ts';
import { createTileJobQueue } from '../../src/server/media/tiler/index.ts';
import { runTilingJob, type TilingJob } from '../../src/server/modules/studio/panoramaTiling.ts';
import { tileWorkerName } from '../../src/server/modules/studio/sharedTilingJobs.ts';
import { openStudioTiling, type StudioTiling } from '../../src/server/modules/studio/studioTiling.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { EQUIRECT, fixturesAvailable } from './support/fixtures.ts';
import { multipartBody } from './support/multipart.ts';
import { redisAvailable, TEST_REDIS_URL } from './support/redis.ts';
import { createProcessDatabase, type ProcessDatabase } from './support/processDatabase.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { startServerProcess, type ServerProcess } from './support/serverProcess.ts';
import { dropQueueKeys, readTileJobs } from './support/tileQueue.ts';
import { watchTiling } from './support/tilingEvents.ts';

const NO_QUOTAS = { tours: null, panoramas: null, storageBytes: null };

const pendingPanorama = (objectId: string, fileName: string): StudioPanorama => ({
  objectId, index: 10, name: fileName, category: 'others', customCategory: null, status: 'tiling', progress: 0, error: null, fileName,
  thumbnail: null, previewUrl: null, desktopUrl: null, position: null, initialView: null,
});

/**
 * Two participants of the shared tile queue in this test process, over one database, one media folder and Redis: a
 * web-only participant enqueues, a worker tiles, and the web side hears the progress and the result through the bus.
 */
describe('tiling jobs on the shared queue (two participants in one process)', () => {
  let db: TestDatabase | undefined;
  let root = '';
  const queueName = `atrium-tiling-test-${randomBytes(4).toString('hex')}`;
  const participants: StudioTiling[] = [];
  let closeTiler: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (!(await redisAvailable())) return;
    db = await createTestDatabase('sqlite');
    await seedTour(db.handle.db);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-tile-jobs-'));
  });
  afterAll(async () => {
    for (const p of participants) await p.close();
    await closeTiler?.();
    await db?.drop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
    if (db) await dropQueueKeys(queueName);
  });

  it('a job enqueued by a web-only process runs on a worker; its progress and result reach the web side once', async (ctx) => {
    if (!db) return ctx.skip();
    const handle = db.handle;
    const repos = createRepositories(handle.db);
    const storage = new LocalMediaStorage(path.join(root, 'media'));
    const tiler = createTileJobQueue();
    closeTiler = () => tiler.close();
    let workerTiled = 0;
    const realTile: TileFn = (input, outDir, opts) => {
      workerTiled++;
      return tiler.run(input, outDir, { onProgress: opts?.onProgress }, opts?.account);
    };
    const neverTile: TileFn = () => Promise.reject(new Error('a web-only process must never tile'));
    const config = { redisUrl: TEST_REDIS_URL, concurrency: 1, queue: { name: queueName, lockMs: 5000, stalledMs: 2000 } };
    const web = await openStudioTiling({ db: handle.db, repos, storage, tile: neverTile, config: { ...config, role: 'web' }, quotaLimits: NO_QUOTAS });
    participants.push(web);
    const heard: StudioPanorama[] = [];
    web.bus.subscribe(SEED.tour, (p) => heard.push(p));
    const worker = await openStudioTiling({ db: handle.db, repos, storage, tile: realTile, config: { ...config, role: 'worker' }, quotaLimits: NO_QUOTAS });
    participants.push(worker);

    // A small equirect of noise: enough to tile in a second or two.
    const source = path.join(root, 'source.jpg');
    await sharp({ create: { width: 2048, height: 1024, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 80 }).toFile(source);
    const id = `pano${randomBytes(4).toString('hex')}`;
    const job: TilingJob = { buildingId: SEED.tour, headquarterId: SEED.hq, pending: pendingPanorama(id, 'noise.jpg'), sourceRel: `panoramas/${id}/raw-v1.jpg`, version: 'v1' };
    await storage.copyAtomically(source, job.sourceRel);
    await web.bus.publish(SEED.tour, job.pending);
    await web.jobs.enqueue(job);
    // The same panorama queued again is the same job, not a second one.
    await web.jobs.enqueue(job);

    const deadline = Date.now() + 60_000;
    while (!heard.some((p) => p.objectId === id && p.status !== 'tiling') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const mine = heard.filter((p) => p.objectId === id);
    expect(mine.at(-1)?.status, JSON.stringify(mine.at(-1))).toBe('ready');
    const progress = mine.filter((p) => p.status === 'tiling' && p.progress > 0).map((p) => p.progress);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(workerTiled).toBe(1);
    // Both participants see the same pending list: the panorama left it when it became a row.
    expect(await web.bus.pendingOf(SEED.tour)).toEqual([]);
    expect(await worker.bus.pendingOf(SEED.tour)).toEqual([]);
    const row = await repos.panoramas.findById(id);
    expect(row?.cubemapUrl).toBe(`/media/panoramas/${id}/v1/manifest.json`);
    expect(fs.existsSync(storage.abs(`panoramas/${id}/v1/manifest.json`))).toBe(true);

    // Run again (as a retry after a lost process would): nothing is tiled or written twice, the result stands.
    expect(await runTilingJob({ repos, studio: worker.studio, storage, tile: neverTile, bus: worker.bus, quotas: worker.quotas, sweep: worker.sweep }, job)).toBe('ready');
    const rows = await handle.db.selectFrom('panoramas').select('id').where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
  }, 120_000);
});

/**
 * Two server processes on one database, one DATA_DIR and Redis: A serves and tiles (one job at a time), B only tiles.
 * Two uploads on A run at once, so one is on B; its progress streams to a client of A. B is killed (SIGKILL) in the
 * middle of its job: after the job's lock runs out, A takes it and finishes it, and each panorama is recorded once.
 */
describe.skipIf(!fixturesAvailable())('tiling jobs across server processes, one of them killed', () => {
  let root = '';
  let database: ProcessDatabase | undefined;
  let ready = false;
  const queueName = `atrium-tiling-test-${randomBytes(4).toString('hex')}`;
  let env: Record<string, string> = {};
  let dataDir = '';
  let clientDir = '';
  let headers: Record<string, string> = {};
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    if (!(await redisAvailable())) return;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-tile-kill-'));
    dataDir = path.join(root, 'data');
    clientDir = path.join(root, 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    database = await createProcessDatabase({ label: 'tiles', dataDir, postgres: 'preferred' });
    headers = database.ownerHeaders;
    env = {
      ...database.env, REDIS_URL: TEST_REDIS_URL, TILE_QUEUE: queueName, TILE_CONCURRENCY: '1', TILE_JOB_LOCK_MS: '2000', TILE_JOB_STALLED_MS: '1000',
      SERVER_SECRET: randomBytes(24).toString('hex'),
    };
    servers.push(await startServerProcess({ dataDir, clientDir, env: { ...env, ROLE: 'both' } }));
    servers.push(await startServerProcess({ dataDir, clientDir, env: { ...env, ROLE: 'worker' } }));
    ready = true;
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) s.kill();
    await database?.drop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
    if (ready) await dropQueueKeys(queueName);
  });

  it('a job of the killed worker finishes on the other process; progress reaches A; each result recorded once', async (ctx) => {
    if (!ready) return ctx.skip();
    const [a, b] = servers as [ServerProcess, ServerProcess];
    // The worker-only process answers its health check and nothing else.
    const health = await fetch(`${b.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', role: 'worker' });
    expect((await fetch(`${b.baseUrl}/v2/buildings/openLink/${SEED.tour}`)).status).toBe(404);
    const photo = fs.readFileSync(EQUIRECT);
    const flopped = await sharp(photo).flop().jpeg({ quality: 90 }).toBuffer();
    const watch = await watchTiling(a.baseUrl, SEED.tour, headers);
    const body = multipartBody([{ filename: 'east.jpg', content: photo }, { filename: 'west.jpg', content: flopped }]);
    const res = await fetch(`${a.baseUrl}/v2/studio/tours/${SEED.tour}/panoramas`, { method: 'POST', headers: { ...headers, ...body.headers }, body: new Uint8Array(body.payload) });
    expect(res.status, await res.clone().text()).toBe(200);
    const ids = UploadPanoramasResponseSchema.parse(await res.json()).results.map((r) => (r.ok ? r.panorama.objectId : ''));
    expect(ids.every(Boolean)).toBe(true);

    // A takes one job at a time: both moving at once means one of them is on B. Kill B there.
    const moving = (id: string) => watch.latest.get(id)?.status === 'tiling' && (watch.latest.get(id)?.progress ?? 0) > 0;
    await watch.until(() => ids.every(moving) || ids.some((id) => watch.latest.get(id)?.status !== 'tiling'), 'both jobs to move', 90_000);
    expect(ids.every(moving), 'both jobs were running at once, one on each process').toBe(true);
    const running = await readTileJobs(queueName, ids);
    expect(ids.map((id) => running.get(id)?.processedBy).sort()).toEqual([tileWorkerName(a.pid), tileWorkerName(b.pid)].sort());
    const onB = ids.find((id) => running.get(id)?.processedBy === tileWorkerName(b.pid))!;
    const killedAt = Date.now();
    b.kill();
    await watch.until(() => ids.every((id) => watch.latest.get(id)?.status === 'ready'), 'both panoramas ready after the kill', 120_000);
    console.info(`tile jobs: worker killed mid-job; both panoramas ready ${Date.now() - killedAt} ms later (lock 2 s, stalled check 1 s)`);
    watch.close();
    // The killed worker's job was found stalled and run again on A (at least once more: a lock renewal that comes
    // late on a loaded machine may count one more stall, never fewer); A's own job ended on A.
    const ended = await readTileJobs(queueName, ids);
    expect(ended.get(onB)?.processedBy).toBe(tileWorkerName(a.pid));
    expect(ended.get(onB)?.stalledCounter).toBeGreaterThanOrEqual(1);
    expect(ended.get(onB)?.attemptsStarted).toBeGreaterThanOrEqual(2);
    expect(ended.get(ids.find((id) => id !== onB)!)?.processedBy).toBe(tileWorkerName(a.pid));

    // The studio on A (and so every process: rows are in the database) lists each panorama once, ready.
    const tour = StudioTourSchema.parse(await (await fetch(`${a.baseUrl}/v2/studio/tours/${SEED.tour}`, { headers })).json());
    for (const id of ids) expect(tour.panoramas.filter((p) => p.objectId === id).map((p) => p.status)).toEqual(['ready']);
    // And the visitor's tour shows them, their tiles served.
    const manifestUrl = tour.panoramas.find((p) => p.objectId === ids[0])!.previewUrl!;
    expect((await fetch(`${a.baseUrl}${manifestUrl}`)).status).toBe(200);
  }, 300_000);
});
