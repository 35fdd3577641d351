import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CompaniesTable } from '../../db/schema.ts';
import { nowIso } from '../../db/columns.ts';

export type CompanyRow = Selectable<CompaniesTable>;
export type NewCompany = Omit<Insertable<CompaniesTable>, 'createdAt' | 'updatedAt'>;

export class CompaniesRepository {
  constructor(private readonly db: Db) {}

  /** Companies that markers of these tours point at. */
  listReferencedByBuildings(buildingIds: readonly string[]): Promise<CompanyRow[]> {
    if (buildingIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('companies')
      .selectAll()
      .where('id', 'in', (eb) =>
        eb.selectFrom('markers').select('companyId').where('buildingId', 'in', buildingIds).where('companyId', 'is not', null),
      )
      .orderBy('name')
      .execute();
  }

  async insert(row: NewCompany): Promise<void> {
    const at = nowIso();
    await this.db.insertInto('companies').values({ ...row, createdAt: at, updatedAt: at }).execute();
  }
}
