import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StudioTourSchema, UploadPanoramasResponseSchema } from '../../src/protocol/studio.ts';
import { tileWorkerName } from '../../src/server/modules/studio/sharedTilingJobs.ts';
import { startS3Peer, type S3Peer } from '../support/s3Peer.ts';
import { postgresAvailable } from './support/databases.ts';
import { EQUIRECT, fixturesAvailable } from './support/fixtures.ts';
import { multipartBody } from './support/multipart.ts';
import { redisAvailable, TEST_REDIS_URL } from './support/redis.ts';
import { createProcessDatabase, type ProcessDatabase } from './support/processDatabase.ts';
import { SEED } from './support/seedTour.ts';
import { startServerProcess, type ServerProcess } from './support/serverProcess.ts';
import { dropQueueKeys, readTileJobs } from './support/tileQueue.ts';
import { watchTiling } from './support/tilingEvents.ts';

/** Files under a folder, recursively (what a process kept on its own disk). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * The product on two "machines": two server processes with separate, empty DATA_DIRs, one PostgreSQL database, Redis
 * and an S3-compatible server (s3rver). Two uploads on A run at once while each process tiles one job at a time, so
 * one is tiled by B; the progress of both streams to a client of A. B is killed (SIGKILL) in the middle of its job,
 * which then finishes on A. B comes back and the tour, its tiles read from the bucket, is the same through both. A
 * sign-up limit used up on A holds on B.
 */
describe.skipIf(!fixturesAvailable())('scale-out: two processes, separate disks, PostgreSQL, Redis, object storage', () => {
  let root = '';
  let database: ProcessDatabase | undefined;
  let peer: S3Peer | undefined;
  let ready = false;
  const queueName = `atrium-scaleout-${randomBytes(4).toString('hex')}`;
  const dirs = { a: '', b: '' };
  let clientDir = '';
  let env: Record<string, string> = {};
  let headers: Record<string, string> = {};
  const servers: { a?: ServerProcess; b?: ServerProcess } = {};
  const all: ServerProcess[] = [];

  beforeAll(async () => {
    if (!(await redisAvailable()) || !(await postgresAvailable())) return;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-scale-out-'));
    dirs.a = path.join(root, 'a');
    dirs.b = path.join(root, 'b');
    clientDir = path.join(root, 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    peer = await startS3Peer();
    database = await createProcessDatabase({ label: 'scale', dataDir: dirs.a, postgres: 'required' });
    headers = database.ownerHeaders;
    env = {
      ...database.env, REDIS_URL: TEST_REDIS_URL, S3_URL: peer.url, TILE_QUEUE: queueName, TILE_CONCURRENCY: '1',
      TILE_JOB_LOCK_MS: '2000', TILE_JOB_STALLED_MS: '1000', SERVER_SECRET: randomBytes(24).toString('hex'),
      // The limit the last step uses up; the test's own client address comes through X-Forwarded-For.
      SIGNUP_LIMIT: '3', TRUST_PROXY: '1',
    };
    servers.a = await startServerProcess({ dataDir: dirs.a, clientDir, env });
    servers.b = await startServerProcess({ dataDir: dirs.b, clientDir, env });
    all.push(servers.a, servers.b);
    ready = true;
  }, 180_000);

  afterAll(async () => {
    for (const s of all) s.kill();
    await database?.drop();
    await peer?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
    if (ready) await dropQueueKeys(queueName);
  });

  it('an upload on A is tiled by B with progress on A; B killed mid-job finishes on A; the tour is the same through both; a limit hit on A holds on B', async (ctx) => {
    if (!ready) return ctx.skip();
    const a = servers.a!;
    const photo = fs.readFileSync(EQUIRECT);
    const flopped = await sharp(photo).flop().jpeg({ quality: 90 }).toBuffer();

    // 1. Two uploads on A, progress watched on A.
    const watch = await watchTiling(a.baseUrl, SEED.tour, headers);
    const body = multipartBody([{ filename: 'east.jpg', content: photo }, { filename: 'west.jpg', content: flopped }]);
    const res = await fetch(`${a.baseUrl}/v2/studio/tours/${SEED.tour}/panoramas`, { method: 'POST', headers: { ...headers, ...body.headers }, body: new Uint8Array(body.payload) });
    expect(res.status, await res.clone().text()).toBe(200);
    const ids = UploadPanoramasResponseSchema.parse(await res.json()).results.map((r) => (r.ok ? r.panorama.objectId : ''));
    expect(ids.every(Boolean)).toBe(true);

    // 2. Each process takes one job at a time: both moving at once means one is on B, its progress reaching A's client.
    const moving = (id: string) => watch.latest.get(id)?.status === 'tiling' && (watch.latest.get(id)?.progress ?? 0) > 0;
    await watch.until(() => ids.every(moving) || ids.some((id) => watch.latest.get(id)?.status !== 'tiling'), 'both jobs to move', 90_000);
    expect(ids.every(moving), 'both jobs ran at once, one on each process').toBe(true);
    // The queue itself says so: each job names the process that took it.
    const nameA = tileWorkerName(a.pid);
    const nameB = tileWorkerName(servers.b!.pid);
    const running = await readTileJobs(queueName, ids);
    expect(ids.map((id) => running.get(id)?.processedBy).sort()).toEqual([nameA, nameB].sort());
    const onB = ids.find((id) => running.get(id)?.processedBy === nameB)!;

    // 3. B dies mid-job; A finishes both.
    const killedAt = Date.now();
    servers.b!.kill();
    await watch.until(() => ids.every((id) => watch.latest.get(id)?.status === 'ready'), 'both panoramas ready after the kill', 120_000);
    console.info(`scale-out: B killed mid-job, both panoramas ready on A ${Date.now() - killedAt} ms later (lock 2 s, stalled check 1 s)`);
    watch.close();
    // B's job was found stalled and started again, on A (a late lock renewal on a loaded machine may count one more
    // stall, never fewer); A's own job ended on A.
    const ended = await readTileJobs(queueName, ids);
    expect(ended.get(onB)?.processedBy, 'the job B held').toBe(nameA);
    expect(ended.get(onB)?.stalledCounter).toBeGreaterThanOrEqual(1);
    expect(ended.get(onB)?.attemptsStarted).toBeGreaterThanOrEqual(2);
    expect(ended.get(ids.find((id) => id !== onB)!)?.processedBy, 'the job A held').toBe(nameA);

    // 4. B again, on its own (still empty of media) disk: the tour and its tiles are the same through both.
    servers.b = await startServerProcess({ dataDir: dirs.b, clientDir, env });
    all.push(servers.b);
    const tour = StudioTourSchema.parse(await (await fetch(`${a.baseUrl}/v2/studio/tours/${SEED.tour}`, { headers })).json());
    for (const id of ids) expect(tour.panoramas.filter((p) => p.objectId === id).map((p) => p.status)).toEqual(['ready']);
    const answers = await Promise.all([a, servers.b].map(async (s) => {
      const open = await fetch(`${s.baseUrl}/v2/buildings/openLink/${SEED.tour}`);
      expect(open.status).toBe(200);
      return open.text();
    }));
    expect(answers[1]).toBe(answers[0]);
    for (const id of ids) expect(answers[0]).toContain(id);
    for (const p of tour.panoramas.filter((x) => ids.includes(x.objectId))) {
      const manifest = p.previewUrl!.replace(/preview\.jpg$/, 'manifest.json');
      const bodies = await Promise.all([a, servers.b].map(async (s) => {
        for (const url of [p.previewUrl!, manifest]) expect((await fetch(`${s.baseUrl}${url}`)).status, `${url} through ${s.baseUrl}`).toBe(200);
        return Buffer.from(await (await fetch(`${s.baseUrl}${p.previewUrl!}`)).arrayBuffer());
      }));
      expect(bodies[1]!.equals(bodies[0]!)).toBe(true);
    }
    // Media lives in the bucket only: neither process kept any on its own disk.
    for (const dir of [dirs.a, dirs.b]) expect(filesUnder(path.join(dir, 'media')).filter((f) => f.includes(`${path.sep}panoramas${path.sep}`))).toEqual([]);

    // 5. Sign-ups from one address: the limit used up on A holds on B.
    const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const signUp = (s: ServerProcess) => fetch(`${s.baseUrl}/v2/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', agreeTerms: true, email: `scale-${randomBytes(4).toString('hex')}@example.test`, password: 'harbour42house' }),
    });
    for (let i = 0; i < 3; i++) expect((await signUp(a)).status).toBe(200);
    const refused = await signUp(servers.b);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('RATE_LIMITED');
  }, 420_000);
});
