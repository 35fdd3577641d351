import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LoungeInvitationsTable } from '../../db/schema.ts';

export type InvitationRow = Selectable<LoungeInvitationsTable>;
export type InvitationStatus = 'pending' | 'accepted' | 'rejected';

/** One row per pair, whoever invited whom. */
export const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

export interface PersonRow {
  id: string;
  username: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  companyDisplayName: string | null;
  occupationCustom: string | null;
  portrait: string | null;
  userType: string;
  headquarterId: string | null;
}

/** The SQL of the lounge's people: accounts, invitations, blocks, and the tours and panoramas they are in. */
export class LoungeRepository {
  constructor(private readonly db: Db) {}

  people(ids: string[]): Promise<PersonRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'firstName', 'lastName', 'email', 'phone', 'companyDisplayName', 'occupationCustom', 'portrait', 'userType', 'headquarterId'])
      .where('id', 'in', ids)
      .execute();
  }

  /** The latest sign-in of each account: sessions are made at sign-in (resuming one makes none). */
  async lastLogins(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('sessions')
      .select(['userId', (eb) => eb.fn.max('createdAt').as('at')])
      .where('userId', 'in', ids)
      .groupBy('userId')
      .execute();
    return new Map(rows.map((r) => [r.userId, String(r.at)]));
  }

  /** Only for an account made a moment ago by a ticket sign-in that lost the race for its ticket. */
  async deleteAccount(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  /** Tours of a group, in the group's order. */
  async toursOfGroup(groupId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('propertyBuildings').select('buildingId').where('propertyId', '=', groupId).orderBy('index').execute();
    return rows.map((r) => r.buildingId);
  }

  tours(ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('buildings')
      .select(['id', 'name', 'headquarterId', 'ownerId', 'hidden', 'isOffline', 'unavailable', 'removedAt', 'requireWhiteListing', 'whiteList'])
      .where('id', 'in', ids)
      .execute();
  }

  panoramas(ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('panoramas').select(['id', 'name', 'buildingId']).where('id', 'in', ids).execute();
  }

  invitationsOf(userId: string): Promise<InvitationRow[]> {
    return this.db
      .selectFrom('loungeInvitations')
      .selectAll()
      .where((eb) => eb.or([eb('fromUserId', '=', userId), eb('toUserId', '=', userId)]))
      .execute();
  }

  invitationBetween(a: string, b: string): Promise<InvitationRow | undefined> {
    return this.db.selectFrom('loungeInvitations').selectAll().where('pairKey', '=', pairKey(a, b)).executeTakeFirst();
  }

  findInvitation(id: string): Promise<InvitationRow | undefined> {
    return this.db.selectFrom('loungeInvitations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** False when the pair already has an invitation (the unique pair key refused it). */
  async insertInvitation(row: InvitationRow): Promise<boolean> {
    const result = await this.db.insertInto('loungeInvitations').values(row).onConflict((oc) => oc.column('pairKey').doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Moves a pending invitation on; false when it was no longer pending (answered, withdrawn, or by a racing call). */
  async answer(id: string, status: Exclude<InvitationStatus, 'pending'>, at: string): Promise<boolean> {
    const result = await this.db.updateTable('loungeInvitations').set({ status, answeredAt: at }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markSeen(id: string, at: string): Promise<boolean> {
    const result = await this.db.updateTable('loungeInvitations').set({ seenAt: at }).where('id', '=', id).where('seenAt', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async withdraw(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('loungeInvitations').where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Everyone this account blocked, and everyone who blocked it. */
  async blocksOf(userId: string): Promise<{ blocked: Set<string>; blockedBy: Set<string> }> {
    const rows = await this.db
      .selectFrom('loungeBlocks')
      .select(['blockerId', 'blockedId'])
      .where((eb) => eb.or([eb('blockerId', '=', userId), eb('blockedId', '=', userId)]))
      .execute();
    const blocked = new Set<string>();
    const blockedBy = new Set<string>();
    for (const r of rows) {
      if (r.blockerId === userId) blocked.add(r.blockedId);
      else blockedBy.add(r.blockerId);
    }
    return { blocked, blockedBy };
  }

  async isBlockedEitherWay(a: string, b: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('loungeBlocks')
      .select('blockerId')
      .where((eb) => eb.or([
        eb.and([eb('blockerId', '=', a), eb('blockedId', '=', b)]),
        eb.and([eb('blockerId', '=', b), eb('blockedId', '=', a)]),
      ]))
      .executeTakeFirst();
    return row !== undefined;
  }

  async block(blockerId: string, blockedId: string, at: string): Promise<void> {
    await this.db.insertInto('loungeBlocks').values({ blockerId, blockedId, createdAt: at }).onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing()).execute();
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.db.deleteFrom('loungeBlocks').where('blockerId', '=', blockerId).where('blockedId', '=', blockedId).execute();
  }
}
