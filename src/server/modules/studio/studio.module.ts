import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Repositories } from '../../db/repositories.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import { createTileJobQueue } from '../../media/tiler/index.ts';
import type { TileFn } from '../../import/importTour.ts';
import { studioRoutes, type StudioServices } from './studio.routes.ts';
import { StudioPanoramasService } from './studioPanoramas.service.ts';
import { StudioPropertiesService } from './studioProperties.service.ts';
import { StudioToursService } from './studioTours.service.ts';
import { QuotaService, type QuotaLimits } from './quotas.ts';
import { DEFAULT_TILING_CONFIG, openStudioTiling, type StudioTilingConfig } from './studioTiling.ts';

const NO_QUOTAS: QuotaLimits = { tours: null, panoramas: null, storageBytes: null };

export interface StudioModuleDeps {
  db: Db;
  repos: Repositories;
  /** The runtime's media storage (local disk or object storage). */
  storage: MediaStorage;
  /** The runtime's tiler (main.ts); without it (tests) the studio makes its own queue. */
  tile?: TileFn;
  /** Per-account limits (config QUOTA_*); none when absent. */
  quotas?: QuotaLimits;
  /** Where tiling jobs run and how progress travels (config ROLE, REDIS_URL, REDIS_PREFIX, TILE_*); all in this process when absent. */
  tiling?: StudioTilingConfig;
}

/** Wires the studio's services and registers its routes; tiling jobs are awaited when the app closes. */
export async function registerStudio(app: FastifyInstance, deps: StudioModuleDeps): Promise<StudioServices> {
  const storage = deps.storage;
  let tile = deps.tile;
  const ownQueue = tile ? undefined : createTileJobQueue();
  if (ownQueue) tile = (input, outDir, opts) => ownQueue.run(input, outDir, { onProgress: opts?.onProgress }, opts?.account);
  const limits = deps.quotas ?? NO_QUOTAS;
  const tiling = await openStudioTiling({
    db: deps.db, repos: deps.repos, storage, tile: tile!, config: deps.tiling ?? DEFAULT_TILING_CONFIG, quotaLimits: limits,
    onError: (err) => app.log.warn({ err }, 'tiling queue: Redis error'),
  });
  // The jobs stop (a worker finishes its running ones) before the tiler they use.
  app.addHook('onClose', async () => {
    await tiling.close();
    await ownQueue?.close();
  });
  const { studio, bus } = tiling;
  const quotas = new QuotaService(studio, storage, bus, limits);
  const tours = new StudioToursService(deps.repos, studio, storage, bus, quotas);
  const panoramas = new StudioPanoramasService(deps.repos, studio, { storage, jobs: tiling.jobs, sweep: tiling.sweep }, bus, tours, quotas);
  const properties = new StudioPropertiesService(deps.repos, studio);
  const services: StudioServices = { repos: deps.repos, tours, panoramas, properties, bus };
  await app.register(studioRoutes(services));
  return services;
}
