import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createRepositories } from './db/repositories.ts';
import { registerErrorHandler } from './http/errorHandler.ts';
import { registerClient, registerMedia } from './http/staticRoutes.ts';
import { viewerBootstrap } from './http/viewerBootstrap.ts';
import { HealthResponseSchema } from '../protocol/readApi.ts';
import { BuildingsService } from './modules/buildings/buildings.service.ts';
import { buildingsRoutes } from './modules/buildings/buildings.routes.ts';
import { PropertiesService } from './modules/properties/properties.service.ts';
import { propertiesRoutes } from './modules/properties/properties.routes.ts';
import { headquartersRoutes } from './modules/headquarters/headquarters.routes.ts';
import { panoramasRoutes } from './modules/panoramas/panoramas.routes.ts';
import { attachRealtime } from './realtime/realtimeServer.ts';
import { sessionUserResolver } from './realtime/socketIdentity.ts';
import { registerRateLimits } from './http/rateLimits.ts';
import { registerIdentity } from './modules/auth/identity.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';

export interface AppDeps {
  /** redisUrl: realtime rooms shared across server processes (optional: tests and one-process installs go without). */
  config: Pick<Config, 'mediaDir' | 'clientDir' | 'logLevel'> & Partial<Pick<Config, 'redisUrl'>>;
  database: DatabaseHandle;
  /** Tests pass false to keep output quiet. */
  logger?: FastifyServerOptions['logger'];
}

/** Builds the HTTP app without listening: main.ts listens, tests use app.inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // JSON answers are compressed; images are already compressed and are left alone by the content-type check.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const repos = createRepositories(deps.database.db);
  const started = Date.now();
  app.get('/healthz', { schema: { response: { 200: HealthResponseSchema } } }, async () => {
    await sql`select 1`.execute(deps.database.db);
    return { status: 'ok' as const, database: deps.database.dialect, uptimeSeconds: Math.round((Date.now() - started) / 1000) };
  });

  await registerRateLimits(app);
  registerIdentity(app, repos);
  const auth = new AuthService(repos);
  await app.register(authRoutes(auth));

  const buildings = new BuildingsService(repos);
  await app.register(buildingsRoutes(buildings));
  await app.register(propertiesRoutes(new PropertiesService(repos)));
  await app.register(headquartersRoutes(repos));
  await app.register(panoramasRoutes(repos));
  await registerMedia(app, deps.config.mediaDir);
  attachRealtime(app, { db: deps.database.db, redisUrl: deps.config.redisUrl, resolveUser: sessionUserResolver(repos) });
  await registerClient(app, deps.config.clientDir, viewerBootstrap(buildings));
  return app;
}
