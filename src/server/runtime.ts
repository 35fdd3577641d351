import path from 'node:path';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.ts';
import { openMediaStorage } from './media/openMediaStorage.ts';
import { createTileJobQueue } from './media/tiler/index.ts';
import { sweepOrphanMedia, type SweepReport } from './media/orphanSweep.ts';
import { panoramasInTiling } from './modules/studio/sharedTilingJobs.ts';
import type { ImportDeps } from './import/importTour.ts';
import { redisKeys } from './redisKeys.ts';

/** What the server and the CLI both need: a migrated database, media storage and the tiler. */
export interface Runtime extends ImportDeps {
  /** What the start-up sweep removed: leftovers of tilings and imports killed before they finished. */
  swept: SweepReport;
  close(): Promise<void>;
}

export async function openRuntime(config: Config): Promise<Runtime> {
  const database: DatabaseHandle = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'atrium.sqlite') });
  await migrateToLatest(database.db);
  const storage = openMediaStorage(config);
  // With a shared queue, uploads may wait for a worker longer than the sweep's grace: their sources stay.
  const inTiling = config.redisUrl ? await panoramasInTiling(config.redisUrl, config.tileQueue.name, redisKeys(config.redisPrefix, config.tileQueue.name)) : undefined;
  const swept = await sweepOrphanMedia(database.db, storage, { inTiling });
  const tiles = createTileJobQueue({ concurrency: config.tileConcurrency });
  return {
    database,
    storage,
    swept,
    tile: (input, outDir, opts) => tiles.run(input, outDir, { onProgress: opts?.onProgress }, opts?.account),
    close: async () => {
      await tiles.close();
      await database.close();
      storage.close?.();
    },
  };
}
