import type { Db } from '../../db/database.ts';
import type { UserRow } from '../users/users.repository.ts';

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: { tokenHash: string; userId: string; createdAt: string; expiresAt: string }): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  /** The user of a session that has not expired. */
  async findUser(tokenHash: string, now: string): Promise<(UserRow & { sessionExpiresAt: string }) | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .selectAll('users')
      .select('sessions.expiresAt as sessionExpiresAt')
      .where('sessions.tokenHash', '=', tokenHash)
      .where('sessions.expiresAt', '>', now)
      .executeTakeFirst();
    return row;
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
  }

  /** After a password change every other session of the user ends. */
  async deleteOthers(userId: string, keepTokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('userId', '=', userId).where('tokenHash', '!=', keepTokenHash).execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('expiresAt', '<=', now).execute();
  }
}
