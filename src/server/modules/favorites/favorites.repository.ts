import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FavoritesTable } from '../../db/schema.ts';
import { nowIso } from '../../db/columns.ts';
import { newId } from '../../db/ids.ts';
import type { FavoriteKey } from '../../../protocol/favorites.ts';

export type FavoriteRow = Selectable<FavoritesTable>;

/** An account's favourites. Every query names the user: another account's favourite is never reachable. */
export class FavoritesRepository {
  constructor(private readonly db: Db) {}

  list(userId: string): Promise<FavoriteRow[]> {
    return this.db.selectFrom('favorites').selectAll().where('userId', '=', userId).orderBy('createdAt').orderBy('id').execute();
  }

  find(userId: string, key: FavoriteKey): Promise<FavoriteRow | undefined> {
    return this.db.selectFrom('favorites').selectAll()
      .where('userId', '=', userId).where('identifier', '=', key.identifier).where('identifierId', '=', key.identifierId)
      .executeTakeFirst();
  }

  async count(userId: string): Promise<number> {
    const row = await this.db.selectFrom('favorites').select((eb) => eb.fn.countAll<string | number>().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Adds the favourite unless the account has it already (then nothing changes); answers the stored row. */
  async add(userId: string, key: FavoriteKey, extra: { buildingId: string | null; note: string }): Promise<{ row: FavoriteRow; created: boolean }> {
    const at = nowIso();
    const inserted = await this.db.insertInto('favorites')
      .values({ id: newId(), userId, identifier: key.identifier, identifierId: key.identifierId, buildingId: extra.buildingId, note: extra.note, createdAt: at, updatedAt: at })
      .onConflict((oc) => oc.columns(['userId', 'identifier', 'identifierId']).doNothing())
      .executeTakeFirst();
    const row = await this.find(userId, key);
    if (!row) throw new Error('favourite vanished right after it was stored');
    return { row, created: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
  }

  async remove(userId: string, key: FavoriteKey): Promise<boolean> {
    const result = await this.db.deleteFrom('favorites')
      .where('userId', '=', userId).where('identifier', '=', key.identifier).where('identifierId', '=', key.identifierId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setNote(userId: string, favoriteId: string, note: string): Promise<FavoriteRow | undefined> {
    await this.db.updateTable('favorites').set({ note, updatedAt: nowIso() }).where('userId', '=', userId).where('id', '=', favoriteId).execute();
    return this.db.selectFrom('favorites').selectAll().where('userId', '=', userId).where('id', '=', favoriteId).executeTakeFirst();
  }
}
