import {
  localText, MESSAGE_PROBLEM_MESSAGES, messageTextProblem,
  type ChatMessage, type Conversation, type ConversationChanged, type MessageCreated, type MessagesAnswer, type SendMessage,
} from '../../../protocol/chat.ts';
import { json, toJson } from '../../db/columns.ts';
import { newId } from '../../db/ids.ts';
import type { Repositories } from '../../db/repositories.ts';
import { AppError } from '../../errors.ts';
import { canEditBuilding } from '../access/policy.ts';
import type { ChatRepository, ConversationRow, ListFilter, MessageRow } from './chat.repository.ts';
import { presentConversation, presentMessage, type Standing } from './chat.presenter.ts';
import { isEditorType, type ChatParty } from './chatParties.ts';
import { SendLimiter } from './sendLimiter.ts';

/** Where news goes: every socket of one person, on every server process (the gateway binds it to Socket.IO rooms). */
export interface ChatDelivery {
  messageCreated(partyKey: string, payload: MessageCreated): void;
  conversationChanged(partyKey: string, payload: ConversationChanged): void;
}

/**
 * Whether one person may open a direct conversation with another user. The lounge decides (connected people);
 * until a policy is set, nobody may.
 */
export type DirectChatPolicy = (from: ChatParty, toUserId: string) => Promise<boolean>;

export interface ChatServiceOptions {
  now?: () => Date;
  newId?: () => string;
  limiter?: SendLimiter;
  /** Tells whether an image url names a stored chat image (the media store decides). */
  isStoredImage?: (url: string) => Promise<boolean>;
}

const NOT_FOUND = 'This conversation does not exist or you are not part of it.';
const TOUR_NOT_FOUND = "Sorry, this LiveTour doesn't exist.";
const noDelivery: ChatDelivery = { messageCreated: () => {}, conversationChanged: () => {} };

type NewMessage = Omit<MessageRow, 'seq' | 'conversationId'>;

/** The rules of instant messaging (spec sections 3, 4, 7), independent of HTTP and sockets. */
export class ChatService {
  private delivery: ChatDelivery = noDelivery;
  private directPolicy: DirectChatPolicy = async () => false;
  private readonly now: () => Date;
  private readonly newId: () => string;
  private readonly limiter: SendLimiter;
  private readonly isStoredImage: (url: string) => Promise<boolean>;

  constructor(readonly repos: Repositories, readonly chat: ChatRepository, opts: ChatServiceOptions = {}) {
    this.now = opts.now ?? (() => new Date());
    this.newId = opts.newId ?? (() => newId(16));
    this.limiter = opts.limiter ?? new SendLimiter();
    this.isStoredImage = opts.isStoredImage ?? (() => Promise.resolve(false));
  }

  /** The realtime gateway plugs itself in here once Socket.IO is up. */
  deliverThrough(delivery: ChatDelivery): void {
    this.delivery = delivery;
  }

  /** The lounge's seam: who may start a direct conversation with whom. */
  allowDirect(policy: DirectChatPolicy): void {
    this.directPolicy = policy;
  }

  // ---- opening conversations ----

  /** The visitor's conversation with a tour's organiser, made on first use. */
  async openTourConversation(party: ChatParty, buildingId: string): Promise<Conversation> {
    const building = await this.repos.buildings.findById(buildingId);
    if (!building || building.removedAt) throw new AppError('TOUR_NOT_FOUND', TOUR_NOT_FOUND, 'buildingId');
    if (!building.instantMessagingEnable) throw new AppError('FORBIDDEN', 'This LiveTour does not offer instant messaging.', 'buildingId');
    let row = await this.chat.findTourConversation(building.id, party.key);
    if (!row) {
      const at = this.now().toISOString();
      await this.chat.insertConversation({
        id: this.newId(), kind: 'tour', buildingId: building.id, visitorKey: party.key, visitorName: party.name, visitorEmail: party.email,
        peerKey: null, peerName: null, caseName: building.name, lastAt: at, createdAt: at,
      });
      row = (await this.chat.findTourConversation(building.id, party.key))!;
    }
    return this.summaryFor(row, { side: 'visitor', sideKey: 'visitor', partyKey: party.key });
  }

  /** A conversation between the asker and another user, if the direct-chat policy (the lounge) allows it. */
  async openDirectConversation(party: ChatParty, userId: string): Promise<Conversation> {
    if (party.userId === userId) throw new AppError('VALIDATION_FAILED', 'You cannot start a conversation with yourself.', 'userId');
    const other = await this.repos.users.findById(userId);
    if (!other || !(await this.directPolicy(party, userId))) {
      throw new AppError('FORBIDDEN', 'You can send messages to people once you are connected with them.', 'userId');
    }
    return this.openDirectBetween(party, { key: `user:${other.id}`, name: other.name?.trim() || other.username });
  }

  /** For server code that already decided two people may talk (the lounge on a confirmed connection). */
  async openDirectBetween(a: Pick<ChatParty, 'key' | 'name'>, b: Pick<ChatParty, 'key' | 'name'>, caseName = ''): Promise<Conversation> {
    const [first, second] = a.key < b.key ? [a, b] : [b, a];
    let row = await this.chat.findDirectConversation(first.key, second.key);
    if (!row) {
      const at = this.now().toISOString();
      await this.chat.insertConversation({
        id: this.newId(), kind: 'direct', buildingId: null, visitorKey: first.key, visitorName: first.name, visitorEmail: null,
        peerKey: second.key, peerName: second.name, caseName, lastAt: at, createdAt: at,
      });
      row = (await this.chat.findDirectConversation(first.key, second.key))!;
    }
    return this.summaryFor(row, { side: 'member', sideKey: a.key, partyKey: a.key });
  }

  // ---- membership ----

  /** The conversation and how the person stands in it; the same 404 whether it does not exist or is not theirs. */
  async membership(party: ChatParty, conversationId: string): Promise<{ row: ConversationRow; standing: Standing }> {
    const row = await this.chat.findConversation(conversationId);
    const standing = row && (await this.standingOf(party, row));
    if (!row || !standing) throw new AppError('NOT_FOUND', NOT_FOUND, 'conversationId');
    return { row, standing };
  }

  private async standingOf(party: ChatParty, row: ConversationRow): Promise<Standing | null> {
    if (row.kind === 'direct') return party.key === row.visitorKey || party.key === row.peerKey ? { side: 'member', sideKey: party.key, partyKey: party.key } : null;
    if (row.visitorKey === party.key) return { side: 'visitor', sideKey: 'visitor', partyKey: party.key };
    if (party.userId && row.buildingId && (await this.organises(party, row.buildingId))) return { side: 'organiser', sideKey: 'organiser', partyKey: party.key };
    return null;
  }

  /** The owner, the headquarter's editors and the people the owner named answer a tour's visitors. */
  async organises(party: ChatParty, buildingId: string): Promise<boolean> {
    if (!party.userId) return false;
    const building = await this.repos.buildings.findById(buildingId);
    if (!building) return false;
    const user = { id: party.userId, userType: party.userType ?? '', headquarterId: party.headquarterId };
    return canEditBuilding(user as Parameters<typeof canEditBuilding>[0], building) || this.chat.isAgent(buildingId, party.userId);
  }

  // ---- messages ----

  /**
   * Stores a message and only then answers it and tells every member. A resend with a client id already stored answers
   * the stored message and tells nobody again: the client's retry after a lost acknowledgement never duplicates.
   */
  async send(party: ChatParty, request: SendMessage): Promise<ChatMessage> {
    const problem = messageTextProblem(request.body, request.type);
    if (problem) throw new AppError('VALIDATION_FAILED', MESSAGE_PROBLEM_MESSAGES[problem], 'body', { problem });
    if (request.type === 'image' && (!request.image || !(await this.isStoredImage(request.image.url)))) {
      throw new AppError('VALIDATION_FAILED', 'Send the image through the image upload first.', 'image');
    }
    const { row, standing } = await this.membership(party, request.conversationId);
    const stored = await this.chat.findByClientId(row.id, request.clientId);
    if (stored) return this.answerResend(stored, party);
    // Two people keep talking only while the policy still allows it (a block in the lounge ends it).
    if (row.kind === 'direct') {
      const other = (row.visitorKey === party.key ? row.peerKey : row.visitorKey) ?? '';
      if (!other.startsWith('user:') || !(await this.directPolicy(party, other.slice('user:'.length)))) {
        throw new AppError('FORBIDDEN', 'You can send messages to people once you are connected with them.', 'conversationId');
      }
    }
    const wait = this.limiter.take(party.key);
    if (wait > 0) throw new AppError('RATE_LIMITED', 'You are sending messages too quickly. They will be sent in a moment.', undefined, { retryAfterMs: wait });
    const message: NewMessage = {
      id: this.newId(), type: request.type, body: request.body.trim(), image: request.type === 'image' ? toJson(request.image) : null,
      senderKey: party.key, senderName: party.name, sideKey: standing.sideKey, clientId: request.clientId, faqId: null, faqIndex: null,
      createdAt: this.now().toISOString(),
    };
    const result = await this.chat.append(row.id, [message], { reopen: standing.side === 'visitor' });
    if (!result.created) return this.answerResend(result.rows[0]!, party);
    const created = result.rows[0]!;
    await this.deliver(row.id, [created]);
    return presentMessage(created);
  }

  private answerResend(stored: MessageRow, party: ChatParty): ChatMessage {
    if (stored.senderKey !== party.key) throw new AppError('CONFLICT', 'That message id is already used in this conversation.', 'clientId');
    return presentMessage(stored);
  }

  /** POST /v2/messages/FAQ: the visitor's pick and the tour's stored answer, added together. */
  async answerFaq(party: ChatParty, body: { conversationId: string; FAQId: string; FAQIndex: number; clientId?: string | undefined; locale?: string | undefined }): Promise<{ question: ChatMessage; answer: ChatMessage }> {
    const { row, standing } = await this.membership(party, body.conversationId);
    if (standing.side !== 'visitor') throw new AppError('FORBIDDEN', 'Only the visitor asks questions from the FAQ.', 'conversationId');
    const faq = await this.chat.findFaq(body.FAQId);
    if (!faq || faq.buildingId !== row.buildingId) throw new AppError('NOT_FOUND', 'This question is no longer in the FAQ.', 'FAQId');
    const at = this.now().toISOString();
    const clientId = body.clientId ?? this.newId();
    const faqRef = { faqId: faq.id, faqIndex: body.FAQIndex };
    const question: NewMessage = {
      id: this.newId(), type: 'faq', body: localText(json(faq.questionMulti, {}), body.locale), image: null, senderKey: party.key,
      senderName: party.name, sideKey: 'visitor', clientId, ...faqRef, createdAt: at,
    };
    const answer: NewMessage = {
      id: this.newId(), type: 'faq', body: localText(json(faq.answerMulti, {}), body.locale), image: null, senderKey: 'faq',
      senderName: null, sideKey: 'organiser', clientId: `${clientId}:answer`, ...faqRef, createdAt: at,
    };
    const result = await this.chat.append(row.id, [question, answer], { reopen: true });
    if (result.created) await this.deliver(row.id, result.rows);
    const [q, a] = result.rows.map(presentMessage);
    return { question: q!, answer: a! };
  }

  async messages(party: ChatParty, conversationId: string, query: { after?: number | undefined; before?: number | undefined; limit: number }): Promise<MessagesAnswer> {
    const { row } = await this.membership(party, conversationId);
    // One more than asked tells whether there is more without a count.
    const rows = query.before !== undefined
      ? await this.chat.messagesBefore(row.id, query.before, query.limit + 1)
      : await this.chat.messagesAfter(row.id, query.after ?? 0, query.limit + 1);
    const hasMore = rows.length > query.limit;
    const page = query.before !== undefined ? rows.slice(rows.length - Math.min(rows.length, query.limit)) : rows.slice(0, query.limit);
    const fresh = await this.chat.findConversation(row.id);
    return { messages: page.map(presentMessage), lastSeq: Number(fresh?.lastSeq ?? row.lastSeq), hasMore };
  }

  /** Section 4: selecting a conversation marks it read. The person's other tabs and devices hear it. */
  async markRead(party: ChatParty, conversationId: string, seq: number): Promise<{ conversationId: string; readSeq: number }> {
    const { row, standing } = await this.membership(party, conversationId);
    const readSeq = await this.chat.markRead(row.id, party.key, Math.min(seq, Number(row.lastSeq)), this.now().toISOString());
    this.delivery.conversationChanged(party.key, { summary: await this.summaryFor(row, standing) });
    return { conversationId: row.id, readSeq };
  }

  /** The organiser marks a conversation done (or open again); every organiser's inbox follows. */
  async setStatus(party: ChatParty, conversationId: string, status: 'open' | 'done'): Promise<Conversation> {
    const { row, standing } = await this.membership(party, conversationId);
    if (standing.side !== 'organiser') throw new AppError('FORBIDDEN', 'Only the organiser marks a conversation done.', 'conversationId');
    await this.chat.setStatus(row.id, status);
    const updated = (await this.chat.findConversation(row.id))!;
    for (const userId of await this.chat.organiserIds(row.buildingId!)) {
      const key = `user:${userId}`;
      this.delivery.conversationChanged(key, { summary: await this.summaryFor(updated, { ...standing, partyKey: key }) });
    }
    return this.summaryFor(updated, standing);
  }

  // ---- lists ----

  async listOwn(party: ChatParty, filter: ListFilter): Promise<Conversation[]> {
    const rows = await this.chat.listOwn(party.key, filter);
    return rows.map((r) => presentConversation(r, this.ownStanding(r, party.key), r));
  }

  async listOrganised(party: ChatParty, filter: ListFilter): Promise<Conversation[]> {
    if (!party.userId) return [];
    const rows = await this.chat.listOrganised({ id: party.userId, headquarterId: party.headquarterId, isEditor: isEditorType(party.userType) }, filter);
    return rows.map((r) => presentConversation(r, { side: 'organiser', sideKey: 'organiser', partyKey: party.key }, r));
  }

  private ownStanding(row: ConversationRow, partyKey: string): Standing {
    return row.kind === 'direct' ? { side: 'member', sideKey: partyKey, partyKey } : { side: 'visitor', sideKey: 'visitor', partyKey };
  }

  private async summaryFor(row: ConversationRow, standing: Standing): Promise<Conversation> {
    const [unread, readSeq] = await Promise.all([
      this.chat.unreadCount(row.id, standing.partyKey, standing.sideKey),
      this.chat.readSeq(row.id, standing.partyKey),
    ]);
    return presentConversation(row, standing, { unread, readSeq });
  }

  // ---- delivery ----

  /** Every member hears each stored message once, with the spec's incoming-message fields as they see them. */
  private async deliver(conversationId: string, rows: MessageRow[]): Promise<void> {
    const row = await this.chat.findConversation(conversationId);
    if (!row) return;
    const members: Standing[] = row.kind === 'direct'
      ? [row.visitorKey, row.peerKey!].map((key) => ({ side: 'member' as const, sideKey: key, partyKey: key }))
      : [
        { side: 'visitor', sideKey: 'visitor', partyKey: row.visitorKey },
        ...(await this.chat.organiserIds(row.buildingId!)).map((id) => ({ side: 'organiser' as const, sideKey: 'organiser', partyKey: `user:${id}` })),
      ];
    for (const created of rows) {
      const message = presentMessage(created);
      for (const member of members) {
        this.delivery.messageCreated(member.partyKey, {
          conversation: { id: row.id, custom: { caseName: row.caseName, visitorName: row.visitorName } },
          type: message.type,
          body: message.body,
          timestamp: message.createdAt,
          isByMe: created.senderKey === member.partyKey,
          message,
          // The receiver's own rule keeps their unread count (section 4); the line carries no count of its own.
          summary: presentConversation(row, member, { unread: 0, readSeq: 0 }),
        });
      }
    }
  }
}
