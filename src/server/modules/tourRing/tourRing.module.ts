import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { Db } from '../../db/database.ts';
import type { Repositories } from '../../db/repositories.ts';
import { attachTourRingGateway, onlineGuides, ringNotifier } from '../../realtime/tourRingGateway.ts';
import type { ResolveSessionUser } from '../../realtime/socketIdentity.ts';
import type { TrustFunction } from '../../http/trustProxy.ts';
import { MemoryAttemptStore, type AttemptStore } from '../auth/throttle/attemptStore.ts';
import type { MeetingsService } from '../meetings/meetings.service.ts';
import { CallbacksService } from './callbacks.service.ts';
import { CallLimiter } from './callLimits.ts';
import type { GuidesDirectory } from './guidesDirectory.ts';
import { RingingService } from './ringing.service.ts';
import { TourRingRepository } from './tourRing.repository.ts';
import { tourRingRoutes } from './tourRing.routes.ts';

export interface TourRingOptions {
  db: Db;
  repos: Repositories;
  meetings: MeetingsService;
  /** Where guides and their languages come from (modules/guides, or a test's own). */
  guides: GuidesDirectory;
  /** Where calls are counted against their limits (Redis when several processes share the work). */
  attempts?: AttemptStore;
  now?: () => number;
}

/** How often every process ends calls whose time ran out (the starting process's own timer is exact). */
const SWEEP_MS = 2_000;

/** Routes, the ringing service, its sweeper, and (once the Socket.IO server exists) the /tour-ring namespace. */
export async function registerTourRing(app: FastifyInstance, opts: TourRingOptions) {
  const repo = new TourRingRepository(opts.db);
  const { guides } = opts;
  let namespace: ReturnType<typeof attachTourRingGateway> | null = null;
  const notifier = ringNotifier(() => namespace);
  const ringing = new RingingService(repo, opts.repos, guides, opts.meetings, onlineGuides(() => namespace), notifier, { now: opts.now });
  const callbacks = new CallbacksService(repo, opts.repos, guides, { meetingsOn: () => opts.meetings.enabled, onCreated: notifier.callback, now: opts.now });
  await app.register(tourRingRoutes(callbacks));

  const sweeper = setInterval(() => void ringing.sweep().catch((err: unknown) => app.log.warn({ err }, 'tour ring: sweep failed')), SWEEP_MS);
  sweeper.unref();
  app.addHook('preClose', (done) => {
    namespace?.local.disconnectSockets(true);
    done();
  });
  app.addHook('onClose', () => {
    clearInterval(sweeper);
    ringing.close();
  });
  return {
    ringing,
    callbacks,
    attachGateway(io: Server, resolveUser: ResolveSessionUser, trust: TrustFunction) {
      const limiter = new CallLimiter(opts.attempts ?? new MemoryAttemptStore(opts.now), opts.now);
      namespace = attachTourRingGateway(io, { ringing, limiter, trust, resolveUser, log: app.log });
    },
  };
}
