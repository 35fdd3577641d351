// The realtime social contract (spec sections 3, 4 and 7): per-tour counters, likes and comments over Socket.IO.
// Client and server both parse what crosses the socket with these schemas.
import { z } from 'zod';
import { COMMENT_BATCH, COMMENT_MAX_LENGTH } from './constants.ts';
import { IdSchema } from './tour.ts';

/** Bumped when a message changes shape; the server refuses a handshake of another version. */
export const SOCIAL_PROTOCOL_VERSION = 1;
export const SOCIAL_SOCKET_PATH = '/socket.io/';
/** Socket.IO room of one tour. */
export const tourRoom = (tourId: string): string => `tour:${tourId}`;

/** Random key the device keeps (consent permitting) so a visitor without an account likes a tour once. */
export const DeviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const HandshakeAuthSchema = z.object({
  v: z.literal(SOCIAL_PROTOCOL_VERSION),
  deviceId: DeviceIdSchema,
  /** The session token of a signed-in visitor (the same one the HTTP client sends as a header). */
  sessionToken: z.string().min(1).max(200).optional(),
  /** True when the device keeps its id (cookie consent): views are then counted per device id. */
  deviceKept: z.boolean().optional(),
});
export type HandshakeAuth = z.infer<typeof HandshakeAuthSchema>;

export const SocialStatsSchema = z.object({
  tourId: IdSchema,
  viewCount: z.number().int().min(0),
  likeCount: z.number().int().min(0),
  commentCount: z.number().int().min(0),
  Owner: z.object({ objectId: z.string() }),
});
export type SocialStats = z.infer<typeof SocialStatsSchema>;

export const CommentReplySchema = z.object({
  objectId: z.string(),
  tourId: IdSchema,
  parentId: z.string().nullable(),
  userId: z.string().nullable(),
  /** Null for a visitor without an account: the viewer shows its own word for "visitor". */
  authorName: z.string().nullable(),
  /** Plain text, never HTML. */
  message: z.string(),
  createdAt: z.string(),
});
export const CommentSchema = CommentReplySchema.extend({ replies: z.array(CommentReplySchema) });
export type CommentReply = z.infer<typeof CommentReplySchema>;
export type Comment = z.infer<typeof CommentSchema>;

/** Where the next batch starts: the oldest comment of the previous one. */
export const CommentCursorSchema = z.object({ createdAt: z.string(), objectId: z.string() });
export type CommentCursor = z.infer<typeof CommentCursorSchema>;

export const JoinRequestSchema = z.object({
  tourId: IdSchema,
  /** Ignored (older clients sent one per opening); the server counts one view per visitor session. */
  visitId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional(),
});
export const LikeRequestSchema = z.object({ tourId: IdSchema, liked: z.boolean() });
export const CommentsRequestSchema = z.object({ tourId: IdSchema, before: CommentCursorSchema.nullable() });
export const PostCommentRequestSchema = z.object({
  tourId: IdSchema,
  parentId: z.string().max(64).nullable(),
  // Length is checked by commentProblem so the answer can say which rule failed; this only caps the payload.
  message: z.string().max(COMMENT_MAX_LENGTH * 4),
});
export type JoinRequest = z.infer<typeof JoinRequestSchema>;
export type LikeRequest = z.infer<typeof LikeRequestSchema>;
export type CommentsRequest = z.infer<typeof CommentsRequestSchema>;
export type PostCommentRequest = z.infer<typeof PostCommentRequestSchema>;

export const JoinAnswerSchema = z.object({ stats: SocialStatsSchema, liked: z.boolean() });
export const LikeAnswerSchema = z.object({ stats: SocialStatsSchema, liked: z.boolean() });
export const CommentsAnswerSchema = z.object({ comments: z.array(CommentSchema).max(COMMENT_BATCH), hasMore: z.boolean() });
export const PostCommentAnswerSchema = z.object({ comment: CommentReplySchema, stats: SocialStatsSchema });
export type JoinAnswer = z.infer<typeof JoinAnswerSchema>;
export type LikeAnswer = z.infer<typeof LikeAnswerSchema>;
export type CommentsAnswer = z.infer<typeof CommentsAnswerSchema>;
export type PostCommentAnswer = z.infer<typeof PostCommentAnswerSchema>;

/** Every acknowledgement: the answer, or a failure shaped like an HTTP error body. */
export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; field?: string } };

/** Events the server pushes to a tour's room (`<domain>:<past-tense>`). */
export const StatsChangedSchema = z.object({ stats: SocialStatsSchema });
export const CommentCreatedSchema = z.object({ comment: CommentReplySchema, stats: SocialStatsSchema });

export interface ServerToClientEvents {
  'stats:changed': (payload: z.infer<typeof StatsChangedSchema>) => void;
  'comment:created': (payload: z.infer<typeof CommentCreatedSchema>) => void;
}
export interface ClientToServerEvents {
  'tour:join': (request: JoinRequest, ack: (answer: Ack<JoinAnswer>) => void) => void;
  'like:set': (request: LikeRequest, ack: (answer: Ack<LikeAnswer>) => void) => void;
  'comments:load': (request: CommentsRequest, ack: (answer: Ack<CommentsAnswer>) => void) => void;
  'comment:create': (request: PostCommentRequest, ack: (answer: Ack<PostCommentAnswer>) => void) => void;
}

export type CommentProblem = 'empty' | 'too-long';
/** The one rule for a comment's text, checked by the form before sending and by the server before storing. */
export function commentProblem(message: string): CommentProblem | null {
  const text = message.trim();
  if (text.length === 0) return 'empty';
  // Count characters as people see them (code points), not UTF-16 units: an emoji is one character.
  if ([...text].length > COMMENT_MAX_LENGTH) return 'too-long';
  return null;
}

/** The server's sentences for those problems (the viewer shows its own translations). */
export const COMMENT_PROBLEM_MESSAGES: Record<CommentProblem, string> = {
  empty: 'The comment is empty. Write something before posting.',
  'too-long': `The comment is too long: at most ${COMMENT_MAX_LENGTH} characters.`,
};
