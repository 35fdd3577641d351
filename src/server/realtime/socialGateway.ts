import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  CommentsRequestSchema, JoinRequestSchema, LikeRequestSchema, PostCommentRequestSchema, tourRoom,
  type Ack, type ClientToServerEvents, type ServerToClientEvents,
} from '../../protocol/social.ts';
import { AppError } from '../errors.ts';
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

  function handle<S extends z.ZodType, T>(schema: S, run: (request: z.infer<S>) => Promise<T>) {
    return (raw: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (a: Ack<T>) => void) : () => {};
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        reply({ ok: false, error: { code: 'VALIDATION_FAILED', message: `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}` } });
        return;
      }
      run(parsed.data).then(
        (data) => reply({ ok: true, data }),
        (error: unknown) => {
          if (error instanceof AppError) {
            reply({ ok: false, error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } });
            return;
          }
          log.error({ err: error, socket: socket.id }, 'social event failed');
          reply({ ok: false, error: { code: 'INTERNAL', message: 'Something went wrong.' } });
        },
      );
    };
  }

  /** Likes and comments only for a tour this socket opened: its room is where the news goes. */
  const requireJoined = (tourId: string) => {
    if (!socket.rooms.has(tourRoom(tourId))) throw new AppError('FORBIDDEN', 'Open the LiveTour before taking part in it.');
  };

  socket.on('tour:join', handle(JoinRequestSchema, async ({ tourId, visitId }) => {
    const { stats, liked, viewCounted } = await service.join(tourId, visitId, visitor);
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
