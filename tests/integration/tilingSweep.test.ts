import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioPanorama } from '../../src/protocol/studio.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { LocalMediaStorage } from '../../src/server/media/localMediaStorage.ts';
import { sweepOrphanMedia } from '../../src/server/media/orphanSweep.ts';
import { panoramasInTiling } from '../../src/server/modules/studio/sharedTilingJobs.ts';
import { openStudioTiling, type StudioTiling } from '../../src/server/modules/studio/studioTiling.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { redisAvailable, TEST_REDIS_URL } from './support/redis.ts';
import { SEED, seedTour } from './support/seedTour.ts';

const HOUR = 3600_000;
const NO_QUOTAS = { tours: null, panoramas: null, storageBytes: null };

async function dropQueueKeys(name: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  for (const pattern of [`bull:${name}:*`, `${name}:*`]) {
    const keys = await redis.keys(pattern);
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
}

const pendingPanorama = (objectId: string): StudioPanorama => ({
  objectId, index: 10, name: objectId, category: 'others', customCategory: null, status: 'tiling', progress: 0, error: null, fileName: `${objectId}.jpg`,
  thumbnail: null, previewUrl: null, desktopUrl: null, position: null, initialView: null,
});

/** The start-up sweep against uploads that wait on the shared queue longer than its grace (no worker running). */
describe('start-up sweep and the shared tiling queue', () => {
  let db: TestDatabase | undefined;
  let root = '';
  let web: StudioTiling | undefined;
  const queueName = `atrium-sweep-test-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    if (!(await redisAvailable())) return;
    db = await createTestDatabase('sqlite');
    await seedTour(db.handle.db);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-tiling-sweep-'));
  });
  afterAll(async () => {
    await web?.close();
    await db?.drop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
    if (db) await dropQueueKeys(queueName);
  });

  it('keeps the sources of queued and just-published panoramas, removes a failed one\'s', async (ctx) => {
    if (!db) return ctx.skip();
    const storage = new LocalMediaStorage(path.join(root, 'media'));
    web = await openStudioTiling({
      db: db.handle.db, repos: createRepositories(db.handle.db), storage, tile: () => Promise.reject(new Error('web-only')),
      config: { redisUrl: TEST_REDIS_URL, role: 'web', concurrency: 1, queue: { name: queueName, lockMs: 5000, stalledMs: 2000 } }, quotaLimits: NO_QUOTAS,
    });
    const source = path.join(root, 'src.jpg');
    fs.writeFileSync(source, 'jpeg');
    const stage = async (id: string) => {
      await storage.copyAtomically(source, `panoramas/${id}/raw-v1.jpg`);
      await web!.bus.publish(SEED.tour, pendingPanorama(id));
    };
    // Queued: published on the bus and waiting in BullMQ.
    await stage('queued');
    await web.jobs.enqueue({ buildingId: SEED.tour, headquarterId: SEED.hq, pending: pendingPanorama('queued'), sourceRel: 'panoramas/queued/raw-v1.jpg', version: 'v1' });
    // Published, its job not yet queued.
    await stage('published');
    // Failed: its source is an orphan.
    await stage('failed');
    await web.bus.publish(SEED.tour, { ...pendingPanorama('failed'), status: 'failed', error: 'no' });

    const inTiling = await panoramasInTiling(TEST_REDIS_URL, queueName);
    expect([...inTiling].sort()).toEqual(['published', 'queued']);
    const { removed } = await sweepOrphanMedia(db.handle.db, storage, { now: Date.now() + 2 * HOUR, inTiling });
    expect(removed).toContain('panoramas/failed/raw-v1.jpg');
    expect(fs.existsSync(storage.abs('panoramas/queued/raw-v1.jpg'))).toBe(true);
    expect(fs.existsSync(storage.abs('panoramas/published/raw-v1.jpg'))).toBe(true);
  });

  it('a panorama announced as tiling whose job never reached the queue shows failed after a while, not tiling forever', async (ctx) => {
    if (!db || !web) return ctx.skip();
    const redis = new Redis(TEST_REDIS_URL);
    const old = Date.now() - 3 * HOUR;
    // Its process was killed between announcing the upload and queueing the job: no BullMQ job, unchanged for hours.
    await redis.hset(`${queueName}:pending:${SEED.tour}`, 'lost', JSON.stringify({ ...pendingPanorama('lost'), writtenAt: old }));
    // A queued one that old (waiting for a worker) stays tiling.
    await redis.hset(`${queueName}:pending:${SEED.tour}`, 'queued', JSON.stringify({ ...pendingPanorama('queued'), writtenAt: old }));
    await redis.quit();
    const byId = new Map((await web.bus.pendingOf(SEED.tour)).map((p) => [p.objectId, p.status]));
    expect(byId.get('lost')).toBe('failed');
    expect(byId.get('queued')).toBe('tiling');
    expect(await web.bus.dismiss(SEED.tour, 'lost')).toBe(true);
  });
});
