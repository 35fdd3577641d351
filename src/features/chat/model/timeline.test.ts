import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../protocol/chat.ts';
import { addMessages, emptyTimeline } from './timeline.ts';

const m = (seq: number): ChatMessage => ({
  id: `m${seq}`, conversationId: 'c', seq, type: 'text', body: `${seq}`, image: null, senderKey: 'guest:g', senderName: 'G', side: 'visitor', clientId: `c${seq}`, faq: null, createdAt: '',
});

describe('a conversation timeline', () => {
  it('holds each message once, in seq order, and knows the last seq with nothing missing before it', () => {
    let t = addMessages(emptyTimeline(), [m(2), m(1), m(3)]).timeline;
    expect(t.messages.map((x) => x.seq)).toEqual([1, 2, 3]);
    expect(t.lastSeq).toBe(3);
    const again = addMessages(t, [m(2)]);
    expect(again.result).toBe('duplicate');
    t = again.timeline;
    expect(t.messages).toHaveLength(3);
  });

  it('says "gap" when a message arrives ahead of one it missed, and closes it when the sync brings the rest', () => {
    const start = addMessages(emptyTimeline(), [m(1), m(2)]).timeline;
    const ahead = addMessages(start, [m(5)]);
    expect(ahead.result).toBe('gap');
    expect(ahead.timeline.lastSeq).toBe(2);
    const synced = addMessages(ahead.timeline, [m(3), m(4), m(5)]);
    expect(synced.result).toBe('added');
    expect(synced.timeline.lastSeq).toBe(5);
  });

  it('a latest page starts the window where it starts; older pages extend it', () => {
    const latest = addMessages(emptyTimeline(), [m(451), m(452)]).timeline;
    expect(latest).toMatchObject({ lastSeq: 452, firstSeq: 451 });
    const older = addMessages(latest, [m(449), m(450)]).timeline;
    expect(older).toMatchObject({ lastSeq: 452, firstSeq: 449 });
  });
});
