import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MarkersTable } from '../../db/schema.ts';
import { nowIso } from '../../db/columns.ts';

export type MarkerRow = Selectable<MarkersTable>;
export type NewMarker = Omit<Insertable<MarkersTable>, 'createdAt' | 'updatedAt'>;

export class MarkersRepository {
  constructor(private readonly db: Db) {}

  listByBuildings(buildingIds: readonly string[]): Promise<MarkerRow[]> {
    if (buildingIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('markers').selectAll().where('buildingId', 'in', buildingIds).orderBy('createdAt').orderBy('id').execute();
  }

  async insertMany(rows: readonly NewMarker[]): Promise<void> {
    if (rows.length === 0) return;
    const at = nowIso();
    await this.db.insertInto('markers').values(rows.map((r) => ({ ...r, createdAt: at, updatedAt: at }))).execute();
  }
}
