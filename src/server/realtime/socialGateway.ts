import type { Server, Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import {
  CommentsRequestSchema, JoinRequestSchema, LikeRequestSchema, PostCommentRequestSchema, tourRoom,
  type ClientToServerEvents, type ServerToClientEvents,
} from '../../protocol/social.ts';
import { AppError } from '../errors.ts';
import { ackHandler } from './ackHandler.ts';
import type { SocialService, SocialVisitor } from '../modules/social/social.service.ts';

export interface SocketData {
  visitor: SocialVisitor;
}
export type SocialServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type SocialSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * One handler per client event: parse the request with its schema, make one service call, acknowledge, and tell
 * the tour's room what changed. The room is shared by every server process when the Redis adapter is on.
 */
export function registerSocialHandlers(io: SocialServer, socket: SocialSocket, service: SocialService, log: FastifyBaseLogger): void {
  const visitor = socket.data.visitor;

  const handle = ackHandler(log, socket.id, 'social');

  /** Likes and comments only for a tour this socket opened: its room is where the news goes. */
  const requireJoined = (tourId: string) => {
    if (!socket.rooms.has(tourRoom(tourId))) throw new AppError('FORBIDDEN', 'Open the LiveTour before taking part in it.');
  };

  socket.on('tour:join', handle(JoinRequestSchema, async ({ tourId }) => {
    const { stats, liked, viewCounted } = await service.join(tourId, visitor);
    await socket.join(tourRoom(tourId));
    if (viewCounted) socket.to(tourRoom(tourId)).emit('stats:changed', { stats });
    return { stats, liked };
  }));

  socket.on('like:set', handle(LikeRequestSchema, async ({ tourId, liked }) => {
    requireJoined(tourId);
    const result = await service.setLike(tourId, visitor, liked);
    if (result.changed) socket.to(tourRoom(tourId)).emit('stats:changed', { stats: result.stats });
    return { stats: result.stats, liked: result.liked };
  }));

  socket.on('comments:load', handle(CommentsRequestSchema, ({ tourId, before }) => service.comments(tourId, before)));

  socket.on('comment:create', handle(PostCommentRequestSchema, async ({ tourId, parentId, message }) => {
    requireJoined(tourId);
    const { comment, stats } = await service.postComment(tourId, visitor, { parentId, message });
    // Everyone else in the room; the author has it in the acknowledgement.
    socket.to(tourRoom(tourId)).emit('comment:created', { comment, stats });
    return { comment, stats };
  }));
}
