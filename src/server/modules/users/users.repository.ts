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

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  async update(id: string, changes: Partial<Omit<NewUser, 'id'>>): Promise<void> {
    await this.db.updateTable('users').set({ ...changes, updatedAt: nowIso() }).where('id', '=', id).execute();
  }

  /**
   * Writes `next` as the user's settings only if they are still `expected` (the text read before): a compare-and-set,
   * so two changes of different switches at once never undo each other. True when it was written.
   */
  async replaceSettings(id: string, expected: string, next: string): Promise<boolean> {
    const result = await this.db.updateTable('users').set({ settings: next, updatedAt: nowIso() })
      .where('id', '=', id).where('settings', '=', expected).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insert(row: NewUser): Promise<void> {
    const at = nowIso();
    await this.db.insertInto('users').values({ ...row, createdAt: at, updatedAt: at }).execute();
  }
}
