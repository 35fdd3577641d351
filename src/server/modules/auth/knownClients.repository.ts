import type { Db } from '../../db/database.ts';

export type KnownClientKind = 'address' | 'device';

/** The addresses and devices each account signed in from (hashes), for the sign-in back-off. */
export class KnownClientsRepository {
  constructor(private readonly db: Db) {}

  async isKnown(userId: string, kind: KnownClientKind, keyHash: string, since: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('knownLoginClients')
      .select('userId')
      .where('userId', '=', userId)
      .where('kind', '=', kind)
      .where('keyHash', '=', keyHash)
      .where('lastSuccessAt', '>', since)
      .executeTakeFirst();
    return row !== undefined;
  }

  async remember(userId: string, kind: KnownClientKind, keyHash: string, now: string): Promise<void> {
    await this.db
      .insertInto('knownLoginClients')
      .values({ userId, kind, keyHash, lastSuccessAt: now })
      .onConflict((oc) => oc.columns(['userId', 'kind', 'keyHash']).doUpdateSet({ lastSuccessAt: now }))
      .execute();
  }
}
