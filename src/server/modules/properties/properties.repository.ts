import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PropertiesTable } from '../../db/schema.ts';
import { nowIso } from '../../db/columns.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';

export type PropertyRow = Selectable<PropertiesTable>;
export type NewProperty = Omit<Insertable<PropertiesTable>, 'createdAt' | 'updatedAt'>;

export class PropertiesRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<PropertyRow | undefined> {
    return this.db.selectFrom('properties').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The group's tours in the owner's order (removed tours left out). */
  async buildingsOf(propertyId: string): Promise<Array<{ index: number; building: BuildingRow }>> {
    const rows = await this.db
      .selectFrom('propertyBuildings')
      .innerJoin('buildings', 'buildings.id', 'propertyBuildings.buildingId')
      .selectAll('buildings')
      .select('propertyBuildings.index as position')
      .where('propertyBuildings.propertyId', '=', propertyId)
      .where('buildings.removedAt', 'is', null)
      .orderBy('propertyBuildings.index')
      .execute();
    return rows.map(({ position, ...building }) => ({ index: position, building }));
  }

  async insert(row: NewProperty, buildingIds: readonly string[]): Promise<void> {
    const at = nowIso();
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('properties').values({ ...row, createdAt: at, updatedAt: at }).execute();
      if (buildingIds.length > 0) {
        await trx
          .insertInto('propertyBuildings')
          .values(buildingIds.map((buildingId, index) => ({ propertyId: row.id, buildingId, index })))
          .execute();
      }
    });
  }
}
