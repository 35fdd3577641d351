import type { Comment, CommentReply } from '../../../protocol/social.ts';
import type { CommentRow } from './social.repository.ts';

export const presentReply = (row: CommentRow): CommentReply => ({
  objectId: row.id,
  tourId: row.tourId,
  parentId: row.parentId,
  userId: row.userId,
  authorName: row.authorName,
  message: row.message,
  createdAt: row.createdAt,
});

export const presentComment = (row: CommentRow, replies: CommentRow[]): Comment => ({ ...presentReply(row), replies: replies.map(presentReply) });
