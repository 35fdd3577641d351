import type { ChatImage, Conversation, MessageType } from '../../../protocol/chat.ts';
import type { ChatState } from './chatClient.ts';
import { totalUnread } from './conversationList.ts';

/** One line of the conversation list, ready to show. */
export interface ConversationItem {
  id: string;
  caseName: string;
  /** The visitor's name (organisers), or the other person's (direct). */
  name: string;
  preview: string;
  type: MessageType | null;
  timestamp: string;
  unread: number;
  selected: boolean;
  done: boolean;
}

/** One message as the box shows it: stored, or still in the outbox with its state. */
export interface MessageItem {
  key: string;
  mine: boolean;
  author: string | null;
  text: string;
  image: ChatImage | null;
  kind: 'text' | 'image' | 'faq-question' | 'faq-answer';
  status: 'stored' | 'sending' | 'not-sent' | 'refused';
  timestamp: string;
  clientId: string | null;
  /** Why the server refused it (its own sentence; the view shows its translation by code). */
  errorCode?: string;
}

/** Everything the chat box shows, free of React and of the DOM: the flat-screen box and the VR panel both draw it. */
export interface ChatBoxModel {
  connected: boolean;
  unreadTotal: number;
  conversations: ConversationItem[];
  open: (ConversationItem & { line: Conversation }) | null;
  messages: MessageItem[];
  /** Older messages exist before the first one shown. */
  hasOlder: boolean;
  /** The last fetch of those older messages failed: both boxes say so and offer to try again. */
  olderFailed: boolean;
}

/** `myKey`: "user:<id>" or "guest:<id>", to tell one's own messages in a conversation between two people. */
export function chatBoxModel(state: ChatState, myKey: string | null): ChatBoxModel {
  const openId = state.viewing.openId;
  const conversations = state.conversations.map((c) => item(c, c.conversationId === openId));
  const openLine = state.conversations.find((c) => c.conversationId === openId) ?? null;
  const timeline = openId ? state.timelines[openId] : undefined;
  const stored: MessageItem[] = (timeline?.messages ?? []).map((m) => ({
    key: m.id,
    mine: openLine?.kind === 'direct' ? m.senderKey === myKey : m.side === openLine?.mySide,
    author: m.senderName,
    text: m.body,
    image: m.image,
    kind: m.type === 'faq' ? (m.side === 'visitor' ? 'faq-question' : 'faq-answer') : m.type,
    status: 'stored',
    timestamp: m.createdAt,
    clientId: m.clientId,
  }));
  const storedIds = new Set(stored.map((m) => m.clientId));
  const pending: MessageItem[] = state.outbox
    .filter((p) => p.conversationId === openId && !storedIds.has(p.clientId))
    .map((p) => ({
      key: p.clientId, mine: true, author: null, text: p.body, image: p.image ?? null, kind: p.type, status: p.status,
      timestamp: new Date(p.at).toISOString(), clientId: p.clientId, ...(p.error ? { errorCode: p.error.code } : {}),
    }));
  return {
    connected: state.connected,
    unreadTotal: totalUnread(state.conversations),
    conversations,
    open: openLine ? { ...item(openLine, true), line: openLine } : null,
    messages: [...stored, ...pending],
    hasOlder: (timeline?.firstSeq ?? 1) > 1,
    olderFailed: openId !== null && state.olderFailed[openId] === true,
  };
}

const item = (c: Conversation, selected: boolean): ConversationItem => ({
  id: c.conversationId, caseName: c.caseName, name: c.username, preview: c.lastMessage, type: c.type, timestamp: c.timestamp,
  unread: c.unread, selected, done: c.status === 'done',
});
