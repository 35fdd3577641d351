import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PanoramasTable } from '../../db/schema.ts';
import { nowIso } from '../../db/columns.ts';

export type PanoramaRow = Selectable<PanoramasTable>;
export type NewPanorama = Omit<Insertable<PanoramasTable>, 'createdAt' | 'updatedAt'>;

export class PanoramasRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<PanoramaRow | undefined> {
    return this.db.selectFrom('panoramas').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Panoramas of several tours in one query, in tour order. */
  listByBuildings(buildingIds: readonly string[]): Promise<PanoramaRow[]> {
    if (buildingIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('panoramas')
      .selectAll()
      .where('buildingId', 'in', buildingIds)
      .orderBy('buildingId')
      .orderBy('index')
      .execute();
  }

  async insert(row: NewPanorama): Promise<void> {
    const at = nowIso();
    await this.db.insertInto('panoramas').values({ ...row, createdAt: at, updatedAt: at }).execute();
  }

  async update(id: string, patch: Omit<Updateable<PanoramasTable>, 'id' | 'createdAt'>): Promise<void> {
    await this.db.updateTable('panoramas').set({ ...patch, updatedAt: nowIso() }).where('id', '=', id).execute();
  }
}
