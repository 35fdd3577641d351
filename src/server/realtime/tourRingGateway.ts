import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import {
  CallRequestSchema, StartCallRequestSchema, TOUR_RING_NAMESPACE, TourRingHandshakeSchema,
  type Callback, type TourRingClientEvents, type TourRingServerEvents,
} from '../../protocol/tourRing.ts';
import { z } from 'zod';
import { accountDisplayName } from '../../protocol/accountDisplayName.ts';
import { AppError } from '../errors.ts';
import { clientAddressOf, type TrustFunction } from '../http/trustProxy.ts';
import type { CallLimiter } from '../modules/tourRing/callLimits.ts';
import type { Caller, OnlineGuides, RingingService, RingNotifier } from '../modules/tourRing/ringing.service.ts';
import { ackHandler } from './ackHandler.ts';
import type { ResolveSessionUser } from './socketIdentity.ts';

/** A guide's tabs; the guides online on a tour; the caller's tabs of one call. */
export const guideRoom = (userId: string): string => `guide:${userId}`;
export const tourGuidesRoom = (buildingId: string): string => `ring-tour:${buildingId}`;
export const callRoom = (callId: string): string => `call:${callId}`;

interface RingSocketData {
  caller: Caller;
  /** Set once the socket is a guide's console. Plain data: other processes read it through fetchSockets. */
  guideUserId?: string;
}
type RingNamespace = Namespace<TourRingClientEvents, TourRingServerEvents, Record<string, never>, RingSocketData>;
type RingSocket = Socket<TourRingClientEvents, TourRingServerEvents, Record<string, never>, RingSocketData>;

/** Sends what the ringing service decides to the right rooms (across processes through the Redis adapter). */
export function ringNotifier(nsp: () => RingNamespace | null): RingNotifier & { callback(guideUserIds: string[], callback: Callback): void } {
  const to = (rooms: string[]) => nsp()?.to(rooms);
  return {
    ring: (ids, call) => void (ids.length && to(ids.map(guideRoom))?.emit('ring:incoming', call)),
    stop: (ids, callId, reason) => void (ids.length && to(ids.map(guideRoom))?.emit('ring:stopped', { callId, reason })),
    answered: (event) => void to([callRoom(event.callId)])?.emit('call:answered', event),
    ended: (callId, outcome) => void to([callRoom(callId)])?.emit('call:ended', { callId, outcome }),
    inCall: (guideUserId, inCall) => void to([guideRoom(guideUserId)])?.emit('console:in-call', { inCall }),
    callback: (ids, callback) => void (ids.length && to(ids.map(guideRoom))?.emit('callback:created', callback)),
  };
}

/** Guides online on a tour: the console sockets in its room, on every process (fetchSockets asks them all). */
export const onlineGuides = (nsp: () => RingNamespace | null): OnlineGuides => async (buildingId) => {
  const namespace = nsp();
  if (!namespace) return new Set();
  const sockets = await namespace.in(tourGuidesRoom(buildingId)).fetchSockets();
  return new Set(sockets.map((s) => s.data.guideUserId).filter((id): id is string => Boolean(id)));
};

/**
 * The /tour-ring namespace. Anyone may call (a device id, or a session); a console needs a session. One handler per
 * event: schema first, then one service call, acknowledged with its answer or a coded error. A caller whose page goes
 * away hangs up their ringing calls.
 */
interface GatewayDeps {
  ringing: RingingService;
  limiter: CallLimiter;
  /** Which proxies' X-Forwarded-For to believe, as for HTTP requests. */
  trust: TrustFunction;
  log: FastifyBaseLogger;
}

export function attachTourRingGateway(io: Server, deps: GatewayDeps & { resolveUser: ResolveSessionUser }): RingNamespace {
  const nsp = io.of(TOUR_RING_NAMESPACE) as unknown as RingNamespace;
  nsp.use((socket, next) => {
    const auth = TourRingHandshakeSchema.safeParse(socket.handshake.auth);
    if (!auth.success) return next(new Error('Unsupported handshake'));
    const resolve = auth.data.sessionToken ? deps.resolveUser(auth.data.sessionToken).catch(() => null) : Promise.resolve(null);
    resolve.then((user) => {
      socket.data.caller = user
        ? { key: `user:${user.id}`, userId: user.id, displayName: accountDisplayName(user), user }
        : { key: `device:${auth.data.deviceId}`, userId: null, displayName: null };
      next();
    }, (error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
  });
  nsp.on('connection', (socket: RingSocket) => registerHandlers(socket, deps));
  return nsp;
}

function registerHandlers(socket: RingSocket, deps: GatewayDeps): void {
  const handle = ackHandler(deps.log, socket.id, 'tour-ring');
  const { caller } = socket.data;
  const myCalls = new Set<string>();
  const guide = (): string => {
    if (!caller.userId) throw new AppError('UNAUTHENTICATED', 'Please sign in to take calls.');
    return caller.userId;
  };

  const address = clientAddressOf(socket.request, deps.trust);
  socket.on('call:start', handle(StartCallRequestSchema, async (request) => {
    if (!(await deps.limiter.take(caller.key, address))) {
      throw new AppError('RATE_LIMITED', 'Too many calls. Please try again in a few minutes, or ask for a call back.');
    }
    const answer = await deps.ringing.start(caller, request, (callId) => {
      // In the call's room before any guide can answer it.
      void socket.join(callRoom(callId));
      myCalls.add(callId);
    });
    return answer;
  }));
  socket.on('call:cancel', handle(CallRequestSchema, async ({ callId }) => {
    myCalls.delete(callId);
    return deps.ringing.cancel(caller.key, callId);
  }));
  socket.on('console:join', handle(z.object({}).strict(), async () => {
    const userId = guide();
    const state = await deps.ringing.console(userId);
    socket.data.guideUserId = userId;
    await socket.join([guideRoom(userId), ...state.tours.map((t) => tourGuidesRoom(t.buildingId))]);
    return state;
  }));
  socket.on('ring:accept', handle(CallRequestSchema, async ({ callId }) => deps.ringing.accept(guide(), callId)));
  socket.on('ring:decline', handle(CallRequestSchema, async ({ callId }) => deps.ringing.decline(guide(), callId)));
  socket.on('disconnect', () => {
    for (const callId of myCalls) void deps.ringing.cancel(caller.key, callId).catch((err: unknown) => deps.log.warn({ err }, 'tour ring: hanging up failed'));
  });
}
