import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { Redis } from 'ioredis';
import { LOUNGE_NAMESPACE, LoungeHandshakeSchema, type PoseBatch } from '../../protocol/lounge.ts';
import type { Db } from '../db/database.ts';
import { LoungeRepository } from '../modules/lounge/lounge.repository.ts';
import { LoungeService } from '../modules/lounge/lounge.service.ts';
import { MemoryPresence } from '../modules/lounge/presence/memoryPresence.ts';
import type { PresenceStore } from '../modules/lounge/presence/presenceStore.ts';
import { RedisPresence } from '../modules/lounge/presence/redisPresence.ts';
import { TicketsRepository } from '../modules/lounge/tickets.repository.ts';
import { DepartureTimers, loungeRoom, refreshHidden, registerLoungeHandlers, type LoungeGatewayDeps, type LoungeNamespace } from './loungeGateway.ts';
import { PoseRelay } from './poseRelay.ts';
import type { ResolveSessionUser } from './socketIdentity.ts';

export interface LoungeRealtimeDeps {
  db: Db;
  /** A Redis connection of the lounge's own (presence commands); absent with one process. */
  redis?: Redis;
  /** The presence keys' prefix in that Redis (the installation's, redisKeys.ts). */
  presencePrefix: string;
  resolveUser: ResolveSessionUser;
  log: FastifyBaseLogger;
  avatarLimit: number;
  meetings?: LoungeGatewayDeps['meetings'];
  /** Tests shorten the leases of crashed processes. */
  presenceLeaseMs?: number;
}

const SWEEP_MS = 2_000;

/**
 * The lounge's namespace on the app's Socket.IO server: signed-in sockets only, presence in memory or Redis, poses
 * batched per panorama per tick (PoseRelay), and a sweep that announces the people of crashed processes as gone.
 */
export function attachLounge(io: Server, deps: LoungeRealtimeDeps): { close(): Promise<void> } {
  const nsp = io.of(LOUNGE_NAMESPACE) as unknown as LoungeNamespace;
  const presence: PresenceStore = deps.redis ? new RedisPresence(deps.redis, { prefix: deps.presencePrefix, leaseMs: deps.presenceLeaseMs }) : new MemoryPresence();
  const service = new LoungeService(new LoungeRepository(deps.db), new TicketsRepository(deps.db), presence, { avatarLimit: deps.avatarLimit });
  const relay = new PoseRelay(nsp as never, deps.redis ? { publish: (batch: PoseBatch) => nsp.serverSideEmit('lounge:poses', batch) } : {});
  const departures = new DepartureTimers();
  const publishBlocks = (userIds: string[]) => {
    if (deps.redis) nsp.serverSideEmit('lounge:blocks', userIds);
  };

  nsp.on('lounge:poses', (batch) => relay.deliver(batch));
  nsp.on('lounge:blocks', (userIds) => void refreshHidden({ nsp, service, relay }, userIds).catch(() => {}));

  nsp.use((socket, next) => {
    const auth = LoungeHandshakeSchema.safeParse(socket.handshake.auth);
    if (!auth.success) return next(new Error('Please sign in to join the lounge.'));
    deps.resolveUser(auth.data.sessionToken).then(
      (user) => {
        if (!user) return next(new Error('Please sign in to join the lounge.'));
        socket.data.userId = user.id;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });
  nsp.on('connection', (socket) => registerLoungeHandlers({ nsp, service, presence, relay, log: deps.log, publishBlocks, meetings: deps.meetings }, departures, socket));

  const sweeper = setInterval(() => {
    presence.sweep().then((left) => {
      for (const { userId, tourId } of left) nsp.to(loungeRoom(tourId)).emit('presence:left', { userId });
    }, (err: unknown) => deps.log.warn({ err }, 'lounge: presence sweep failed'));
  }, SWEEP_MS);
  sweeper.unref();

  return {
    async close() {
      clearInterval(sweeper);
      departures.clear();
      relay.close();
      await presence.close();
      await deps.redis?.quit().catch(() => deps.redis?.disconnect());
    },
  };
}
