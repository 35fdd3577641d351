import type { ChatImage, ChatMessage, Conversation, MessageType, Side } from '../../../protocol/chat.ts';
import { json } from '../../db/columns.ts';
import type { ConversationRow, MessageRow } from './chat.repository.ts';

/** How one person stands in a conversation: the side they write on and the key their unread count ignores. */
export interface Standing {
  side: Side;
  /** 'visitor' or 'organiser' in a tour conversation; the person's own key in a direct one. */
  sideKey: string;
  partyKey: string;
}

const sideOf = (row: MessageRow): Side => (row.sideKey === 'visitor' || row.sideKey === 'organiser' ? row.sideKey : 'member');

export const presentMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  conversationId: row.conversationId,
  seq: Number(row.seq),
  type: row.type as MessageType,
  body: row.body,
  image: row.image ? json<ChatImage | null>(row.image, null) : null,
  senderKey: row.senderKey,
  senderName: row.senderName,
  side: sideOf(row),
  clientId: row.clientId,
  faq: row.faqId ? { faqId: row.faqId, index: Number(row.faqIndex ?? 0) } : null,
  createdAt: row.createdAt,
});

/** A conversation line as one person sees it; the unread count and read mark are theirs. */
export function presentConversation(row: ConversationRow, standing: Standing, reads: { unread: number; readSeq: number }): Conversation {
  const direct = row.kind === 'direct';
  // In a direct conversation the name shown is the other person's.
  const otherName = direct && standing.partyKey === row.visitorKey ? row.peerName ?? '' : row.visitorName;
  return {
    conversationId: row.id,
    caseName: row.caseName,
    type: (row.lastType as MessageType | null) ?? null,
    lastMessage: row.lastMessage,
    timestamp: row.lastAt,
    unread: reads.unread,
    username: otherName,
    kind: direct ? 'direct' : 'tour',
    buildingId: row.buildingId,
    status: row.status === 'done' ? 'done' : 'open',
    lastSeq: Number(row.lastSeq),
    readSeq: reads.readSeq,
    mySide: standing.side,
    visitorEmail: standing.side === 'organiser' ? row.visitorEmail : null,
  };
}
