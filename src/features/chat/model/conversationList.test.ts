import { describe, expect, it } from 'vitest';
import type { Conversation, MessageCreated } from '../../../protocol/chat.ts';
import { markRead, receiveMessage, replaceLine, titleWithUnread, totalUnread } from './conversationList.ts';

const line = (id: string, extra: Partial<Conversation> = {}): Conversation => ({
  conversationId: id, caseName: 'Harbour House', type: 'text', lastMessage: 'hi', timestamp: '2026-01-01T00:00:00.000Z', unread: 0,
  username: 'Ada', kind: 'tour', buildingId: 't1', status: 'open', lastSeq: 1, readSeq: 1, mySide: 'visitor', visitorEmail: null, ...extra,
});
const event = (id: string, seq: number, isByMe = false): MessageCreated => ({
  conversation: { id, custom: { caseName: 'Harbour House', visitorName: 'Ada' } }, type: 'text', body: `m${seq}`, timestamp: `2026-01-02T00:00:0${seq}.000Z`, isByMe,
  message: { id: `m${seq}`, conversationId: id, seq, type: 'text', body: `m${seq}`, image: null, senderKey: 'user:x', senderName: 'X', side: 'organiser', clientId: null, faq: null, createdAt: '' },
  summary: line(id, { lastSeq: seq, unread: 0, readSeq: 0 }),
});
const closed = { openId: null, boxShown: false };

describe('section 4: incoming messages and the conversation list', () => {
  it('updates the matching conversation in place and counts it unread', () => {
    const list = [line('a'), line('b')];
    const next = receiveMessage(list, event('b', 2), closed);
    expect(next.map((c) => c.conversationId)).toEqual(['a', 'b']);
    expect(next[1]).toMatchObject({ lastMessage: 'm2', unread: 1, lastSeq: 2, timestamp: '2026-01-02T00:00:02.000Z' });
  });

  it('adds an unknown conversation at the top', () => {
    const next = receiveMessage([line('a')], event('new', 1), closed);
    expect(next.map((c) => c.conversationId)).toEqual(['new', 'a']);
    expect(next[0]!.unread).toBe(1);
  });

  it('is not unread when sent by the user, or when that conversation is open while the box is shown', () => {
    expect(receiveMessage([line('a')], event('a', 2, true), closed)[0]!.unread).toBe(0);
    expect(receiveMessage([line('a')], event('a', 2), { openId: 'a', boxShown: true })[0]!.unread).toBe(0);
    // Open but the box hidden, or the box shown on another conversation: unread.
    expect(receiveMessage([line('a')], event('a', 2), { openId: 'a', boxShown: false })[0]!.unread).toBe(1);
    expect(receiveMessage([line('a')], event('a', 2), { openId: 'b', boxShown: true })[0]!.unread).toBe(1);
  });

  it('counts a message delivered twice once', () => {
    const once = receiveMessage([line('a')], event('a', 2), closed);
    expect(receiveMessage(once, event('a', 2), closed)[0]!.unread).toBe(1);
  });

  it('selecting a conversation marks it read; totals feed the button and the tab title', () => {
    const list = [line('a', { unread: 2, lastSeq: 5 }), line('b', { unread: 3 })];
    expect(totalUnread(list)).toBe(5);
    const read = markRead(list, 'a');
    expect(read[0]).toMatchObject({ unread: 0, readSeq: 5 });
    expect(totalUnread(read)).toBe(3);
    expect(titleWithUnread('Harbour House', 3)).toBe('(3) Harbour House');
    expect(titleWithUnread('(3) Harbour House', 0)).toBe('Harbour House');
    expect(titleWithUnread('(3) Harbour House', 120)).toBe('(99+) Harbour House');
  });

  it('a line from the server replaces ours unless live messages already went further', () => {
    const live = receiveMessage([line('a')], event('a', 4), closed);
    const stale = replaceLine(live, line('a', { lastSeq: 2, lastMessage: 'old', unread: 0 }));
    expect(stale[0]).toMatchObject({ lastMessage: 'm4', lastSeq: 4, unread: 1 });
    expect(replaceLine(live, line('a', { lastSeq: 4, unread: 0, readSeq: 4 }))[0]).toMatchObject({ unread: 0 });
  });
});
