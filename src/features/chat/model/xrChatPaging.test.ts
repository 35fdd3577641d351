import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '../../../protocol/chat.ts';
import type { ChatState } from './chatClient.ts';
import type { MessageItem } from './chatViewModel.ts';
import { addMessages, emptyTimeline } from './timeline.ts';
import { earlierPlace, pageEarlier, XR_CHAT_MESSAGES, xrChatWindow } from './xrChatPaging.ts';

const item = (n: number): MessageItem => ({
  key: `m${n}`, mine: false, author: 'Olive', text: `message ${n}`, image: null, kind: 'text', status: 'stored', timestamp: '', clientId: null,
});
const items = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => item(from + i));
const keys = (list: MessageItem[], w: { start: number; end: number }) => list.slice(w.start, w.end).map((m) => m.key);

const stored = (seq: number): ChatMessage => ({
  id: `m${seq}`, conversationId: 'c1', seq, type: 'text', body: `message ${seq}`, image: null, senderKey: 'user:o', senderName: 'Olive',
  side: 'organiser', clientId: null, faq: null, createdAt: '',
});

/** A client holding messages `from`..`to` of conversation c1; the server has 1..`to`, paged back `page` at a time. */
function fakeClient(from: number, to: number, page: number, fails = false) {
  let state: ChatState = {
    connected: true, outbox: [], viewing: { openId: 'c1', boxShown: true }, olderFailed: {},
    conversations: [{ conversationId: 'c1', kind: 'tour', mySide: 'visitor' } as Conversation],
    timelines: { c1: addMessages(emptyTimeline(), Array.from({ length: to - from + 1 }, (_, i) => stored(from + i))).timeline },
  };
  const loads: number[] = [];
  return {
    loads,
    getState: () => state,
    loadOlder: async (id: string) => {
      const first = state.timelines[id]!.firstSeq;
      loads.push(first);
      if (fails) return;
      const older = Array.from({ length: Math.min(page, first - 1) }, (_, i) => stored(first - Math.min(page, first - 1) + i));
      state = { ...state, timelines: { c1: addMessages(state.timelines[id]!, older).timeline } };
    },
  };
}

describe('paging the in-world chat', () => {
  it('shows the newest page by default, and a full page from an earlier place that new messages do not move', () => {
    const list = items(1, 20);
    expect(keys(list, xrChatWindow(list, null))).toEqual(['m18', 'm19', 'm20']);
    expect(xrChatWindow(list, null).newest).toBe(true);
    const back = xrChatWindow(list, 'm3');
    expect(keys(list, back)).toEqual(['m3', 'm4', 'm5']);
    expect(back.newest).toBe(false);
    // Messages arriving after it, and older ones loaded before it, leave the page where it was.
    const grown = [...items(-10, 0), ...list, ...items(21, 25)];
    expect(keys(grown, xrChatWindow(grown, 'm3'))[0]).toBe('m3');
    // A place near the end still shows a full page; one that is gone shows the newest.
    expect(keys(list, xrChatWindow(list, 'm19'))).toEqual(keys(list, xrChatWindow(list, null)));
    expect(keys(list, xrChatWindow(list, 'gone'))).toEqual(keys(list, xrChatWindow(list, null)));
    expect(xrChatWindow([], null)).toEqual({ start: 0, end: 0, newest: true });
  });

  it('steps back a page at a time, and stops at the oldest message held', () => {
    const list = items(1, 20);
    expect(earlierPlace(list, null)).toBe('m15');
    expect(earlierPlace(list, 'm15')).toBe('m12');
    expect(earlierPlace(list, 'm3')).toBe('m1');
    expect(earlierPlace([], null)).toBeNull();
  });

  it('pages through the messages held without asking the server, then loads the previous page when they run out', async () => {
    // The client holds 51..100 (the latest page of 50), the server has 1..100.
    const client = fakeClient(51, 100, 50);
    let place = await pageEarlier(client, 'c1', null, null);
    expect(place).toBe('m95');
    expect(client.loads).toEqual([]);
    for (let i = 0; i < 14; i += 1) place = await pageEarlier(client, 'c1', place, null);
    expect(place).toBe('m53');
    expect(client.loads).toEqual([]);
    // Two held before the page: the server's previous page first, then a whole page back from where it was.
    place = await pageEarlier(client, 'c1', place, null);
    expect(client.loads).toEqual([51]);
    expect(place).toBe(`m${53 - XR_CHAT_MESSAGES}`);
  });

  it('shows the oldest message held when the previous page cannot be loaded', async () => {
    const client = fakeClient(51, 100, 50, true);
    expect(await pageEarlier(client, 'c1', 'm53', null)).toBe('m51');
    expect(client.loads).toEqual([51]);
  });
});
