import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import {
  InvitationRequestSchema, InvitationSendRequestSchema, LoungeJoinRequestSchema, LoungeMoveRequestSchema, PersonRequestSchema, PoseSchema,
  isConnected, loungeMeetingPath, PRESENCE_GRACE_MS, type LoungeClientEvents, type LoungeServerEvents, type PoseBatch,
} from '../../protocol/lounge.ts';
import { AppError } from '../errors.ts';
import type { LoungeService, PairChange } from '../modules/lounge/lounge.service.ts';
import type { PresenceStore } from '../modules/lounge/presence/presenceStore.ts';
import type { MeetingsService } from '../modules/meetings/meetings.service.ts';
import { ackHandler } from './ackHandler.ts';
import type { PoseRelay } from './poseRelay.ts';

/** Room of everyone whose lounge spans one tour, and of one person's tabs. */
export const loungeRoom = (tourId: string): string => `lounge:${tourId}`;
export const userRoom = (userId: string): string => `user:${userId}`;

export interface LoungeInterServerEvents {
  'lounge:poses': (batch: PoseBatch) => void;
  /** Two people's block changed: processes refresh what their sockets of those people may see. */
  'lounge:blocks': (userIds: string[]) => void;
}
export interface LoungeSocketData {
  userId: string;
  /** Set once the socket joined a tour's lounge. Plain data: other processes read it through fetchSockets. */
  lounge?: { tourId: string; tourIds: string[]; panoramaId: string | null };
}
export type LoungeNamespace = Namespace<LoungeClientEvents, LoungeServerEvents, LoungeInterServerEvents, LoungeSocketData>;
type LoungeSocket = Socket<LoungeClientEvents, LoungeServerEvents, LoungeInterServerEvents, LoungeSocketData>;

export interface LoungeGatewayDeps {
  nsp: LoungeNamespace;
  service: LoungeService;
  presence: PresenceStore;
  relay: PoseRelay;
  log: FastifyBaseLogger;
  /** Tells the other processes (no-op alone). */
  publishBlocks: (userIds: string[]) => void;
  /** Video meetings between connections; absent or disabled: no meetings from the lounge. */
  meetings?: Pick<MeetingsService, 'enabled' | 'createNow'> | undefined;
}

/** Process-wide: the departures waiting out their grace period, by "tour user". */
export class DepartureTimers {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  schedule(tourId: string, userId: string, run: () => void): void {
    this.cancel(tourId, userId);
    const key = `${tourId} ${userId}`;
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      run();
    }, PRESENCE_GRACE_MS));
  }
  cancel(tourId: string, userId: string): void {
    const key = `${tourId} ${userId}`;
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }
  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

/**
 * One handler per lounge event (the pattern of socialGateway.ts): parse, one service call that persists, acknowledge,
 * then tell the people concerned. Presence goes to the rooms of the tour, relations to the two people's own rooms;
 * nobody hears of someone they blocked or who blocked them.
 */
export function registerLoungeHandlers(deps: LoungeGatewayDeps, departures: DepartureTimers, socket: LoungeSocket): void {
  const { nsp, service, presence, relay, log } = deps;
  const me = socket.data.userId;
  const handle = ackHandler(log, socket.id, 'lounge');
  const joined = () => {
    if (!socket.data.lounge) throw new AppError('FORBIDDEN', 'Open the lounge first.');
    return socket.data.lounge;
  };
  const hiddenRooms = (hidden: ReadonlySet<string>) => [userRoom(me), ...[...hidden].map(userRoom)];

  const announce = async () => {
    const lounge = socket.data.lounge;
    if (!lounge) return;
    const card = await service.card(me, lounge.tourId, lounge.panoramaId);
    nsp.to(loungeRoom(lounge.tourId)).except(hiddenRooms(relay.hiddenOf(socket.id))).emit('presence:updated', card);
  };

  const leave = async () => {
    const lounge = socket.data.lounge;
    if (!lounge) return;
    socket.data.lounge = undefined;
    relay.untrack(socket);
    for (const tourId of lounge.tourIds) void socket.leave(loungeRoom(tourId));
    await presence.remove(socket.id, lounge.tourId);
    // A reload comes back within the grace period: the others never see this person leave.
    departures.schedule(lounge.tourId, me, () => {
      void presence.isOnline(me, lounge.tourId).then((online) => {
        if (!online) nsp.to(loungeRoom(lounge.tourId)).emit('presence:left', { userId: me });
      }).catch((err: unknown) => log.warn({ err }, 'lounge: departure check failed'));
    });
  };

  /** Both people hear of a change between them, each in their own words; other tabs of theirs too. */
  const tell = (change: PairChange) => {
    nsp.to(userRoom(me)).emit('relation:changed', change.mine);
    nsp.to(userRoom(change.otherId)).emit('relation:changed', change.theirs);
    return change.mine;
  };

  socket.on('lounge:join', handle(LoungeJoinRequestSchema, async ({ tourId, groupId, panoramaId }) => {
    const admission = await service.admit(me, tourId, groupId, panoramaId);
    await leave();
    departures.cancel(tourId, me);
    socket.data.lounge = { tourId, tourIds: admission.scope.tourIds, panoramaId };
    await socket.join([userRoom(me), ...admission.scope.tourIds.map(loungeRoom)]);
    relay.track(socket, me, panoramaId, admission.hidden);
    await presence.add({ connectionId: socket.id, userId: me, tourId, panoramaId });
    const state = { ...(await service.state(admission)), meetingsOn: deps.meetings?.enabled ?? false };
    nsp.to(loungeRoom(tourId)).except(hiddenRooms(admission.hidden)).emit('presence:updated', admission.card);
    return state;
  }));

  socket.on('lounge:move', handle(LoungeMoveRequestSchema, async ({ panoramaId }) => {
    const lounge = joined();
    await service.checkPanorama(lounge.tourId, panoramaId);
    lounge.panoramaId = panoramaId;
    relay.move(socket, panoramaId);
    await presence.move(socket.id, lounge.tourId, panoramaId);
    await announce();
    return { ok: true as const };
  }));

  socket.on('lounge:leave', handle(PersonRequestSchema.partial(), async () => {
    await leave();
    return { ok: true as const };
  }));

  socket.on('invitation:send', handle(InvitationSendRequestSchema, async ({ toUserId, note }) => {
    const lounge = joined();
    return tell(await service.invite(me, { tourId: lounge.tourId, tourIds: lounge.tourIds }, toUserId, note));
  }));

  socket.on('invitation:seen', handle(InvitationRequestSchema, async ({ invitationId }) => {
    const { change, changed } = await service.seen(me, invitationId);
    if (changed) nsp.to(userRoom(change.otherId)).emit('relation:changed', change.theirs);
    return change.mine;
  }));

  socket.on('invitation:accept', handle(InvitationRequestSchema, async ({ invitationId }) => tell(await service.answer(me, invitationId, 'accepted'))));
  socket.on('invitation:reject', handle(InvitationRequestSchema, async ({ invitationId }) => tell(await service.answer(me, invitationId, 'rejected'))));
  socket.on('invitation:withdraw', handle(InvitationRequestSchema, async ({ invitationId }) => tell(await service.withdraw(me, invitationId))));

  socket.on('person:block', handle(PersonRequestSchema, async ({ userId }) => {
    const change = await service.block(me, userId);
    nsp.to(userRoom(me)).emit('relation:changed', change.mine);
    // To the blocked person it looks like leaving: a block is not announced.
    nsp.to(userRoom(userId)).emit('presence:left', { userId: me });
    deps.publishBlocks([me, userId]);
    await refreshHidden(deps, [me, userId]);
    return change.mine;
  }));

  socket.on('person:unblock', handle(PersonRequestSchema, async ({ userId }) => {
    const change = await service.unblock(me, userId);
    nsp.to(userRoom(me)).emit('relation:changed', change.mine);
    deps.publishBlocks([me, userId]);
    await refreshHidden(deps, [me, userId]);
    // Each sees the other again if both are online: their cards go to each other's own rooms.
    await showEachOther(deps, me, userId);
    return change.mine;
  }));

  socket.on('meeting:start', handle(PersonRequestSchema, async ({ userId }) => {
    const lounge = joined();
    const meetings = deps.meetings;
    if (!meetings?.enabled) throw new AppError('MEETINGS_OFF', 'Video meetings are not available on this server.');
    // Only connections meet (section 4): not before the invitation is accepted, never across a block.
    const pair = await service.pair(me, userId);
    if (pair.mine.relation.blocked || !isConnected(pair.mine.relation.state)) throw new AppError('FORBIDDEN', 'You can only meet your connections.');
    const meeting = await meetings.createNow({ buildingId: lounge.tourId, hostUserId: me, invitees: [userId], capacity: 1 });
    nsp.to(userRoom(userId)).emit('meeting:invited', { from: pair.theirs.person, meetingId: meeting.objectId, guestPath: loungeMeetingPath(lounge.tourId, meeting.objectId, false) });
    return { meetingId: meeting.objectId, hostPath: loungeMeetingPath(lounge.tourId, meeting.objectId, true) };
  }));

  socket.on('pose:update', (raw: unknown) => {
    const pose = PoseSchema.safeParse(raw);
    if (pose.success && socket.data.lounge) relay.submit(socket.id, pose.data);
  });

  socket.on('disconnect', () => {
    void leave().catch((err: unknown) => log.warn({ err }, 'lounge: leaving failed'));
  });
}

/** After a block changed: what this process's sockets of those people may see, in presence and poses. */
export async function refreshHidden(deps: Pick<LoungeGatewayDeps, 'nsp' | 'service' | 'relay'>, userIds: string[]): Promise<void> {
  for (const userId of userIds) {
    const sockets = await deps.nsp.local.in(userRoom(userId)).fetchSockets();
    if (sockets.length === 0) continue;
    const hidden = await deps.service.hiddenFor(userId);
    for (const local of sockets) deps.relay.setHidden(local.id, hidden);
  }
}

async function showEachOther(deps: LoungeGatewayDeps, a: string, b: string): Promise<void> {
  for (const [subject, viewer] of [[a, b], [b, a]] as const) {
    const sockets = await deps.nsp.in(userRoom(subject)).fetchSockets();
    const lounge = sockets.map((s) => s.data.lounge).find((l) => l !== undefined);
    if (!lounge) continue;
    deps.nsp.to(userRoom(viewer)).emit('presence:updated', await deps.service.card(subject, lounge.tourId, lounge.panoramaId));
  }
}
