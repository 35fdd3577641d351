import { describe, expect, it } from 'vitest';
import type { Comment, CommentReply } from '../../protocol/social.ts';
import { addComment, appendBatch, cursorOf } from './commentList.ts';

const reply = (id: string, parentId: string | null, at = '2026-11-22T10:00:00.000Z'): CommentReply => ({
  objectId: id, tourId: 't', parentId, userId: null, authorName: null, message: id, createdAt: at,
});
const comment = (id: string, replies: CommentReply[] = []): Comment => ({ ...reply(id, null), replies });

describe('comment list', () => {
  it('puts a new comment on top and a reply at the end of its conversation, once', () => {
    let list = [comment('b', [reply('b1', 'b')]), comment('a')];
    list = addComment(list, reply('c', null));
    list = addComment(list, reply('b2', 'b'));
    list = addComment(list, reply('b2', 'b'));
    list = addComment(list, reply('c', null));
    expect(list.map((c) => c.objectId)).toEqual(['c', 'b', 'a']);
    expect(list[1]!.replies.map((r) => r.objectId)).toEqual(['b1', 'b2']);
  });

  it('ignores a reply to a conversation that is not shown', () => {
    const list = [comment('a')];
    expect(addComment(list, reply('x1', 'x'))).toEqual(list);
  });

  it('appends a batch below without repeating comments already shown, and starts the next one after the oldest', () => {
    const list = appendBatch([comment('new'), comment('b')], [comment('b'), comment('a')]);
    expect(list.map((c) => c.objectId)).toEqual(['new', 'b', 'a']);
    expect(cursorOf(list)).toEqual({ createdAt: '2026-11-22T10:00:00.000Z', objectId: 'a' });
    expect(cursorOf([])).toBeNull();
  });
});
