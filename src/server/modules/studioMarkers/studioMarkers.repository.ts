import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MarkersTable } from '../../db/schema.ts';
import { nowIso } from '../../db/columns.ts';
import type { MarkerRow, NewMarker } from '../markers/markers.repository.ts';
import type { PanoramaRow } from '../panoramas/panoramas.repository.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';

export type MarkerPatch = Omit<Updateable<MarkersTable>, 'id' | 'createdAt' | 'buildingId' | 'panoramaId'>;

/** The SQL of marker authoring: one marker at a time, always by id. */
export class StudioMarkersRepository {
  constructor(private readonly db: Db) {}

  findMarker(id: string): Promise<MarkerRow | undefined> {
    return this.db.selectFrom('markers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findPanorama(id: string): Promise<PanoramaRow | undefined> {
    return this.db.selectFrom('panoramas').selectAll().where('id', '=', id).executeTakeFirst();
  }

  panoramasOf(buildingId: string): Promise<PanoramaRow[]> {
    return this.db.selectFrom('panoramas').selectAll().where('buildingId', '=', buildingId).orderBy('index').orderBy('id').execute();
  }

  markersOf(buildingId: string): Promise<MarkerRow[]> {
    return this.db.selectFrom('markers').selectAll().where('buildingId', '=', buildingId).orderBy('createdAt').orderBy('id').execute();
  }

  /** The other tours a teleport may lead to: the headquarter's tours that are not removed. */
  toursOfHeadquarter(headquarterId: string): Promise<BuildingRow[]> {
    return this.db.selectFrom('buildings').selectAll().where('headquarterId', '=', headquarterId).where('removedAt', 'is', null).orderBy('createdAt').orderBy('id').execute();
  }

  panoramasOfTours(buildingIds: readonly string[]): Promise<PanoramaRow[]> {
    if (buildingIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('panoramas').selectAll().where('buildingId', 'in', buildingIds).orderBy('index').orderBy('id').execute();
  }

  async insert(row: NewMarker): Promise<void> {
    const at = nowIso();
    await this.db.insertInto('markers').values({ ...row, createdAt: at, updatedAt: at }).execute();
  }

  async update(id: string, patch: MarkerPatch): Promise<void> {
    await this.db.updateTable('markers').set({ ...patch, updatedAt: nowIso() }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('markers').where('id', '=', id).execute();
  }
}
