// Pure updates of the comment list the panel shows: latest first, replies oldest first, never twice the same one
// (a live event and an acknowledgement may both bring the same comment).
import type { Comment, CommentReply } from '../../protocol/social.ts';

/** Adds a batch loaded with "load more" below what is already shown. */
export function appendBatch(list: readonly Comment[], batch: readonly Comment[]): Comment[] {
  const known = new Set(list.map((c) => c.objectId));
  return [...list, ...batch.filter((c) => !known.has(c.objectId))];
}

/** A new comment goes on top; a new reply goes at the end of its conversation (if that one is shown). */
export function addComment(list: readonly Comment[], comment: CommentReply): Comment[] {
  if (comment.parentId === null) {
    if (list.some((c) => c.objectId === comment.objectId)) return [...list];
    return [{ ...comment, replies: [] }, ...list];
  }
  return list.map((c) =>
    c.objectId === comment.parentId && !c.replies.some((r) => r.objectId === comment.objectId) ? { ...c, replies: [...c.replies, comment] } : c,
  );
}

/** Where the next batch starts: the oldest top-level comment shown. */
export function cursorOf(list: readonly Comment[]): { createdAt: string; objectId: string } | null {
  const last = list.at(-1);
  return last ? { createdAt: last.createdAt, objectId: last.objectId } : null;
}
