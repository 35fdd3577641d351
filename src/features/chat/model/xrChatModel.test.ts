import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../protocol/chat.ts';
import type { ChatBoxModel, MessageItem } from './chatViewModel.ts';
import { XR_CHAT_FAQ, XR_CHAT_MESSAGES, xrChatModel } from './xrChatModel.ts';

const t = ((key: string) => key) as unknown as TFunction<'chat'>;

const message = (n: number, extra: Partial<MessageItem> = {}): MessageItem => ({
  key: `m${n}`, mine: n % 2 === 0, author: 'Olive', text: `message ${n}`, image: null, kind: 'text', status: 'stored',
  timestamp: new Date(n * 1000).toISOString(), clientId: null, ...extra,
});

const boxModel = (messages: MessageItem[], extra: Partial<ChatBoxModel> = {}, kind: Conversation['kind'] = 'tour'): ChatBoxModel => ({
  connected: true, unreadTotal: 0, conversations: [], messages, hasOlder: false, olderFailed: false,
  open: { id: 'c1', caseName: 'Harbour House', name: 'Olive', preview: '', type: null, timestamp: '', unread: 0, selected: true, done: false, line: { kind } as Conversation },
  ...extra,
});

const faq = { entries: Array.from({ length: 6 }, (_, i) => ({ id: `f${i}`, questionMulti: { en: `Question ${i}`, ar: `سؤال ${i}` } })) };

describe('the in-world chat model', () => {
  it('shows the last messages with who wrote them, and says that earlier ones exist', () => {
    const vm = xrChatModel(boxModel(Array.from({ length: 10 }, (_, i) => message(i + 1))), faq, t, 'en', false);
    expect(vm.messages).toHaveLength(XR_CHAT_MESSAGES);
    expect(vm.messages.at(-1)).toMatchObject({ key: 'm10', mine: true, author: 'chat.you', text: 'message 10', status: null });
    expect(vm.messages.at(-2)).toMatchObject({ key: 'm9', mine: false, author: 'Olive' });
    expect(vm.earlier).toBe('chat.load-older');
    expect(vm.empty).toBeNull();
  });

  it('shows an earlier page from its place, with the way back to the newest; the newest page offers none', () => {
    const messages = Array.from({ length: 20 }, (_, i) => message(i + 1));
    const back = xrChatModel(boxModel(messages), faq, t, 'en', false, 'm3');
    expect(back.messages.map((m) => m.text)).toEqual(['message 3', 'message 4', 'message 5']);
    expect(back.earlier).toBe('chat.load-older');
    expect(back.newest).toBe('chat.load-newest');
    const first = xrChatModel(boxModel(messages), faq, t, 'en', false, 'm1');
    expect(first.earlier).toBeNull();
    // Older messages still on the server: the button stays, to load them.
    expect(xrChatModel(boxModel(messages, { hasOlder: true }), faq, t, 'en', false, 'm1').earlier).toBe('chat.load-older');
    expect(xrChatModel(boxModel(messages), faq, t, 'en', false).newest).toBeNull();
  });

  it('says what is still on its way, a photo as a photo, and an FAQ answer as automatic', () => {
    const vm = xrChatModel(boxModel([
      message(1, { kind: 'faq-answer', author: null, mine: false }),
      message(2, { status: 'not-sent' }),
      message(3, { image: { url: '/m/1.jpg', width: 10, height: 10 } as MessageItem['image'], text: '', mine: true }),
    ]), null, t, 'en', false);
    expect(vm.messages.map((m) => [m.author, m.text, m.status])).toEqual([
      ['chat.faq-answer-label', 'message 1', null],
      ['chat.you', 'message 2', 'chat.not-sent'],
      ['chat.you', 'chat.type-image', null],
    ]);
    expect(vm.earlier).toBeNull();
  });

  it('offers the first FAQ questions in the visitor\'s language, only in a conversation with the organiser', () => {
    const tour = xrChatModel(boxModel([]), faq, t, 'ar', false);
    expect(tour.faq).toHaveLength(XR_CHAT_FAQ);
    expect(tour.faq[1]).toEqual({ id: 'f1', index: 1, question: 'سؤال 1' });
    expect(tour.empty).toBe('chat.empty');
    expect(xrChatModel(boxModel([], {}, 'direct'), faq, t, 'en', false).faq).toEqual([]);
  });

  it('says, as the flat box does, when the earlier messages could not be fetched, and offers to try again', () => {
    const messages = Array.from({ length: 10 }, (_, i) => message(i + 1));
    const failed = xrChatModel(boxModel(messages, { hasOlder: true, olderFailed: true }), faq, t, 'en', false, 'm1');
    expect(failed.olderFailed).toEqual({ message: 'chat.older-failed', retry: 'chat.retry' });
    // The page stays where it was: the messages held are still there to read.
    expect(failed.messages[0]?.key).toBe('m1');
    expect(xrChatModel(boxModel(messages, { hasOlder: true }), faq, t, 'en', false, 'm1').olderFailed).toBeNull();
    // On the newest page the messages held still page back without the server: Earlier messages, as usual.
    const newest = xrChatModel(boxModel(messages, { hasOlder: true, olderFailed: true }), faq, t, 'en', false);
    expect(newest.olderFailed).toBeNull();
    expect(newest.earlier).toBe('chat.load-older');
  });

  it('says when the connection is lost and when asking failed', () => {
    const vm = xrChatModel(boxModel([], { connected: false }), faq, t, 'en', true);
    expect(vm.offline).toBe('chat.offline');
    expect(vm.failed).toBe('chat.failed');
  });

  it('offers a field to write in once a conversation is open, with its translated labels', () => {
    expect(xrChatModel(boxModel([]), faq, t, 'en', false).composer).toEqual({
      label: 'chat.placeholder', placeholder: 'chat.placeholder', send: 'chat.send', tooLong: 'chat.error-too-long',
    });
    expect(xrChatModel(boxModel([], { open: null }), faq, t, 'en', false).composer).toBeNull();
  });
});
