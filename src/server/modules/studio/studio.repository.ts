import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/columns.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';
import type { PanoramaRow } from '../panoramas/panoramas.repository.ts';
import type { PropertyRow } from '../properties/properties.repository.ts';

/**
 * The studio's own queries: what the owner sees (removed tours included) and the writes of authoring. Reads of the
 * public viewer stay in the buildings/panoramas repositories.
 */
export class StudioRepository {
  constructor(private readonly db: Db) {}

  /** Every tour of a headquarter, removed ones included, newest first, with its panorama count. */
  async toursOfHeadquarter(headquarterId: string): Promise<Array<BuildingRow & { panoramaCount: number }>> {
    const rows = await this.db
      .selectFrom('buildings')
      .selectAll('buildings')
      .select((eb) => eb.selectFrom('panoramas').select((e) => e.fn.countAll<string | number>().as('n')).whereRef('panoramas.buildingId', '=', 'buildings.id').as('panoramaCount'))
      .where('headquarterId', '=', headquarterId)
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, panoramaCount: Number(r.panoramaCount ?? 0) }));
  }

  /**
   * What a headquarter holds, for its quotas: tours not removed; panoramas and their bytes in every tour, removed
   * ones included (their media stays stored until they are deleted); panoramas whose size was never measured.
   */
  async usageOfHeadquarter(headquarterId: string): Promise<{ tours: number; panoramas: number; storedBytes: number; unmeasured: string[] }> {
    const tours = await this.db.selectFrom('buildings').select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('headquarterId', '=', headquarterId).where('removedAt', 'is', null).executeTakeFirst();
    const panoramas = await this.db.selectFrom('panoramas').innerJoin('buildings', 'buildings.id', 'panoramas.buildingId')
      .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.sum<string | number | null>('panoramas.storedBytes').as('bytes')])
      .where('buildings.headquarterId', '=', headquarterId).executeTakeFirst();
    const unmeasured = await this.db.selectFrom('panoramas').innerJoin('buildings', 'buildings.id', 'panoramas.buildingId')
      .select('panoramas.id').where('buildings.headquarterId', '=', headquarterId).where('panoramas.storedBytes', 'is', null).execute();
    return { tours: Number(tours?.n ?? 0), panoramas: Number(panoramas?.n ?? 0), storedBytes: Number(panoramas?.bytes ?? 0), unmeasured: unmeasured.map((r) => r.id) };
  }

  async setStoredBytes(panoramaId: string, bytes: number): Promise<void> {
    await this.db.updateTable('panoramas').set({ storedBytes: bytes }).where('id', '=', panoramaId).execute();
  }

  panoramasOf(buildingId: string): Promise<PanoramaRow[]> {
    return this.db.selectFrom('panoramas').selectAll().where('buildingId', '=', buildingId).orderBy('index').orderBy('createdAt').execute();
  }

  async nextPanoramaIndex(buildingId: string): Promise<number> {
    const row = await this.db.selectFrom('panoramas').select((eb) => eb.fn.max('index').as('top')).where('buildingId', '=', buildingId).executeTakeFirst();
    return row?.top == null ? 0 : Number(row.top) + 1;
  }

  /** Writes indexes 0..n-1 in the given order, in one transaction. */
  async setPanoramaOrder(buildingId: string, panoramaIds: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const at = nowIso();
      for (const [index, id] of panoramaIds.entries()) {
        await trx.updateTable('panoramas').set({ index, updatedAt: at }).where('id', '=', id).where('buildingId', '=', buildingId).execute();
      }
    });
  }

  /** Removes a panorama and the markers standing in it. Teleports elsewhere that pointed at it become dead links. */
  async deletePanorama(panoramaId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('markers').where('panoramaId', '=', panoramaId).execute();
      await trx.deleteFrom('panoramas').where('id', '=', panoramaId).execute();
    });
  }

  propertiesOfHeadquarter(headquarterId: string): Promise<PropertyRow[]> {
    return this.db.selectFrom('properties').selectAll().where('headquarterId', '=', headquarterId).orderBy('createdAt').orderBy('id').execute();
  }

  async propertyBuildingIds(propertyIds: readonly string[]): Promise<Map<string, string[]>> {
    const byProperty = new Map<string, string[]>(propertyIds.map((id) => [id, []]));
    if (propertyIds.length === 0) return byProperty;
    const rows = await this.db.selectFrom('propertyBuildings').selectAll().where('propertyId', 'in', propertyIds).orderBy('index').execute();
    for (const r of rows) byProperty.get(r.propertyId)?.push(r.buildingId);
    return byProperty;
  }

  async renameProperty(propertyId: string, name: string): Promise<void> {
    await this.db.updateTable('properties').set({ name, updatedAt: nowIso() }).where('id', '=', propertyId).execute();
  }

  /** Replaces the group's tours with this ordered list. */
  async setPropertyBuildings(propertyId: string, buildingIds: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('propertyBuildings').where('propertyId', '=', propertyId).execute();
      if (buildingIds.length > 0) {
        await trx.insertInto('propertyBuildings').values(buildingIds.map((buildingId, index) => ({ propertyId, buildingId, index }))).execute();
      }
      await trx.updateTable('properties').set({ updatedAt: nowIso() }).where('id', '=', propertyId).execute();
    });
  }

  async deleteProperty(propertyId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('propertyBuildings').where('propertyId', '=', propertyId).execute();
      await trx.deleteFrom('properties').where('id', '=', propertyId).execute();
    });
  }
}
