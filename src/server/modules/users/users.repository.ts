import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { nowIso } from '../../db/columns.ts';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Omit<Insertable<UsersTable>, 'createdAt' | 'updatedAt'>;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Usernames compare case-insensitively (the whitelist rule of the spec does too). */
  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
  }

  async insert(row: NewUser): Promise<void> {
    const at = nowIso();
    await this.db.insertInto('users').values({ ...row, createdAt: at, updatedAt: at }).execute();
  }
}
