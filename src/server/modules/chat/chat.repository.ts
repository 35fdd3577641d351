import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ChatConversationsTable, ChatFaqsTable, ChatGuestsTable, ChatMessagesTable } from '../../db/schema.ts';

export type ConversationRow = Selectable<ChatConversationsTable>;
export type MessageRow = Selectable<ChatMessagesTable>;
export type GuestRow = Selectable<ChatGuestsTable>;
export type FaqRow = Selectable<ChatFaqsTable>;
export type ConversationWithReads = ConversationRow & { unread: number; readSeq: number };

/** Raised inside the send transaction when the client id is already stored: rolls the seq back. */
class AlreadyStored extends Error {
  constructor(readonly row: MessageRow) {
    super('already stored');
  }
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
};

/** LIKE pattern for a search text, with its own wildcards taken literally. */
const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListFilter {
  status: 'open' | 'done' | 'all';
  q?: string | undefined;
  limit: number;
}

/** The SQL of instant messaging, portable across SQLite and PostgreSQL. */
export class ChatRepository {
  constructor(private readonly db: Db) {}

  // ---- guests ----

  async insertGuest(row: Insertable<ChatGuestsTable>): Promise<void> {
    await this.db.insertInto('chatGuests').values(row).execute();
  }

  findGuestByTokenHash(tokenHash: string): Promise<GuestRow | undefined> {
    return this.db.selectFrom('chatGuests').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  }

  // ---- conversations ----

  findConversation(id: string): Promise<ConversationRow | undefined> {
    return this.db.selectFrom('chatConversations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findTourConversation(buildingId: string, visitorKey: string): Promise<ConversationRow | undefined> {
    return this.db.selectFrom('chatConversations').selectAll().where('buildingId', '=', buildingId).where('visitorKey', '=', visitorKey).executeTakeFirst();
  }

  findDirectConversation(firstKey: string, secondKey: string): Promise<ConversationRow | undefined> {
    return this.db.selectFrom('chatConversations').selectAll().where('kind', '=', 'direct').where('visitorKey', '=', firstKey).where('peerKey', '=', secondKey).executeTakeFirst();
  }

  /** Inserts unless the same conversation was just made by another request (the unique indexes decide). */
  async insertConversation(row: Insertable<ChatConversationsTable>): Promise<void> {
    await this.db.insertInto('chatConversations').values(row).onConflict((oc) => oc.doNothing()).execute();
  }

  async setStatus(id: string, status: 'open' | 'done'): Promise<void> {
    await this.db.updateTable('chatConversations').set({ status }).where('id', '=', id).execute();
  }

  // ---- messages ----

  findByClientId(conversationId: string, clientId: string): Promise<MessageRow | undefined> {
    return this.db.selectFrom('chatMessages').selectAll().where('conversationId', '=', conversationId).where('clientId', '=', clientId).executeTakeFirst();
  }

  /**
   * Stores messages at the next seqs of their conversation, in one transaction, or answers what is already stored
   * under the first message's client id (then nothing is added). Raising last_seq first takes the conversation's
   * row lock, so the duplicate check after it sees every earlier commit.
   */
  async append(
    conversationId: string,
    messages: Omit<MessageRow, 'seq' | 'conversationId'>[],
    opts: { reopen: boolean },
  ): Promise<{ rows: MessageRow[]; created: boolean }> {
    const last = messages[messages.length - 1]!;
    try {
      const rows = await this.db.transaction().execute(async (trx) => {
        const bumped = await trx
          .updateTable('chatConversations')
          .set((eb) => ({
            lastSeq: eb('lastSeq', '+', messages.length),
            lastMessage: last.body,
            lastType: last.type,
            lastAt: last.createdAt,
            ...(opts.reopen ? { status: 'open' } : {}),
          }))
          .where('id', '=', conversationId)
          .returning('lastSeq')
          .executeTakeFirstOrThrow();
        const firstClientId = messages[0]!.clientId;
        if (firstClientId) {
          const existing = await trx.selectFrom('chatMessages').selectAll().where('conversationId', '=', conversationId).where('clientId', '=', firstClientId).executeTakeFirst();
          if (existing) throw new AlreadyStored(existing);
        }
        const start = Number(bumped.lastSeq) - messages.length + 1;
        const stored = messages.map((m, i) => ({ ...m, conversationId, seq: start + i }));
        await trx.insertInto('chatMessages').values(stored).execute();
        return stored;
      });
      return { rows, created: true };
    } catch (error) {
      if (error instanceof AlreadyStored) return { rows: await this.sameBatch(error.row, messages.length), created: false };
      // Two processes stored the same client id at the same moment: the other one won, answer its rows.
      const clientId = messages[0]!.clientId;
      if (clientId && isUniqueViolation(error)) {
        const existing = await this.findByClientId(conversationId, clientId);
        if (existing) return { rows: await this.sameBatch(existing, messages.length), created: false };
      }
      throw error;
    }
  }

  /** The rows a batch stored, from its first one (an FAQ question and its answer are stored together). */
  private async sameBatch(first: MessageRow, count: number): Promise<MessageRow[]> {
    if (count === 1) return [first];
    return this.db.selectFrom('chatMessages').selectAll().where('conversationId', '=', first.conversationId)
      .where('seq', '>=', first.seq).where('seq', '<', first.seq + count).orderBy('seq').execute();
  }

  messagesAfter(conversationId: string, after: number, limit: number): Promise<MessageRow[]> {
    return this.db.selectFrom('chatMessages').selectAll().where('conversationId', '=', conversationId).where('seq', '>', after).orderBy('seq', 'asc').limit(limit).execute();
  }

  async messagesBefore(conversationId: string, before: number, limit: number): Promise<MessageRow[]> {
    const rows = await this.db.selectFrom('chatMessages').selectAll().where('conversationId', '=', conversationId).where('seq', '<', before).orderBy('seq', 'desc').limit(limit).execute();
    return rows.reverse();
  }

  // ---- read marks ----

  async readSeq(conversationId: string, partyKey: string): Promise<number> {
    const row = await this.db.selectFrom('chatReads').select('readSeq').where('conversationId', '=', conversationId).where('partyKey', '=', partyKey).executeTakeFirst();
    return Number(row?.readSeq ?? 0);
  }

  /** Moves the read mark forward only: a late request from another tab never marks messages unread again. */
  async markRead(conversationId: string, partyKey: string, seq: number, at: string): Promise<number> {
    await this.db.insertInto('chatReads').values({ conversationId, partyKey, readSeq: seq, updatedAt: at })
      .onConflict((oc) => oc.columns(['conversationId', 'partyKey']).doUpdateSet({ readSeq: seq, updatedAt: at }).where('chatReads.readSeq', '<', seq))
      .execute();
    return this.readSeq(conversationId, partyKey);
  }

  async unreadCount(conversationId: string, partyKey: string, ownSideKey: string): Promise<number> {
    const read = await this.readSeq(conversationId, partyKey);
    const row = await this.db.selectFrom('chatMessages').select(sql<number>`count(*)`.as('n'))
      .where('conversationId', '=', conversationId).where('seq', '>', read).where('sideKey', '<>', ownSideKey).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  // ---- lists ----

  /** The conversations a person takes part in as a visitor or as one of two people, latest first. */
  listOwn(partyKey: string, filter: ListFilter): Promise<ConversationWithReads[]> {
    return this.list(filter, partyKey, { own: true });
  }

  /** Every tour conversation of the tours this user answers for, latest first. */
  listOrganised(user: { id: string; headquarterId: string | null; isEditor: boolean }, filter: ListFilter): Promise<ConversationWithReads[]> {
    return this.list(filter, `user:${user.id}`, { own: false, ...user });
  }

  private async list(
    filter: ListFilter,
    partyKey: string,
    scope: { own: true } | { own: false; id: string; headquarterId: string | null; isEditor: boolean },
  ): Promise<ConversationWithReads[]> {
    // The reader's own side: what their unread count leaves out.
    const ownSide = scope.own ? sql<string>`case when c.kind = 'tour' then 'visitor' else ${partyKey} end` : sql<string>`'organiser'`;
    let query = this.db
      .selectFrom('chatConversations as c')
      .leftJoin('chatReads as r', (j) => j.onRef('r.conversationId', '=', 'c.id').on('r.partyKey', '=', partyKey))
      .selectAll('c')
      .select(sql<number>`coalesce(r.read_seq, 0)`.as('readSeq'))
      .select(sql<number>`(select count(*) from chat_messages m where m.conversation_id = c.id and m.seq > coalesce(r.read_seq, 0) and m.side_key <> ${ownSide})`.as('unread'));
    if (scope.own) {
      query = query.where((eb) => eb.or([eb('c.visitorKey', '=', partyKey), eb('c.peerKey', '=', partyKey)]));
    } else {
      const user = scope;
      query = query.where('c.kind', '=', 'tour').where('c.buildingId', 'in', (eb) =>
        eb.selectFrom('buildings').select('buildings.id').where((w) => w.or([
          w('buildings.ownerId', '=', user.id),
          ...(user.isEditor && user.headquarterId ? [w('buildings.headquarterId', '=', user.headquarterId)] : []),
          w('buildings.id', 'in', w.selectFrom('chatAgents').select('chatAgents.buildingId').where('chatAgents.userId', '=', user.id)),
        ])));
    }
    if (filter.status !== 'all') query = query.where('c.status', '=', filter.status);
    if (filter.q) {
      const like = likePattern(filter.q);
      query = query.where(sql<boolean>`(lower(c.visitor_name) like ${like} escape '\\'
        or lower(coalesce(c.visitor_email, '')) like ${like} escape '\\'
        or lower(c.case_name) like ${like} escape '\\'
        or exists (select 1 from chat_messages m2 where m2.conversation_id = c.id and lower(m2.body) like ${like} escape '\\'))`);
    }
    const rows = await query.orderBy('c.lastAt', 'desc').orderBy('c.id', 'desc').limit(filter.limit).execute();
    return rows.map((r) => ({ ...r, unread: Number(r.unread), readSeq: Number(r.readSeq), lastSeq: Number(r.lastSeq) }));
  }

  // ---- who answers a tour ----

  /** The users who answer a tour's visitors: its owner, its headquarter's owners and editors, the people named. */
  async organiserIds(buildingId: string): Promise<string[]> {
    const building = await this.db.selectFrom('buildings').select(['ownerId', 'headquarterId']).where('id', '=', buildingId).executeTakeFirst();
    if (!building) return [];
    const [editors, agents] = await Promise.all([
      this.db.selectFrom('users').select('id').where('headquarterId', '=', building.headquarterId).where('userType', 'in', ['owner', 'editor']).execute(),
      this.db.selectFrom('chatAgents').select('userId').where('buildingId', '=', buildingId).execute(),
    ]);
    return [...new Set([building.ownerId, ...editors.map((e) => e.id), ...agents.map((a) => a.userId)])];
  }

  async isAgent(buildingId: string, userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('chatAgents').select('userId').where('buildingId', '=', buildingId).where('userId', '=', userId).executeTakeFirst();
    return row !== undefined;
  }

  agents(buildingId: string): Promise<{ userId: string; username: string; name: string | null }[]> {
    return this.db.selectFrom('chatAgents').innerJoin('users', 'users.id', 'chatAgents.userId')
      .select(['chatAgents.userId', 'users.username', 'users.name']).where('chatAgents.buildingId', '=', buildingId).orderBy('users.username').execute();
  }

  async replaceAgents(buildingId: string, userIds: string[], at: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('chatAgents').where('buildingId', '=', buildingId).execute();
      if (userIds.length > 0) await trx.insertInto('chatAgents').values(userIds.map((userId) => ({ buildingId, userId, createdAt: at }))).execute();
    });
  }

  // ---- FAQ ----

  faqs(buildingId: string): Promise<FaqRow[]> {
    return this.db.selectFrom('chatFaqs').selectAll().where('buildingId', '=', buildingId).orderBy('position').orderBy('id').execute();
  }

  findFaq(id: string): Promise<FaqRow | undefined> {
    return this.db.selectFrom('chatFaqs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The tour's whole ordered list at once: entries left out are removed. */
  async replaceFaqs(buildingId: string, rows: FaqRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('chatFaqs').where('buildingId', '=', buildingId).execute();
      if (rows.length > 0) await trx.insertInto('chatFaqs').values(rows).execute();
    });
  }
}
