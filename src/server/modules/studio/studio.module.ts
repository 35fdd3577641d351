import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Repositories } from '../../db/repositories.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import { sweepOrphanMedia } from '../../media/orphanSweep.ts';
import { createTileJobQueue } from '../../media/tiler/index.ts';
import type { TileFn } from '../../import/importTour.ts';
import { StudioRepository } from './studio.repository.ts';
import { studioRoutes, type StudioServices } from './studio.routes.ts';
import { StudioPanoramasService } from './studioPanoramas.service.ts';
import { StudioPropertiesService } from './studioProperties.service.ts';
import { StudioToursService } from './studioTours.service.ts';
import { QuotaService, type QuotaLimits } from './quotas.ts';
import { TilingBus } from './tilingBus.ts';

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
}

/** Wires the studio's services and registers its routes; tiling jobs are awaited when the app closes. */
export async function registerStudio(app: FastifyInstance, deps: StudioModuleDeps): Promise<StudioServices> {
  const storage = deps.storage;
  let tile = deps.tile;
  if (!tile) {
    const queue = createTileJobQueue();
    tile = (input, outDir, opts) => queue.run(input, outDir, { onProgress: opts?.onProgress }, opts?.account);
    app.addHook('onClose', () => queue.close());
  }
  const studio = new StudioRepository(deps.db);
  const bus = new TilingBus();
  const quotas = new QuotaService(studio, storage, bus, deps.quotas ?? NO_QUOTAS);
  const tours = new StudioToursService(deps.repos, studio, storage, bus, quotas);
  const panoramas = new StudioPanoramasService(deps.repos, studio, {
    storage, tile, sweep: (panoramaIds) => sweepOrphanMedia(deps.db, storage, { panoramaIds, graceMs: 0 }),
  }, bus, tours, quotas);
  const properties = new StudioPropertiesService(deps.repos, studio);
  const services: StudioServices = { repos: deps.repos, tours, panoramas, properties, bus };
  await app.register(studioRoutes(services));
  return services;
}
