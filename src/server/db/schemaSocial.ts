// Table types of visitors' social data, the visitor gate and chat (camelCase; CamelCasePlugin maps them to columns).
import type { Generated, Json } from './schemaColumns.ts';

/** Social data (spec section 3); see migrations/20261122T1135-create-social.ts. */
export interface TourViewsTable {
  tourId: string;
  visitId: string;
  visitorKey: string;
  createdAt: string;
}
export interface TourLikesTable {
  tourId: string;
  visitorKey: string;
  createdAt: string;
}
export interface TourCommentsTable {
  id: string;
  tourId: string;
  parentId: string | null;
  userId: string | null;
  authorName: string | null;
  message: string;
  createdAt: string;
}

/** Visitor statistics (spec sections 3 and 7); see migrations/20261122T1150-create-analytics.ts. */
export interface VisitorHistoriesTable {
  id: string;
  buildingId: string;
  userId: string | null;
  visitorKey: string;
  linkSource: string;
  startedAt: string;
  lastSeenAt: string;
  viewingSeconds: Generated<number>;
}
export interface ClickCountsTable {
  id: string;
  buildingId: string;
  identifier: string;
  identifierId: string;
  visitorKey: string;
  at: string;
}
export interface VisitorReportsTable {
  id: string;
  userId: string;
  buildingId: string;
  headquarter: string | null;
  startedAt: string;
  durationSeconds: number;
  reportedAt: string;
}

/** The visitor gate; see migrations/20261122T1155-create-visitor-gate.ts. */
export interface VisitorFormsTable {
  id: string;
  userId: string;
  buildingId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  occupation: string;
  company: string;
  locale: string | null;
  createdAt: string;
}
export interface VisitorVerificationsTable {
  id: string;
  userId: string;
  buildingId: string;
  email: string;
  /** Hashes only: the code and the link token are never stored. */
  codeHash: string;
  linkTokenHash: string;
  attempts: Generated<number>;
  locale: string | null;
  createdAt: string;
  expiresAt: string;
  /** Set when used, replaced by a resend, or killed by too many wrong codes. */
  consumedAt: string | null;
}

/** Instant messaging; see migrations/20261125T1500-create-chat.ts. */
export interface ChatGuestsTable {
  id: string;
  buildingId: string;
  name: string;
  email: string;
  tokenHash: string;
  createdAt: string;
}
export interface ChatConversationsTable {
  id: string;
  kind: string;
  buildingId: string | null;
  visitorKey: string;
  visitorName: string;
  visitorEmail: string | null;
  peerKey: string | null;
  peerName: string | null;
  caseName: string;
  status: Generated<string>;
  lastSeq: Generated<number>;
  lastMessage: Generated<string>;
  lastType: string | null;
  lastAt: string;
  createdAt: string;
}
export interface ChatMessagesTable {
  id: string;
  conversationId: string;
  seq: number;
  type: string;
  body: string;
  image: Json | null;
  senderKey: string;
  senderName: string | null;
  sideKey: string;
  clientId: string | null;
  faqId: string | null;
  faqIndex: number | null;
  createdAt: string;
}
export interface ChatReadsTable {
  conversationId: string;
  partyKey: string;
  readSeq: number;
  updatedAt: string;
}
export interface ChatFaqsTable {
  id: string;
  buildingId: string;
  position: number;
  questionMulti: Json;
  answerMulti: Json;
  updatedAt: string;
}
export interface ChatAgentsTable {
  buildingId: string;
  userId: string;
  createdAt: string;
}
