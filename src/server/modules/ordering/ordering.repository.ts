import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OrderingLinesTable, OrderingSessionsTable } from '../../db/schema.ts';

export type OrderingSessionRow = Selectable<OrderingSessionsTable>;

/** One line a visit added to an order, as stored. */
export type AddedLine = Selectable<OrderingLinesTable>;

/** The SQL of ordering sessions and of the lines each visit added. */
export class OrderingRepository {
  constructor(private readonly db: Db) {}

  async insert(row: OrderingSessionRow): Promise<void> {
    await this.db.insertInto('orderingSessions').values(row).execute();
  }

  find(idHash: string): Promise<OrderingSessionRow | undefined> {
    return this.db.selectFrom('orderingSessions').selectAll().where('idHash', '=', idHash).executeTakeFirst();
  }

  async touch(idHash: string, at: string): Promise<void> {
    await this.db.updateTable('orderingSessions').set({ lastUsedAt: at }).where('idHash', '=', idHash).execute();
  }

  /**
   * Stores renewed tokens only if the session still holds the refresh token that was spent: when two processes renew
   * at once, one wins and the other reads the winner's tokens instead of overwriting them with a spent pair.
   */
  async replaceTokens(idHash: string, spentRefreshToken: string, tokens: { accessToken: string; refreshToken: string; tokenExpiresAt: string }): Promise<boolean> {
    const result = await this.db.updateTable('orderingSessions').set(tokens)
      .where('idHash', '=', idHash).where('refreshToken', '=', spentRefreshToken).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setPriceType(idHash: string, priceTypeId: string): Promise<void> {
    await this.db.updateTable('orderingSessions').set({ currentPriceTypeId: priceTypeId }).where('idHash', '=', idHash).execute();
  }

  async remove(idHash: string): Promise<void> {
    await this.db.deleteFrom('orderingSessions').where('idHash', '=', idHash).execute();
  }

  /** Sessions nobody used since `before` (their lines go with them). */
  async removeIdleSince(before: string): Promise<void> {
    await this.db.deleteFrom('orderingSessions').where('lastUsedAt', '<', before).execute();
  }

  async addLine(line: AddedLine): Promise<void> {
    await this.db.insertInto('orderingLines').values(line).execute();
  }

  lines(sessionHash: string): Promise<AddedLine[]> {
    return this.db.selectFrom('orderingLines').selectAll().where('sessionHash', '=', sessionHash).orderBy('createdAt').orderBy('id').execute();
  }
}
