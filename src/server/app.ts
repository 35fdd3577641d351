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
import { guardOwnerRoutes } from './modules/access/routeGuard.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { registerStudio } from './modules/studio/studio.module.ts';
import type { MediaStorage } from './media/mediaStorage.ts';
import type { TileFn } from './import/importTour.ts';
import { studioMarkersRoutes } from './modules/studioMarkers/studioMarkers.routes.ts';
import type { Mailer } from './mail/mailer.ts';
import { memoryMailer } from './mail/memoryMailer.ts';
import { VisitorService } from './modules/visitor/visitor.service.ts';
import { visitorRoutes } from './modules/visitor/visitor.routes.ts';
import { AnalyticsRepository } from './modules/analytics/analytics.repository.ts';
import { AnalyticsService } from './modules/analytics/analytics.service.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';

export interface AppDeps {
  /** redisUrl: realtime rooms shared across server processes (optional: tests and one-process installs go without). */
  config: Pick<Config, 'mediaDir' | 'clientDir' | 'logLevel'> & Partial<Pick<Config, 'redisUrl' | 'publicUrl'>>;
  database: DatabaseHandle;
  /** Where the visitor gate's emails go (src/server/mail); without one they are kept in memory and never delivered. */
  mailer?: Mailer;
  /** Milliseconds since the epoch for expiring access codes; tests move it. */
  clock?: () => number;
  /** The runtime's media storage and tiler, for the studio's uploads (without them it makes its own over mediaDir). */
  storage?: MediaStorage;
  tile?: TileFn;
  /** Tests pass false to keep output quiet. */
  logger?: FastifyServerOptions['logger'];
  /** Tests see every route as it is registered (the owner-route sweep checks each one's authorisation). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
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
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
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
  guardOwnerRoutes(app, repos, deps.database.db);
  const auth = new AuthService(repos);
  await app.register(authRoutes(auth));
  await app.register(visitorRoutes(new VisitorService(repos, auth, deps.mailer ?? memoryMailer(), {
    publicUrl: deps.config.publicUrl ?? 'http://localhost:8080',
    clock: deps.clock ?? Date.now,
    onMailError: (error) => app.log.error({ err: error }, 'visitor gate: the access-code email could not be sent'),
  })));

  const buildings = new BuildingsService(repos);
  await app.register(buildingsRoutes(buildings));
  await app.register(propertiesRoutes(new PropertiesService(repos)));
  await app.register(headquartersRoutes(repos));
  await app.register(panoramasRoutes(repos));
  await registerStudio(app, { db: deps.database.db, repos, mediaDir: deps.config.mediaDir, storage: deps.storage, tile: deps.tile });
  await app.register(studioMarkersRoutes({ repos, db: deps.database.db, mediaDir: deps.config.mediaDir }));
  await app.register(analyticsRoutes(new AnalyticsService(new AnalyticsRepository(deps.database.db)), repos));
  await registerMedia(app, deps.config.mediaDir);
  attachRealtime(app, { db: deps.database.db, redisUrl: deps.config.redisUrl, resolveUser: sessionUserResolver(repos) });
  await registerClient(app, deps.config.clientDir, viewerBootstrap(buildings));
  return app;
}
