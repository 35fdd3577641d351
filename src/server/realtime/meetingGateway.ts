import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { HandshakeAuthSchema } from '../../protocol/social.ts';
import {
  EmptyRequestSchema, EnterRequestSchema, MarkerRequestSchema, MediaStateRequestSchema, MEETING_NAMESPACE, meetingRoom, MuteRequestSchema,
  NavViewSchema, PublishRequestSchema, SubscribeRequestSchema, SubscriptionAnswerRequestSchema, TargetRequestSchema, UnpublishRequestSchema,
  WhereRequestSchema, type Ack, type MeetingClientEvents, type MeetingServerEvents,
} from '../../protocol/meeting.ts';
import { AppError } from '../errors.ts';
import { MediaError, type MediaPeer } from '../janus/janusMedia.ts';
import type { MeetingNotifier, MeetingPresence } from '../modules/meetings/meetingPresence.ts';
import type { MeetingsService } from '../modules/meetings/meetings.service.ts';
import { CommentRateLimiter } from '../modules/social/commentRateLimiter.ts';

interface MeetingSocketData {
  participantId?: string;
  meetingId?: string;
  role?: 'host' | 'guest';
}
type MeetingNamespace = Namespace<MeetingClientEvents, MeetingServerEvents, Record<string, never>, MeetingSocketData>;
type MeetingSocket = Socket<MeetingClientEvents, MeetingServerEvents, Record<string, never>, MeetingSocketData>;

/** A participant's own room, for messages to them wherever their socket is connected. */
const participantRoom = (participantId: string) => `meeting-participant:${participantId}`;

/** The notifier the meeting services use: emits to the meeting's room (every process through the Redis adapter). */
export function meetingNotifier(nsp: () => MeetingNamespace | null): MeetingNotifier {
  const to = (room: string) => nsp()?.to(room);
  return {
    meetingChanged: (meeting) => to(meetingRoom(meeting.objectId))?.emit('meeting:changed', { meeting }),
    meetingEnded: (meeting, reason) => {
      to(meetingRoom(meeting.objectId))?.emit('meeting:ended', { meeting, reason });
      nsp()?.in(meetingRoom(meeting.objectId)).socketsLeave(meetingRoom(meeting.objectId));
    },
    participantChanged: (meetingId, participant) => to(meetingRoom(meetingId))?.emit('participant:changed', { participant }),
    leaderChanged: (meetingId, leaderId) => to(meetingRoom(meetingId))?.emit('lead:changed', { leaderId }),
    muted: (participantId) => to(participantRoom(participantId))?.emit('media:muted', {}),
    kicked: (participantId) => {
      to(participantRoom(participantId))?.emit('meeting:kicked', {});
      // Give the message a moment to leave before the sockets close.
      setTimeout(() => nsp()?.in(participantRoom(participantId)).disconnectSockets(true), 200).unref();
    },
  };
}

export interface MeetingGatewayDeps {
  meetings: MeetingsService;
  presence: MeetingPresence;
  log: FastifyBaseLogger;
  /** Someone went away: the module schedules a sweep at the end of their window. */
  onAway?: () => void;
}

/** Bitrate caps (bits/s): the host's camera is what every guest watches; screens carry small text. */
const BITRATE = { host: 800_000, guest: 300_000, screen: 1_000_000 } as const;

/**
 * The /meeting namespace on the app's Socket.IO server: one handler per event (schema -> one service call -> ack),
 * like socialGateway.ts. It holds each participant's Janus session (MediaPeer) for as long as their socket lives.
 */
export function attachMeetingGateway(io: Server, deps: MeetingGatewayDeps): MeetingNamespace {
  const nsp = io.of(MEETING_NAMESPACE) as unknown as MeetingNamespace;
  nsp.use((socket, next) => (HandshakeAuthSchema.safeParse(socket.handshake.auth).success ? next() : next(new Error('Unsupported handshake'))));
  nsp.on('connection', (socket) => registerHandlers(nsp, socket, deps));
  return nsp;
}

function registerHandlers(nsp: MeetingNamespace, socket: MeetingSocket, deps: MeetingGatewayDeps): void {
  const { meetings, presence, log } = deps;
  let peer: MediaPeer | null = null;
  // Per socket: co-navigation is throttled to 10 a second by the client, media negotiation is a handful per feed.
  const limits = { nav: new CommentRateLimiter(40, 2000), media: new CommentRateLimiter(60, 10_000), other: new CommentRateLimiter(30, 10_000) };
  let leaderCache = { at: 0, leader: false };

  function handle<S extends z.ZodType, T>(schema: S, limit: keyof typeof limits, run: (request: z.infer<S>) => Promise<T>) {
    return (raw: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (a: Ack<T>) => void) : () => {};
      if (!limits[limit].take(limit)) return reply({ ok: false, error: { code: 'RATE_LIMITED', message: 'Too many requests. Slow down.' } });
      const parsed = schema.safeParse(raw ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return reply({ ok: false, error: { code: 'VALIDATION_FAILED', message: `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}` } });
      }
      run(parsed.data).then(
        (data) => reply({ ok: true, data }),
        (error: unknown) => {
          if (error instanceof AppError) return reply({ ok: false, error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } });
          if (error instanceof MediaError) {
            log.warn({ err: error, socket: socket.id }, 'meeting: Janus refused a media request');
            return reply({ ok: false, error: { code: 'MEETING_MEDIA_FAILED', message: 'The media server refused the request.' } });
          }
          log.error({ err: error, socket: socket.id }, 'meeting event failed');
          reply({ ok: false, error: { code: 'INTERNAL', message: 'Something went wrong.' } });
        },
      );
    };
  }

  const self = () => {
    const { participantId, meetingId } = socket.data;
    if (!participantId || !meetingId) throw new AppError('UNAUTHENTICATED', 'Enter the meeting first.');
    return { participantId, meetingId };
  };
  const requireLeader = async () => {
    const me = self();
    if (Date.now() - leaderCache.at > 1000) {
      const row = await meetings.meeting(me.meetingId);
      leaderCache = { at: Date.now(), leader: (await presence.leaderOf(row)) === me.participantId };
    }
    if (!leaderCache.leader) throw new AppError('FORBIDDEN', 'Only the person leading the tour can move everyone.');
    return me;
  };
  const mediaPeer = async (): Promise<MediaPeer> => {
    if (peer) return peer;
    const media = meetings.requireEnabled();
    const me = self();
    peer = await media.openPeer({
      onTalking: (kind, speaking) => {
        if (kind === 'camera') nsp.to(meetingRoom(me.meetingId)).emit('speaking:changed', { participantId: me.participantId, speaking });
      },
      onLost: () => {
        peer = null;
        socket.disconnect(true);
      },
    });
    return peer;
  };
  const closeMedia = async () => {
    const closing = peer;
    peer = null;
    await closing?.close();
  };

  socket.on('meeting:enter', handle(EnterRequestSchema, 'other', async ({ meetingId, credential }) => {
    if (socket.data.participantId) throw new AppError('CONFLICT', 'Already in a meeting on this connection.');
    const { participant, answer } = await presence.enter(meetingId, credential, socket.id);
    socket.data = { participantId: participant.id, meetingId, role: participant.role as 'host' | 'guest' };
    await socket.join([meetingRoom(meetingId), participantRoom(participant.id)]);
    // The one leading sends their view now, so the newcomer does not wait for the next move.
    if (answer.leaderId && answer.leaderId !== participant.id) nsp.to(participantRoom(answer.leaderId)).emit('nav:view-wanted', {});
    return answer;
  }));

  socket.on('meeting:leave', handle(EmptyRequestSchema, 'other', async () => {
    const me = self();
    await closeMedia();
    await presence.leave(me.participantId);
    socket.data = {};
    await Promise.all([socket.leave(meetingRoom(me.meetingId)), socket.leave(participantRoom(me.participantId))]);
    return null;
  }));

  socket.on('meeting:end', handle(EmptyRequestSchema, 'other', async () => {
    const me = self();
    await presence.requireHost(me.participantId);
    await presence.end(me.meetingId, 'host-ended');
    return null;
  }));

  socket.on('meeting:kick', handle(TargetRequestSchema, 'other', async ({ participantId }) => (await presence.kick(self().participantId, participantId), null)));
  socket.on('media:mute', handle(MuteRequestSchema, 'other', async ({ participantId }) => (await presence.mute(self().participantId, participantId), null)));
  socket.on('lead:hand', handle(TargetRequestSchema, 'other', async ({ participantId }) => (await presence.handLead(self().participantId, participantId), null)));

  socket.on('media:publish', handle(PublishRequestSchema, 'media', async ({ kind, offer, audio, video }) => {
    const me = self();
    if (kind === 'screen' && socket.data.role !== 'host') throw new AppError('FORBIDDEN', 'Only the host shares a screen.');
    const room = await presence.roomOf(me.meetingId);
    const bitrate = kind === 'screen' ? BITRATE.screen : socket.data.role === 'host' ? BITRATE.host : BITRATE.guest;
    const published = await (await mediaPeer()).publish(room, kind, `${me.participantId}:${kind}`, offer, { audio, video, bitrate });
    await presence.update(me.participantId, { feed: { kind, feedId: published.feedId }, ...(kind === 'camera' ? { audio, video } : {}) });
    return { feedId: published.feedId, answer: { type: 'answer' as const, sdp: published.answer.sdp } };
  }));

  socket.on('media:unpublish', handle(UnpublishRequestSchema, 'media', async ({ kind }) => {
    const me = self();
    await peer?.unpublish(kind);
    await presence.update(me.participantId, { feed: { kind, feedId: null } });
    return null;
  }));

  socket.on('media:subscribe', handle(SubscribeRequestSchema, 'media', async ({ feedId }) => {
    const me = self();
    if (!(await presence.feedInMeeting(me.meetingId, feedId))) throw new AppError('NOT_FOUND', 'No such video in this meeting.', 'feedId');
    const offer = await (await mediaPeer()).subscribe(await presence.roomOf(me.meetingId), feedId);
    return { offer: { type: 'offer' as const, sdp: offer.sdp } };
  }));

  socket.on('media:answer', handle(SubscriptionAnswerRequestSchema, 'media', async ({ feedId, answer }) => {
    self();
    if (!peer) throw new AppError('CONFLICT', 'Subscribe to the video first.');
    await peer.startSubscription(feedId, answer);
    return null;
  }));

  socket.on('media:unsubscribe', handle(SubscribeRequestSchema, 'media', async ({ feedId }) => (self(), await peer?.unsubscribe(feedId), null)));
  socket.on('media:state', handle(MediaStateRequestSchema, 'other', async ({ audio, video }) => (await presence.update(self().participantId, { audio, video }), null)));

  socket.on('nav:view', handle(NavViewSchema, 'nav', async (view) => {
    const me = await requireLeader();
    // Volatile: a view that cannot be delivered now is replaced by the next one anyway.
    socket.volatile.to(meetingRoom(me.meetingId)).emit('nav:view', { leaderId: me.participantId, view });
    return null;
  }));
  socket.on('nav:marker', handle(MarkerRequestSchema, 'nav', async ({ markerId }) => {
    const me = await requireLeader();
    socket.to(meetingRoom(me.meetingId)).emit('nav:marker', { leaderId: me.participantId, markerId });
    return null;
  }));
  socket.on('nav:where', handle(WhereRequestSchema, 'nav', async ({ panoramaId }) => (await presence.update(self().participantId, { panoramaId }), null)));
  socket.on('nav:gather', handle(EmptyRequestSchema, 'other', async () => {
    const me = self();
    await presence.requireHost(me.participantId);
    const row = await meetings.meeting(me.meetingId);
    const leaderId = (await presence.leaderOf(row)) ?? me.participantId;
    nsp.to(meetingRoom(me.meetingId)).emit('nav:gathered', { leaderId });
    nsp.to(participantRoom(leaderId)).emit('nav:view-wanted', {});
    return null;
  }));
  socket.on('disconnect', () => {
    const { participantId } = socket.data;
    void closeMedia().catch(() => {});
    if (!participantId) return;
    presence.away(participantId, socket.id).then(
      () => deps.onAway?.(),
      (error: unknown) => log.error({ err: error }, 'meeting: could not mark a participant away'),
    );
  });
}
