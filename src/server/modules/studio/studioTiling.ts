import type { Db } from '../../db/database.ts';
import type { Repositories } from '../../db/repositories.ts';
import type { TileFn } from '../../import/importTour.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import { ORPHAN_GRACE_MS, sweepOrphanMedia } from '../../media/orphanSweep.ts';
import { failTilingJob, runTilingJob, type PanoramaTilingDeps } from './panoramaTiling.ts';
import { QuotaService, type QuotaLimits } from './quotas.ts';
import { RedisTilingBus } from './redisTilingBus.ts';
import { sharedTilingJobs } from './sharedTilingJobs.ts';
import { StudioRepository } from './studio.repository.ts';
import { LocalTilingBus, RowAwareTilingBus, type TilingBus } from './tilingBus.ts';
import { inProcessTilingJobs, type TilingJobs } from './tilingJobs.ts';
import { DEFAULT_TILE_QUEUE, redisKeys } from '../../redisKeys.ts';

export interface StudioTilingConfig {
  /** With Redis, jobs go on the shared queue and progress on the shared bus; without it, all stays in this process. */
  redisUrl?: string | undefined;
  /** The installation's namespace in that Redis (REDIS_PREFIX); the queue's name is a name inside it. */
  redisPrefix?: string | undefined;
  role: 'web' | 'worker' | 'both';
  queue: { name: string; lockMs: number; stalledMs: number };
  concurrency: number;
}

export const DEFAULT_TILING_CONFIG: StudioTilingConfig = {
  role: 'both', concurrency: 1, queue: { name: DEFAULT_TILE_QUEUE, lockMs: 30_000, stalledMs: 30_000 },
};

export interface StudioTiling {
  bus: TilingBus;
  jobs: TilingJobs;
  quotas: QuotaService;
  studio: StudioRepository;
  /** The sweep after a failed job: what no row references under these panoramas' folders. */
  sweep: PanoramaTilingDeps['sweep'];
  close(): Promise<void>;
}

/**
 * The studio's tiling, as the web routes and a worker-only process both need it: the bus that carries pending
 * panoramas and progress, and where jobs run. Without Redis: an in-process bus and jobs run here. With Redis: the
 * bus in Redis and BullMQ's queue; this process takes jobs unless it is web-only.
 */
export async function openStudioTiling(input: {
  db: Db; repos: Repositories; storage: MediaStorage; tile: TileFn; config: StudioTilingConfig; quotaLimits: QuotaLimits;
  onError?: (error: Error) => void;
}): Promise<StudioTiling> {
  const { db, repos, storage, tile, config } = input;
  const studio = new StudioRepository(db);
  const rowsAmong = async (ids: string[]) => new Set((await db.selectFrom('panoramas').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  const keys = redisKeys(config.redisPrefix, config.queue.name);
  const shared = config.redisUrl ? RedisTilingBus.connect(config.redisUrl, { bus: keys.tilingBus, jobs: `${keys.tileJobs}:${config.queue.name}` }) : undefined;
  const bus: TilingBus = new RowAwareTilingBus(shared ?? new LocalTilingBus(), rowsAmong);
  const quotas = new QuotaService(studio, storage, bus, input.quotaLimits);
  // On a shared queue a failed or given-up job may still be running elsewhere (delivery is at least once, every worker
  // hears a give-up): its folders keep the usual grace and the start-up sweep takes them later. In one process the
  // job that failed was the only run.
  const sweep = (panoramaIds: string[]) => sweepOrphanMedia(db, storage, { panoramaIds, graceMs: config.redisUrl ? ORPHAN_GRACE_MS : 0 });
  const deps: PanoramaTilingDeps = { repos, studio, storage, tile, bus, quotas, sweep, onError: input.onError };
  const run = (job: Parameters<typeof runTilingJob>[1]) => runTilingJob(deps, job);
  let jobs: TilingJobs;
  try {
    jobs = config.redisUrl
      ? await sharedTilingJobs({
        redisUrl: config.redisUrl,
        queueName: config.queue.name,
        keyPrefix: keys.tileJobs,
        onError: input.onError,
        work: config.role === 'web' ? undefined : {
          run, gaveUp: (job, reason) => failTilingJob(deps, job, new Error(reason)),
          concurrency: config.concurrency, lockMs: config.queue.lockMs, stalledMs: config.queue.stalledMs,
        },
      })
      : inProcessTilingJobs(run);
  } catch (error) {
    await bus.close();
    throw error;
  }
  return {
    bus, jobs, quotas, studio, sweep,
    close: async () => {
      await jobs.close();
      await bus.close();
    },
  };
}
