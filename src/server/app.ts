import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { mapRoutes } from './modules/map/map.routes.ts';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createRepositories } from './db/repositories.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './http/errorHandler.ts';
import { registerClient, registerMedia } from './http/staticRoutes.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { cspReportRoutes } from './http/cspReports.ts';
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
import { Redis } from 'ioredis';
import { trustFunction } from './http/trustProxy.ts';
import { registerIdentity } from './modules/auth/identity.ts';
import { guardOwnerRoutes } from './modules/access/routeGuard.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import type { AttemptStore } from './modules/auth/throttle/attemptStore.ts';
import { RedisAttemptStore } from './modules/auth/throttle/redisAttemptStore.ts';
import { redisKeys } from './redisKeys.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { ownerSettingsRoutes } from './modules/ownerSettings/ownerSettings.routes.ts';
import { OwnerSettingsService } from './modules/ownerSettings/ownerSettings.service.ts';
import { registerStudio } from './modules/studio/studio.module.ts';
import { DEFAULT_TILING_CONFIG } from './modules/studio/studioTiling.ts';
import type { TileFn } from './import/importTour.ts';
import { studioMarkersRoutes } from './modules/studioMarkers/studioMarkers.routes.ts';
import type { Mailer } from './mail/mailer.ts';
import { memoryMailer } from './mail/memoryMailer.ts';
import { VisitorService } from './modules/visitor/visitor.service.ts';
import { visitorRoutes } from './modules/visitor/visitor.routes.ts';
import { AnalyticsRepository } from './modules/analytics/analytics.repository.ts';
import { AnalyticsService } from './modules/analytics/analytics.service.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { registerChat } from './modules/chat/chat.module.ts';
import type { MeetingMedia } from './janus/janusMedia.ts';
import cookie from '@fastify/cookie';
import { MediaPasses } from './modules/mediaAccess/mediaPasses.ts';
import { MediaAccess } from './modules/mediaAccess/mediaAccess.service.ts';
import { MediaAccessRepository } from './modules/mediaAccess/mediaAccess.repository.ts';
import { issueEditorCookies, routeMediaPass } from './modules/mediaAccess/mediaGuard.ts';
import { registerMeetings } from './modules/meetings/meetings.module.ts';
import { registerTourRing } from './modules/tourRing/tourRing.module.ts';
import type { GuidesDirectory } from './modules/tourRing/guidesDirectory.ts';
import { PilotsRepository } from './modules/pilots/pilots.repository.ts';
import { pilotsRoutes } from './modules/pilots/pilots.routes.ts';
import { PilotsService } from './modules/pilots/pilots.service.ts';
import type { MediaStorage } from './media/mediaStorage.ts';
import { LocalMediaStorage } from './media/localMediaStorage.ts';
import { registerFavorites } from './modules/favorites/favorites.module.ts';
import { registerGuides } from './modules/guides/guides.module.ts';
import { ringDirectory } from './modules/guides/ringDirectory.ts';
import { registerBooking } from './modules/booking/booking.module.ts';

import { OrderingRepository } from './modules/ordering/ordering.repository.ts';
import { orderingRoutes } from './modules/ordering/ordering.routes.ts';
import { OrderingService } from './modules/ordering/ordering.service.ts';
import type { OrderingConfig } from './config.ts';
import { ticketsRoutes } from './modules/lounge/tickets.routes.ts';
import { TicketsService } from './modules/lounge/tickets.service.ts';
import { TicketsRepository } from './modules/lounge/tickets.repository.ts';
import { LoungeRepository } from './modules/lounge/lounge.repository.ts';

export interface AppDeps {
  /**
   * redisUrl: realtime rooms, counters and the tile queue shared across server processes (optional: tests and
   * one-process installs go without); redisPrefix: the installation's namespace in that Redis (default: the old keys).
   */
  config: Pick<Config, 'mediaDir' | 'clientDir' | 'logLevel'> & Partial<Pick<Config, 'redisUrl' | 'redisPrefix' | 'publicUrl' | 'trustProxy' | 'signup' | 'meetingHostAbsenceMs' | 'meetingReconnectMs' | 'loungeAvatarLimit' | 'pilotLimitMs' | 'quotas' | 'signupLimit' | 'map' | 'role' | 'tileQueue' | 'tileConcurrency'>>;
  database: DatabaseHandle;
  /** Where the visitor gate's emails go (src/server/mail); without one they are kept in memory and never delivered. */
  mailer?: Mailer;
  /** Milliseconds since the epoch for expiring access codes; tests move it. */
  clock?: () => number;
  /** The runtime's media storage (local disk or object storage) and tiler; without them: local disk under mediaDir, and a tiler of the studio's own. */
  storage?: MediaStorage;
  tile?: TileFn;
  /** Where failed sign-ins are counted; when not given: Redis with redisUrl (shared by the processes), else memory. */
  attemptStore?: AttemptStore;
  /** Tests pass false to keep output quiet. */
  logger?: FastifyServerOptions['logger'];
  /** Janus for meeting media (src/server/janus); without it meetings are off and the viewer hides them. */
  meetingMedia?: MeetingMedia | null;
  /** The wholesale ordering platform (null or absent: ordering is off); tests hand in a fetch or a shorter time-out. */
  ordering?: { config: OrderingConfig | null; fetch?: typeof fetch; timeoutMs?: number };
  /** Signs media passes and the editors' media cookie; every process of one installation needs the same (a random one otherwise). */
  secret?: Buffer | string;
  /** The tour ring's guides (tests hand in their own; the guides repository otherwise). */
  guides?: GuidesDirectory;
  /** Tests see every route as it is registered (the owner-route sweep checks each one's authorisation). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

/** Builds the HTTP app without listening: main.ts listens, tests use app.inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // No proxy is trusted unless TRUST_PROXY says so: otherwise X-Forwarded-For would let a client pick its address.
  const trust = trustFunction(deps.config.trustProxy ?? false);
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: trust,
    // Errors found before routing (bad percent-encoding, a header section over the limit) keep the {code, message} shape.
    frameworkErrors,
    clientErrorHandler,
    // /media/pass/<pass>/<file> is served as /media/<file> once the media guard has checked the pass.
    rewriteUrl: (req) => routeMediaPass(req.url ?? '/'),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  // JSON answers are compressed; images are already compressed and are left alone by the content-type check.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const repos = createRepositories(deps.database.db);
  const storage = deps.storage ?? new LocalMediaStorage(deps.config.mediaDir);
  const started = Date.now();
  app.get('/healthz', { schema: { response: { 200: HealthResponseSchema } } }, async () => {
    await sql`select 1`.execute(deps.database.db);
    return { status: 'ok' as const, database: deps.database.dialect, uptimeSeconds: Math.round((Date.now() - started) / 1000) };
  });

  // With several processes (REDIS_URL) attempt limits are counted in Redis: a second process is no second budget.
  // The keys are the installation's (REDIS_PREFIX): another installation on the same Redis counts apart.
  const keys = redisKeys(deps.config.redisPrefix, deps.config.tileQueue?.name);
  let limitsRedis: Redis | undefined;
  if (deps.config.redisUrl) {
    const redis = new Redis(deps.config.redisUrl, { maxRetriesPerRequest: 1, connectionName: `atrium-rate-limits-${process.pid}` });
    // The limits are skipped while Redis is away (registerRateLimits): say so once per outage, not at every retry.
    let away = false;
    redis.on('error', (error: Error) => {
      if (!away) app.log.warn(`attempt limits are off until Redis answers again: ${error.message}`);
      away = true;
    });
    redis.on('ready', () => { away = false; });
    limitsRedis = redis;
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  }
  await registerRateLimits(app, limitsRedis ? { shared: { redis: limitsRedis, nameSpace: keys.rateLimits } } : {});
  // The sign-in back-off and the call limits, likewise shared by the installation's processes.
  const ownAttempts = !deps.attemptStore && deps.config.redisUrl ? RedisAttemptStore.connect(deps.config.redisUrl, keys.attempts) : undefined;
  const attempts = deps.attemptStore ?? ownAttempts;
  if (ownAttempts) app.addHook('onClose', () => ownAttempts.close());
  // Cookies for every route: the media guard's editor cookie, the known-device cookie, ordering's session.
  await app.register(cookie);
  registerIdentity(app, repos);
  const passes = new MediaPasses(deps.secret, deps.clock);
  issueEditorCookies(app, passes);
  guardOwnerRoutes(app, repos, deps.database.db);
  const auth = new AuthService(repos, { attempts, clock: deps.clock, db: deps.database.db, signup: deps.config.signup, publicUrl: deps.config.publicUrl });
  await app.register(cspReportRoutes);
  await app.register(authRoutes(auth, { signupLimit: deps.config.signupLimit ?? 20 }));
  await app.register(ownerSettingsRoutes(new OwnerSettingsService(repos)));
  await app.register(visitorRoutes(new VisitorService(repos, auth, deps.mailer ?? memoryMailer(), {
    publicUrl: deps.config.publicUrl ?? 'http://localhost:8080',
    clock: deps.clock ?? Date.now,
    onMailError: (error) => app.log.error({ err: error }, 'visitor gate: the access-code email could not be sent'),
  })));

  const buildings = new BuildingsService(repos, passes);
  await app.register(buildingsRoutes(buildings));
  await app.register(propertiesRoutes(new PropertiesService(repos)));
  await app.register(headquartersRoutes(repos));
  await app.register(panoramasRoutes(repos));
  await registerStudio(app, { db: deps.database.db, repos, storage, tile: deps.tile, quotas: deps.config.quotas,
    tiling: {
      redisUrl: deps.config.redisUrl, redisPrefix: deps.config.redisPrefix, role: deps.config.role ?? 'both', concurrency: deps.config.tileConcurrency ?? 1,
      queue: deps.config.tileQueue ?? DEFAULT_TILING_CONFIG.queue,
    } });
  await app.register(studioMarkersRoutes({ repos, db: deps.database.db, storage }));
  await app.register(analyticsRoutes(new AnalyticsService(new AnalyticsRepository(deps.database.db)), repos));
  const chat = await registerChat(app, { db: deps.database.db, repos, storage });
  // Lounge connections chat one to one on the same machinery: an accepted invitation, and no block either way.
  const lounge = new LoungeRepository(deps.database.db);
  chat.service.allowDirect(async (from, toUserId) => {
    if (!from.userId) return false;
    const invitation = await lounge.invitationBetween(from.userId, toUserId);
    return invitation?.status === 'accepted' && !(await lounge.isBlockedEitherWay(from.userId, toUserId));
  });
  const meetings = await registerMeetings(app, {
    db: deps.database.db, repos, media: deps.meetingMedia ?? null, publicUrl: deps.config.publicUrl ?? 'http://localhost:8080',
    hostAbsenceMs: deps.config.meetingHostAbsenceMs, reconnectMs: deps.config.meetingReconnectMs, now: deps.clock,
  });
  const clock = deps.clock;
  const mailer = deps.mailer ?? memoryMailer();
  const guides = await registerGuides(app, { db: deps.database.db, repos, mailer, publicUrl: deps.config.publicUrl ?? 'http://localhost:8080', now: clock ? () => new Date(clock()) : undefined });
  const tourRing = await registerTourRing(app, { db: deps.database.db, repos, meetings: meetings.service, guides: deps.guides ?? ringDirectory(guides.service.repository), attempts, now: deps.clock });
  // The meeting of an answered call ends: its guide's consoles show them free again without a reload.
  meetings.presence.onEnded((meetingId) => void tourRing.ringing.meetingEnded(meetingId).catch((err: unknown) => app.log.warn({ err }, 'tour ring: freeing a guide failed')));
  await registerBooking(app, {
    db: deps.database.db, repos, guides: guides.service.repository, meetings: meetings.service, mailer,
    publicUrl: deps.config.publicUrl ?? 'http://localhost:8080', now: clock ? () => new Date(clock()) : undefined,
    callbacksOf: (buildingId) => tourRing.callbacks.forTour(buildingId),
  });
  const pilots = new PilotsService(new PilotsRepository(deps.database.db), repos, storage, { limitMs: deps.config.pilotLimitMs, passes });
  await app.register(pilotsRoutes(pilots, repos));
  await registerFavorites(app, { db: deps.database.db, storage, publicUrl: deps.config.publicUrl ?? 'http://localhost:8080' });
  await registerMedia(app, storage, new MediaAccess(new MediaAccessRepository(deps.database.db), repos, passes));
  await app.register(orderingRoutes(new OrderingService({
    config: deps.ordering?.config ?? null, repo: new OrderingRepository(deps.database.db), db: deps.database.db,
    now: deps.clock, fetch: deps.ordering?.fetch, timeoutMs: deps.ordering?.timeoutMs,
  })));
  await app.register(mapRoutes(deps.config.map));
  await app.register(ticketsRoutes(new TicketsService(repos, new TicketsRepository(deps.database.db), new LoungeRepository(deps.database.db), auth)));
  const io = attachRealtime(app, { db: deps.database.db, redisUrl: deps.config.redisUrl, redisKeys: keys, resolveUser: sessionUserResolver(repos), trust, chat, meetings: meetings.service, avatarLimit: deps.config.loungeAvatarLimit, publicUrl: deps.config.publicUrl });
  meetings.attachGateway(io);
  tourRing.attachGateway(io, sessionUserResolver(repos), trust);
  await registerClient(app, deps.config.clientDir, viewerBootstrap(buildings));
  return app;
}
