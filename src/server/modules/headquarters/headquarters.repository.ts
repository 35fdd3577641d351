import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { HeadquartersTable } from '../../db/schema.ts';
import { nowIso } from '../../db/columns.ts';

export type HeadquarterRow = Selectable<HeadquartersTable>;
export type NewHeadquarter = Omit<Insertable<HeadquartersTable>, 'createdAt' | 'updatedAt'>;

export class HeadquartersRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<HeadquarterRow | undefined> {
    return this.db.selectFrom('headquarters').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Titles are unique; the match ignores case so links typed by hand still work. */
  findByTitle(title: string): Promise<HeadquarterRow | undefined> {
    return this.db
      .selectFrom('headquarters')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['title']), '=', title.toLowerCase()))
      .executeTakeFirst();
  }

  async insert(row: NewHeadquarter): Promise<void> {
    const at = nowIso();
    await this.db.insertInto('headquarters').values({ ...row, createdAt: at, updatedAt: at }).execute();
  }
}
