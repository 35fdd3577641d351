import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import { createRepositories } from './db/repositories.ts';
import { openStudioTiling, type StudioTiling } from './modules/studio/studioTiling.ts';
import type { Runtime } from './runtime.ts';

export interface TileWorker {
  /** Answers GET /healthz only: a worker serves no site. */
  health: FastifyInstance;
  close(): Promise<void>;
}

/**
 * ROLE=worker: takes tiling jobs from the shared queue (REDIS_URL) and serves nothing but /healthz, for an
 * orchestrator's liveness check. Its progress and results reach the studio through the shared bus and the database.
 * It must reach the same media storage as the web processes (the same DATA_DIR with local storage).
 */
export async function startTileWorker(config: Config, runtime: Runtime): Promise<TileWorker> {
  // Created first: its logger is where queue and Redis errors of this process go (nothing else would show them).
  const health = Fastify({ logger: { level: config.logLevel } });
  const tiling: StudioTiling = await openStudioTiling({
    db: runtime.database.db, repos: createRepositories(runtime.database.db), storage: runtime.storage, tile: runtime.tile,
    config: { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, role: 'worker', concurrency: config.tileConcurrency, queue: config.tileQueue },
    quotaLimits: config.quotas,
    onError: (error) => health.log.error({ err: error }, 'tiling queue'),
  });
  const started = Date.now();
  health.get('/healthz', async () => {
    await sql`select 1`.execute(runtime.database.db);
    return { status: 'ok', role: 'worker', database: runtime.database.dialect, uptimeSeconds: Math.round((Date.now() - started) / 1000) };
  });
  return {
    health,
    close: async () => {
      await health.close();
      await tiling.close();
    },
  };
}
