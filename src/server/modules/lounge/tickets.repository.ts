import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LoungeTicketsTable } from '../../db/schema.ts';

export type TicketRow = Selectable<LoungeTicketsTable>;
export type TicketWithUser = TicketRow & { userName: string | null };
export type NewTicket = Omit<TicketRow, 'usedAt' | 'userId'>;

/** The SQL of lounge tickets. A ticket is used by one conditional UPDATE, so it can be spent once. */
export class TicketsRepository {
  constructor(private readonly db: Db) {}

  list(buildingId: string): Promise<TicketWithUser[]> {
    return this.db
      .selectFrom('loungeTickets as t')
      .leftJoin('users as u', 'u.id', 't.userId')
      .selectAll('t')
      .select((eb) => eb.fn.coalesce('u.name', 'u.username').as('userName'))
      .where('t.buildingId', '=', buildingId)
      .orderBy('t.createdAt')
      .orderBy('t.number')
      .execute();
  }

  async numbersOf(buildingId: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('loungeTickets').select('number').where('buildingId', '=', buildingId).execute();
    return new Set(rows.map((r) => r.number));
  }

  async insertMany(rows: NewTicket[]): Promise<void> {
    // Chunks keep every statement under SQLite's bound-parameter limit.
    for (let i = 0; i < rows.length; i += 100) await this.db.insertInto('loungeTickets').values(rows.slice(i, i + 100)).execute();
  }

  /** The ticket of that number among the lounge's tours. */
  findByNumber(tourIds: string[], number: string): Promise<TicketRow | undefined> {
    if (tourIds.length === 0) return Promise.resolve(undefined);
    return this.db.selectFrom('loungeTickets').selectAll().where('buildingId', 'in', tourIds).where('number', '=', number).executeTakeFirst();
  }

  /** True when this call used the ticket (it was unused). */
  async use(id: string, userId: string, at: string): Promise<boolean> {
    const result = await this.db.updateTable('loungeTickets').set({ usedAt: at, userId }).where('id', '=', id).where('usedAt', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async anyIn(tourIds: string[]): Promise<boolean> {
    if (tourIds.length === 0) return false;
    const row = await this.db.selectFrom('loungeTickets').select('id').where('buildingId', 'in', tourIds).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** Tickets bound to these accounts among the lounge's tours (their role and contact email come from them). */
  boundTo(userIds: string[], tourIds: string[]): Promise<TicketRow[]> {
    if (userIds.length === 0 || tourIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('loungeTickets').selectAll().where('userId', 'in', userIds).where('buildingId', 'in', tourIds).orderBy('usedAt').execute();
  }

  /** Any ticket bound to the account, whatever the tour (its email is their contact address). */
  anyBoundTo(userIds: string[]): Promise<TicketRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('loungeTickets').selectAll().where('userId', 'in', userIds).orderBy('usedAt').execute();
  }

  /** Only unused tickets can be deleted: a used one stays bound to its account. */
  async deleteUnused(buildingId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('loungeTickets').where('id', '=', id).where('buildingId', '=', buildingId).where('usedAt', 'is', null).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  find(buildingId: string, id: string): Promise<TicketRow | undefined> {
    return this.db.selectFrom('loungeTickets').selectAll().where('id', '=', id).where('buildingId', '=', buildingId).executeTakeFirst();
  }
}
