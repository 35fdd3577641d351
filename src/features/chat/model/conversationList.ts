import type { Conversation, MessageCreated } from '../../../protocol/chat.ts';

/** What the chat box shows right now: which conversation is open, and whether the box is on screen. */
export interface Viewing {
  openId: string | null;
  boxShown: boolean;
}

/**
 * Spec section 4: an incoming message updates the matching conversation or adds a new one at the top; it becomes
 * unread unless it was sent by the user, or that conversation is open while the box is shown.
 */
export function receiveMessage(list: readonly Conversation[], event: MessageCreated, viewing: Viewing): Conversation[] {
  const id = event.conversation.id;
  const seen = event.isByMe || (viewing.boxShown && viewing.openId === id);
  const at = list.findIndex((c) => c.conversationId === id);
  const current = at >= 0 ? list[at]! : null;
  // A message already counted (a duplicate delivery, or one a sync brought first) changes nothing.
  if (current && event.message.seq <= current.lastSeq) return list as Conversation[];
  const updated: Conversation = {
    ...(current ?? event.summary),
    caseName: event.conversation.custom.caseName,
    type: event.type,
    lastMessage: event.body,
    timestamp: event.timestamp,
    status: event.summary.status,
    lastSeq: event.message.seq,
    unread: (current?.unread ?? 0) + (seen ? 0 : 1),
    readSeq: seen && !event.isByMe ? event.message.seq : current?.readSeq ?? 0,
  };
  if (!current) return [updated, ...list];
  const next = [...list];
  next[at] = updated;
  return next;
}

/** Section 4: selecting a conversation marks it read. */
export function markRead(list: readonly Conversation[], id: string): Conversation[] {
  return list.map((c) => (c.conversationId === id && c.unread > 0 ? { ...c, unread: 0, readSeq: c.lastSeq } : c));
}

/** A line the server sent again (a refresh, another tab's read, marked done): the newer one wins, unread included. */
export function replaceLine(list: readonly Conversation[], line: Conversation): Conversation[] {
  const at = list.findIndex((c) => c.conversationId === line.conversationId);
  if (at < 0) return [line, ...list];
  const current = list[at]!;
  // A line older than what live messages already brought keeps the newer last message.
  const merged = line.lastSeq >= current.lastSeq ? line : { ...line, lastMessage: current.lastMessage, type: current.type, timestamp: current.timestamp, lastSeq: current.lastSeq, unread: Math.max(line.unread, current.unread) };
  const next = [...list];
  next[at] = merged;
  return next;
}

/** The count on the chat button and in the tab title. */
export const totalUnread = (list: readonly Conversation[]): number => list.reduce((n, c) => n + c.unread, 0);

/** The page title with the unread count in front, the way mail and chat apps show it: "(3) Harbour House". */
export function titleWithUnread(title: string, unread: number): string {
  const bare = title.replace(/^\(\d+\+?\) /, '');
  return unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${bare}` : bare;
}
