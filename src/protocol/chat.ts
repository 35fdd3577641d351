// The instant-messaging contract (spec sections 3, 4 and 7): conversations, messages, FAQ answers, over HTTP and the
// Socket.IO namespace /chat. Client and server both parse what crosses the wire with these schemas.
import { z } from 'zod';
import { EMAIL_PATTERN } from './accounts.ts';
import { IdSchema } from './tour.ts';

export const CHAT_PROTOCOL_VERSION = 1;
/** A namespace of the one Socket.IO server (same path as social data); the client multiplexes one WebSocket. */
export const CHAT_NAMESPACE = '/chat';

/** Longest text message, in characters as people count them (grapheme clusters: an emoji flag is one). */
export const CHAT_TEXT_MAX_CHARACTERS = 2000;
/** The payload cap behind it: even 2000 clusters of many code points stay under this many UTF-16 units. */
const CHAT_TEXT_MAX_UNITS = 16_000;
/** Largest image upload, its largest decoded size, and the longest side it is re-encoded to. */
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_IMAGE_MAX_PIXELS = 50_000_000;
export const CHAT_IMAGE_MAX_EDGE = 2048;
/** Messages per sync answer; a client that is further behind asks again. */
export const CHAT_SYNC_BATCH = 200;
export const FAQ_MAX_ENTRIES = 50;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 2000;
export const GUEST_NAME_MAX = 100;

/** Made by the client for every message it sends, so a resend after a lost acknowledgement is recognised. */
export const ClientMessageIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _');

export const MESSAGE_TYPES = ['text', 'image', 'faq'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/**
 * Which side wrote a message. In a tour conversation: the visitor, or the organiser (the owner, the tour's editors and
 * the people the owner names; FAQ answers too). In a direct conversation between two people: 'member'.
 */
export const SIDES = ['visitor', 'organiser', 'member'] as const;
export type Side = (typeof SIDES)[number];

export const ChatImageSchema = z.object({ url: z.string(), width: z.number().int().positive(), height: z.number().int().positive() });
export type ChatImage = z.infer<typeof ChatImageSchema>;

export const ChatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** 1, 2, 3… per conversation, in the order the server stored them: what a client has seen is one number. */
  seq: z.number().int().positive(),
  type: z.enum(MESSAGE_TYPES),
  /** Plain text, never HTML (an image's caption may be empty). */
  body: z.string(),
  image: ChatImageSchema.nullable(),
  /** Who wrote it: "user:<id>", "guest:<id>", or "faq" for a stored answer. */
  senderKey: z.string(),
  senderName: z.string().nullable(),
  side: z.enum(SIDES),
  clientId: z.string().nullable(),
  /** For FAQ messages: the entry and the position it was picked at. */
  faq: z.object({ faqId: z.string(), index: z.number().int().min(0) }).nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const CONVERSATION_KINDS = ['tour', 'direct'] as const;
export const CONVERSATION_STATUSES = ['open', 'done'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** One line of a conversation list, as the person asking sees it (spec section 3's fields first). */
export const ConversationSchema = z.object({
  conversationId: z.string(),
  caseName: z.string(),
  /** The last message's type. */
  type: z.enum(MESSAGE_TYPES).nullable(),
  lastMessage: z.string(),
  /** When the last message was written (or the conversation opened). */
  timestamp: z.string(),
  unread: z.number().int().min(0),
  /** The visitor's name (in a direct conversation: the other person's). */
  username: z.string(),
  kind: z.enum(CONVERSATION_KINDS),
  buildingId: z.string().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
  lastSeq: z.number().int().min(0),
  /** The asker's own read mark. */
  readSeq: z.number().int().min(0),
  /** The side the asker writes on here. */
  mySide: z.enum(SIDES),
  /** The visitor's email, for the organiser only (null for the visitor, and in direct conversations). */
  visitorEmail: z.string().nullable(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationsAnswerSchema = z.object({ conversations: z.array(ConversationSchema) });
export type ConversationsAnswer = z.infer<typeof ConversationsAnswerSchema>;

const booleanText = z.enum(['true', 'false']).transform((v) => v === 'true');
/** GET /v2/messages/conversations: isVisitor=true lists the asker's own conversations; false the organiser's inbox. */
export const ConversationsQuerySchema = z.object({
  isVisitor: booleanText.default(true),
  status: z.enum([...CONVERSATION_STATUSES, 'all']).default('all'),
  /** Searches visitor name, email, case name and message text (organiser inbox). */
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

/** POST /v2/messages/conversations: the visitor's conversation with a tour's organiser, or a direct one with a user. */
export const OpenConversationBodySchema = z.union([
  z.object({ buildingId: IdSchema }).strict(),
  z.object({ userId: IdSchema }).strict(),
]);
export type OpenConversationBody = z.infer<typeof OpenConversationBodySchema>;

export const ConversationParamsSchema = z.object({ conversationId: IdSchema });
export const MessagesQuerySchema = z.object({
  /** Messages after this seq (a sync), oldest first. */
  after: z.coerce.number().int().min(0).optional(),
  /** Or the page before this seq (older history), oldest first. */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_SYNC_BATCH).default(CHAT_SYNC_BATCH),
});
export const MessagesAnswerSchema = z.object({
  messages: z.array(ChatMessageSchema),
  /** The conversation's newest seq: a client whose last message is older asks again. */
  lastSeq: z.number().int().min(0),
  hasMore: z.boolean(),
});
export type MessagesAnswer = z.infer<typeof MessagesAnswerSchema>;

export const ReadBodySchema = z.object({ seq: z.number().int().min(0) });
export const StatusBodySchema = z.object({ status: z.enum(CONVERSATION_STATUSES) });

/** POST /v2/messages/FAQ (section 7): the question and its stored answer are added to the conversation. */
export const FaqAnswerBodySchema = z.object({
  conversationId: IdSchema,
  FAQId: IdSchema,
  /** The position the entry was shown at (kept with the message); the id decides which entry it is. */
  FAQIndex: z.number().int().min(0).max(FAQ_MAX_ENTRIES),
  /** Optional, as for any message: a resend with the same id adds nothing. */
  clientId: ClientMessageIdSchema.optional(),
  /** The language the visitor reads; the entry's text in it, else English, else the first one written. */
  locale: z.string().max(20).optional(),
});
export type FaqAnswerBody = z.infer<typeof FaqAnswerBodySchema>;
export const FaqAnswerSchema = z.object({ question: ChatMessageSchema, answer: ChatMessageSchema });

/** Texts by language code ("en", "fr", …); at least one. */
const MultiTextSchema = (max: number) =>
  z.record(z.string().min(2).max(10), z.string().trim().max(max)).refine((m) => Object.values(m).some((t) => t.length > 0), 'write it in at least one language');

export const FaqEntrySchema = z.object({
  id: z.string(),
  questionMulti: z.record(z.string(), z.string()),
  answerMulti: z.record(z.string(), z.string()),
});
export type FaqEntry = z.infer<typeof FaqEntrySchema>;
/** What visitors get: the questions in order (answers come into the conversation when asked). */
export const FaqListSchema = z.object({ entries: z.array(FaqEntrySchema.omit({ answerMulti: true })) });
export type FaqList = z.infer<typeof FaqListSchema>;
export const FaqQuerySchema = z.object({ buildingId: IdSchema });

/** PUT /v2/studio/tours/{id}/faqs: the whole ordered list; entries without an id are new. */
export const FaqEditBodySchema = z.object({
  entries: z.array(z.object({
    id: IdSchema.optional(),
    questionMulti: MultiTextSchema(FAQ_QUESTION_MAX),
    answerMulti: MultiTextSchema(FAQ_ANSWER_MAX),
  })).max(FAQ_MAX_ENTRIES),
});
export type FaqEditBody = z.infer<typeof FaqEditBodySchema>;
export const StudioFaqsSchema = z.object({ entries: z.array(FaqEntrySchema) });

/** The people the owner names to answer a tour's visitors (besides the owner and the headquarter's editors). */
export const ChatAgentsSchema = z.object({ agents: z.array(z.object({ userId: z.string(), username: z.string(), name: z.string().nullable() })) });
export const ChatAgentsBodySchema = z.object({ usernames: z.array(z.string().trim().min(1).max(254)).max(50) });

/** POST /v2/messages/guests: a visitor without an account gives a name and an email to start chatting. */
export const GuestBodySchema = z.object({
  buildingId: IdSchema,
  name: z.string().trim().min(1, 'Field required.').max(GUEST_NAME_MAX),
  email: z.string().trim().toLowerCase().min(1, 'Field required.').max(254).regex(EMAIL_PATTERN, 'Invalid email format.'),
});
export type GuestBody = z.input<typeof GuestBodySchema>;
export const GuestAnswerSchema = z.object({ guestToken: z.string(), guestId: z.string(), name: z.string() });
export type GuestAnswer = z.infer<typeof GuestAnswerSchema>;
/** The header that carries a guest's token on HTTP calls (the socket carries it in its handshake). */
export const GUEST_TOKEN_HEADER = 'x-chat-guest';

export const UploadedImageSchema = ChatImageSchema;

// ---- Socket.IO namespace /chat ----

export const ChatHandshakeSchema = z.object({
  v: z.literal(CHAT_PROTOCOL_VERSION),
  sessionToken: z.string().min(1).max(200).optional(),
  guestToken: z.string().min(1).max(200).optional(),
});
export type ChatHandshake = z.infer<typeof ChatHandshakeSchema>;

export const SendMessageSchema = z.object({
  conversationId: IdSchema,
  clientId: ClientMessageIdSchema,
  type: z.enum(['text', 'image']),
  // Length in characters is checked by messageTextProblem so the answer can say which rule failed.
  body: z.string().max(CHAT_TEXT_MAX_UNITS),
  image: ChatImageSchema.optional(),
});
export type SendMessage = z.infer<typeof SendMessageSchema>;
export const SendAnswerSchema = z.object({ message: ChatMessageSchema });
export type SendAnswer = z.infer<typeof SendAnswerSchema>;

export const SyncRequestSchema = z.object({ conversationId: IdSchema, after: z.number().int().min(0) });
export const ReadRequestSchema = z.object({ conversationId: IdSchema, seq: z.number().int().min(0) });
export const ReadAnswerSchema = z.object({ conversationId: z.string(), readSeq: z.number().int().min(0) });

/**
 * What every member of a conversation receives when a message is stored: the spec's incoming-message fields
 * (conversation.id, conversation.custom.caseName and visitorName, type, body, timestamp, isByMe), the message itself and
 * the conversation line as the receiver sees it (without their unread count, which the receiver's own rule keeps).
 */
export const MessageCreatedSchema = z.object({
  conversation: z.object({ id: z.string(), custom: z.object({ caseName: z.string(), visitorName: z.string() }) }),
  type: z.enum(MESSAGE_TYPES),
  body: z.string(),
  timestamp: z.string(),
  isByMe: z.boolean(),
  message: ChatMessageSchema,
  summary: ConversationSchema,
});
export type MessageCreated = z.infer<typeof MessageCreatedSchema>;
/** A conversation changed without a message: read elsewhere by the same person, marked done or reopened. */
export const ConversationChangedSchema = z.object({ summary: ConversationSchema });
export type ConversationChanged = z.infer<typeof ConversationChangedSchema>;

export type ChatAck<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; field?: string; retryAfterMs?: number } };

export interface ChatServerToClientEvents {
  'message:created': (payload: MessageCreated) => void;
  'conversation:changed': (payload: ConversationChanged) => void;
}
export interface ChatClientToServerEvents {
  'message:send': (request: SendMessage, ack: (answer: ChatAck<SendAnswer>) => void) => void;
  'messages:sync': (request: z.infer<typeof SyncRequestSchema>, ack: (answer: ChatAck<MessagesAnswer>) => void) => void;
  'conversation:read': (request: z.infer<typeof ReadRequestSchema>, ack: (answer: ChatAck<z.infer<typeof ReadAnswerSchema>>) => void) => void;
}

/** Socket.IO room of one person (every tab and device of theirs): where their conversations' news goes. */
export const partyRoom = (partyKey: string): string => `party:${partyKey}`;

// ---- Text rules ----

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** Characters as people count them: grapheme clusters where the platform can tell, code points otherwise. */
export function characterCount(text: string): number {
  if (!segmenter) return [...text].length;
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

export type MessageTextProblem = 'empty' | 'too-long';
/** The one rule for a message's text, checked by the composer before sending and by the server before storing. */
export function messageTextProblem(body: string, type: 'text' | 'image' = 'text'): MessageTextProblem | null {
  const text = body.trim();
  if (text.length === 0 && type === 'text') return 'empty';
  if (text.length > CHAT_TEXT_MAX_UNITS || characterCount(text) > CHAT_TEXT_MAX_CHARACTERS) return 'too-long';
  return null;
}

export const MESSAGE_PROBLEM_MESSAGES: Record<MessageTextProblem, string> = {
  empty: 'The message is empty. Write something before sending.',
  'too-long': `The message is too long: at most ${CHAT_TEXT_MAX_CHARACTERS} characters.`,
};

/** The entry's text in the reader's language, then English, then the first language written. */
export function localText(multi: Record<string, string>, locale: string | null | undefined): string {
  const wanted = locale ?? '';
  const base = wanted.split('-')[0] ?? '';
  return multi[wanted]?.trim() || multi[base]?.trim() || multi.en?.trim() || Object.values(multi).find((t) => t.trim())?.trim() || '';
}
