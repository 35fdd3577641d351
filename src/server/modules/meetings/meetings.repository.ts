import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MeetingParticipantsTable, MeetingsTable } from '../../db/schema.ts';

export type MeetingRow = Selectable<MeetingsTable>;
export type ParticipantRow = Selectable<MeetingParticipantsTable>;

/** Participants who hold a seat: they are in, waiting for the host, or away within the reconnect window. */
export const SEATED_STATES = ['waiting', 'joined', 'away'] as const;

/**
 * SQL of meetings, their participants and the tour agents. Every state change that two processes could race is
 * one conditional UPDATE whose row count says who won (seats, credentials, ending).
 */
export class MeetingsRepository {
  constructor(private readonly db: Db) {}

  async insertMeeting(row: Insertable<MeetingsTable>): Promise<void> {
    await this.db.insertInto('meetings').values(row).execute();
  }

  findMeeting(id: string): Promise<MeetingRow | undefined> {
    return this.db.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByCode(shortCode: string): Promise<MeetingRow | undefined> {
    return this.db.selectFrom('meetings').selectAll().where('shortCode', '=', shortCode).executeTakeFirst();
  }

  listForTour(buildingId: string, hostUserId?: string): Promise<MeetingRow[]> {
    let query = this.db.selectFrom('meetings').selectAll().where('buildingId', '=', buildingId);
    if (hostUserId) query = query.where('hostUserId', '=', hostUserId);
    return query.orderBy('createdAt', 'desc').limit(100).execute();
  }

  async updateMeeting(id: string, patch: Updateable<MeetingsTable>): Promise<void> {
    await this.db.updateTable('meetings').set(patch).where('id', '=', id).execute();
  }

  /** scheduled -> live, once: true for the caller that started it. */
  async markLive(id: string, patch: Updateable<MeetingsTable>): Promise<boolean> {
    const result = await this.db.updateTable('meetings').set({ ...patch, state: 'live' }).where('id', '=', id).where('state', '=', 'scheduled').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ends a meeting once: true for the caller that ended it (it then frees the Janus room and tells everyone). */
  async markEnded(id: string, reason: string, now: string): Promise<boolean> {
    const result = await this.db.updateTable('meetings')
      .set({ state: 'ended', endReason: reason, endedAt: now, updatedAt: now, hostAwaySince: null })
      .where('id', '=', id).where('state', '!=', 'ended').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Takes a guest seat unless the meeting is full or over. */
  async takeSeat(id: string): Promise<boolean> {
    const result = await this.db.updateTable('meetings')
      .set((eb) => ({ seatsTaken: eb('seatsTaken', '+', 1) }))
      .where('id', '=', id).where('state', '!=', 'ended').whereRef('seatsTaken', '<', 'capacity').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async releaseSeat(id: string): Promise<void> {
    await this.db.updateTable('meetings').set((eb) => ({ seatsTaken: eb('seatsTaken', '-', 1) })).where('id', '=', id).where('seatsTaken', '>', 0).execute();
  }

  /** Live meetings whose host has been away since before the cutoff. */
  hostAwayBefore(cutoff: string): Promise<MeetingRow[]> {
    return this.db.selectFrom('meetings').selectAll().where('state', '=', 'live').where('hostAwaySince', 'is not', null).where('hostAwaySince', '<=', cutoff).execute();
  }

  async insertParticipant(row: Insertable<MeetingParticipantsTable>): Promise<void> {
    await this.db.insertInto('meetingParticipants').values(row).execute();
  }

  findParticipant(id: string): Promise<ParticipantRow | undefined> {
    return this.db.selectFrom('meetingParticipants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findHost(meetingId: string): Promise<ParticipantRow | undefined> {
    return this.db.selectFrom('meetingParticipants').selectAll().where('meetingId', '=', meetingId).where('role', '=', 'host').executeTakeFirst();
  }

  /** A participant the visitor already has in this meeting (one seat per person), or one removed by the host. */
  findByVisitor(meetingId: string, visitorKey: string): Promise<ParticipantRow[]> {
    return this.db.selectFrom('meetingParticipants').selectAll().where('meetingId', '=', meetingId).where('visitorKey', '=', visitorKey).execute();
  }

  findByCredential(meetingId: string, credentialHash: string): Promise<ParticipantRow | undefined> {
    return this.db.selectFrom('meetingParticipants').selectAll().where('meetingId', '=', meetingId).where('credentialHash', '=', credentialHash).executeTakeFirst();
  }

  participants(meetingId: string, states: readonly string[] = SEATED_STATES): Promise<ParticipantRow[]> {
    return this.db.selectFrom('meetingParticipants').selectAll().where('meetingId', '=', meetingId).where('state', 'in', [...states]).orderBy('createdAt', 'asc').execute();
  }

  allParticipants(meetingId: string): Promise<ParticipantRow[]> {
    return this.db.selectFrom('meetingParticipants').selectAll().where('meetingId', '=', meetingId).orderBy('createdAt', 'asc').execute();
  }

  /** Spends a credential once, before it expires: true for the one caller that did. */
  async consumeCredential(id: string, credentialHash: string, now: string): Promise<boolean> {
    const result = await this.db.updateTable('meetingParticipants').set({ credentialHash: null, credentialExpiresAt: null })
      .where('id', '=', id).where('credentialHash', '=', credentialHash).where('credentialExpiresAt', '>', now).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async updateParticipant(id: string, patch: Updateable<MeetingParticipantsTable>): Promise<void> {
    await this.db.updateTable('meetingParticipants').set(patch).where('id', '=', id).execute();
  }

  /** Moves a participant on only from the given states: true when this call made the change. */
  async transition(id: string, from: readonly string[], patch: Updateable<MeetingParticipantsTable>): Promise<boolean> {
    const result = await this.db.updateTable('meetingParticipants').set(patch).where('id', '=', id).where('state', 'in', [...from]).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Guests who went away before the cutoff (their seat is given back), across every meeting or one. */
  awayBefore(cutoff: string, meetingId?: string): Promise<ParticipantRow[]> {
    // Guests only: the host's absence has its own window, and ends the meeting instead.
    let query = this.db.selectFrom('meetingParticipants').selectAll().where('state', '=', 'away').where('role', '=', 'guest').where('awaySince', '<=', cutoff);
    if (meetingId) query = query.where('meetingId', '=', meetingId);
    return query.execute();
  }

  async agents(buildingId: string): Promise<{ userId: string; username: string }[]> {
    return this.db.selectFrom('meetingHosts').innerJoin('users', 'users.id', 'meetingHosts.userId')
      .select(['meetingHosts.userId as userId', 'users.username as username']).where('meetingHosts.buildingId', '=', buildingId).orderBy('users.username').execute();
  }

  async isAgent(buildingId: string, userId: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('meetingHosts').select('userId').where('buildingId', '=', buildingId).where('userId', '=', userId).executeTakeFirst());
  }

  async replaceAgents(buildingId: string, userIds: string[], now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('meetingHosts').where('buildingId', '=', buildingId).execute();
      if (userIds.length > 0) await trx.insertInto('meetingHosts').values(userIds.map((userId) => ({ buildingId, userId, createdAt: now }))).execute();
    });
  }
}
