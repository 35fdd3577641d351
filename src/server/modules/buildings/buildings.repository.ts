import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BuildingsTable } from '../../db/schema.ts';
import { nowIso } from '../../db/columns.ts';

export type BuildingRow = Selectable<BuildingsTable>;
export type NewBuilding = Omit<Insertable<BuildingsTable>, 'createdAt' | 'updatedAt'>;

export class BuildingsRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<BuildingRow | undefined> {
    return this.db.selectFrom('buildings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * What identifies the row's present content: its content version (raised by triggers on every write to the row,
   * its panoramas, markers and headquarter) and creation time. Written as plain SQL on purpose: it runs on every
   * openLink, and the query builder's compile and a full row cost several times this one primary-key read.
   */
  async stampOf(id: string): Promise<{ contentVersion: number; createdAt: string } | undefined> {
    const { rows } = await sql<{ contentVersion: number | string; createdAt: string }>`select content_version, created_at from buildings where id = ${id}`.execute(this.db);
    const row = rows[0];
    return row ? { contentVersion: Number(row.contentVersion), createdAt: row.createdAt } : undefined;
  }

  /** Tours of a headquarter, newest first, not removed. */
  listByHeadquarter(headquarterId: string, page: { limit: number; offset: number }, opts: { publicOnly: boolean; openOnly?: boolean }) {
    let q = this.db
      .selectFrom('buildings')
      .selectAll()
      .where('headquarterId', '=', headquarterId)
      .where('removedAt', 'is', null);
    if (opts.publicOnly) q = q.where('hidden', '=', 0).where('draft', '=', 0);
    // Open: a visitor can walk in (not offline, not unavailable). Redirect targets must be open.
    if (opts.openOnly) q = q.where('isOffline', '=', 0).where('unavailable', '=', 0);
    return q.orderBy('createdAt', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute();
  }

  async countByHeadquarter(headquarterId: string, opts: { publicOnly: boolean }): Promise<number> {
    let q = this.db
      .selectFrom('buildings')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('headquarterId', '=', headquarterId)
      .where('removedAt', 'is', null);
    if (opts.publicOnly) q = q.where('hidden', '=', 0).where('draft', '=', 0);
    const row = await q.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The oldest tour that is neither removed, hidden, a draft, offline nor unavailable, and has a panorama to show. */
  firstOpen(): Promise<BuildingRow | undefined> {
    return this.db
      .selectFrom('buildings')
      .selectAll()
      .where((eb) => eb.exists(eb.selectFrom('panoramas').select('panoramas.id').whereRef('panoramas.buildingId', '=', 'buildings.id')))
      .where('removedAt', 'is', null)
      .where('hidden', '=', 0)
      .where('draft', '=', 0)
      .where('isOffline', '=', 0)
      .where('unavailable', '=', 0)
      .orderBy('createdAt')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('buildings').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(row: NewBuilding): Promise<void> {
    const at = nowIso();
    await this.db.insertInto('buildings').values({ ...row, createdAt: at, updatedAt: at }).execute();
  }

  async update(id: string, patch: Omit<Updateable<BuildingsTable>, 'id' | 'createdAt'>): Promise<void> {
    await this.db.updateTable('buildings').set({ ...patch, updatedAt: nowIso() }).where('id', '=', id).execute();
  }
}
