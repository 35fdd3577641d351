import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, MessagesAnswer } from '../../../protocol/chat.ts';
import { ChatClient, type ChatApi } from './chatClient.ts';
import { chatBoxModel } from './chatViewModel.ts';

const stored = (seq: number): ChatMessage => ({
  id: `m${seq}`, conversationId: 'c1', seq, type: 'text', body: `message ${seq}`, image: null, senderKey: 'user:o', senderName: 'Olive',
  side: 'organiser', clientId: null, faq: null, createdAt: '',
});

describe('fetching earlier messages', () => {
  let client: ChatClient | null = null;
  afterEach(() => client?.close());

  it('keeps a failed fetch in the state for both boxes to say, and clears it when trying again works', async () => {
    let answer: () => Promise<MessagesAnswer> = () => Promise.reject(new Error('500 INTERNAL'));
    const api: ChatApi = { conversations: async () => [], messages: () => answer(), read: async () => ({}) };
    // No server at this address: the socket never connects, which this test does not need.
    client = new ChatClient({ url: 'http://127.0.0.1:9', auth: { sessionToken: 't' }, api, reconnectDelayMs: 60_000 });
    client.addMessages('c1', [stored(51), stored(52)]);
    await client.select('c1');
    expect(chatBoxModel(client.getState(), null)).toMatchObject({ hasOlder: true, olderFailed: false });

    await client.loadOlder('c1');
    expect(chatBoxModel(client.getState(), null)).toMatchObject({ hasOlder: true, olderFailed: true });
    expect(chatBoxModel(client.getState(), null).messages.map((m) => m.key)).toEqual(['m51', 'm52']);

    answer = async () => ({ messages: [stored(49), stored(50)], hasMore: false } as MessagesAnswer);
    await client.loadOlder('c1');
    const model = chatBoxModel(client.getState(), null);
    expect(model.olderFailed).toBe(false);
    expect(model.messages.map((m) => m.key)).toEqual(['m49', 'm50', 'm51', 'm52']);
  });
});
