import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TourCallbacksTable, TourRingCallsTable } from '../../db/schema.ts';

export type CallRow = Selectable<TourRingCallsTable>;
export type CallbackRow = Selectable<TourCallbacksTable> & { tourName: string };
type EndStatus = 'cannot-answer' | 'busy' | 'cancelled';

/**
 * SQL of tour-ring calls, the guides each one rings, and call-back requests. Every change two processes (or two
 * guides) could race is one conditional UPDATE whose row count says who won.
 */
export class TourRingRepository {
  constructor(private readonly db: Db) {}

  async insertCall(row: Insertable<TourRingCallsTable>, guideUserIds: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('tourRingCalls').values(row).execute();
      await trx.insertInto('tourRingAttempts').values(guideUserIds.map((guideUserId) => ({ callId: row.id, guideUserId, state: 'ringing' as const }))).execute();
    });
  }

  async findCall(id: string): Promise<CallRow | undefined> {
    return this.db.selectFrom('tourRingCalls').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The one winner of a call: only a ringing call, before its deadline, rung on this guide. */
  async claim(callId: string, guideUserId: string, now: string): Promise<boolean> {
    const result = await this.db.updateTable('tourRingCalls').set({ status: 'accepted', guideUserId, endedAt: now })
      .where('id', '=', callId).where('status', '=', 'ringing').where('deadline', '>', now)
      .where((eb) => eb.exists(eb.selectFrom('tourRingAttempts').select('callId')
        .where('tourRingAttempts.callId', '=', callId).where('tourRingAttempts.guideUserId', '=', guideUserId).where('tourRingAttempts.state', '=', 'ringing')))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setMeeting(callId: string, meetingId: string): Promise<void> {
    await this.db.updateTable('tourRingCalls').set({ meetingId }).where('id', '=', callId).execute();
  }

  /** Ends a ringing call (once: the caller that gets true announces it). */
  async end(callId: string, status: EndStatus, now: string): Promise<boolean> {
    const result = await this.db.updateTable('tourRingCalls').set({ status, endedAt: now }).where('id', '=', callId).where('status', '=', 'ringing').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ringing calls whose deadline has passed (the sweep ends them, whichever process started them). */
  async overdue(now: string): Promise<CallRow[]> {
    return this.db.selectFrom('tourRingCalls').selectAll().where('status', '=', 'ringing').where('deadline', '<=', now).limit(200).execute();
  }

  /** Moves one guide's attempt on a call from ringing to another state; false when it was not ringing. */
  async settleAttempt(callId: string, guideUserId: string, state: 'declined' | 'stopped' | 'accepted'): Promise<boolean> {
    const result = await this.db.updateTable('tourRingAttempts').set({ state })
      .where('callId', '=', callId).where('guideUserId', '=', guideUserId).where('state', '=', 'ringing').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Stops every attempt of a call still ringing; answers whom they rang. */
  async stopAll(callId: string): Promise<string[]> {
    const ringing = await this.db.selectFrom('tourRingAttempts').select('guideUserId').where('callId', '=', callId).where('state', '=', 'ringing').execute();
    await this.db.updateTable('tourRingAttempts').set({ state: 'stopped' }).where('callId', '=', callId).where('state', '=', 'ringing').execute();
    return ringing.map((r) => r.guideUserId);
  }

  async attempts(callId: string): Promise<{ guideUserId: string; state: string }[]> {
    return this.db.selectFrom('tourRingAttempts').select(['guideUserId', 'state']).where('callId', '=', callId).execute();
  }

  /** Other calls still ringing this guide (they stop when the guide takes one). */
  async ringingFor(guideUserId: string): Promise<CallRow[]> {
    return this.db.selectFrom('tourRingCalls').innerJoin('tourRingAttempts', 'tourRingAttempts.callId', 'tourRingCalls.id')
      .selectAll('tourRingCalls').where('tourRingAttempts.guideUserId', '=', guideUserId).where('tourRingAttempts.state', '=', 'ringing')
      .where('tourRingCalls.status', '=', 'ringing').execute();
  }

  /**
   * Guides in a call: they accepted a call whose meeting is live, or was accepted within `joinSince` and has not
   * started yet (the two are on their way in). A meeting that ended frees its guide.
   */
  /** The guides of the answered calls that became this meeting. */
  async guidesOfMeeting(meetingId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('tourRingCalls').select('guideUserId').where('meetingId', '=', meetingId).where('status', '=', 'accepted').execute();
    return rows.map((r) => r.guideUserId).filter((id): id is string => id !== null);
  }

  async guidesInCall(guideUserIds: string[], joinSince: string): Promise<Set<string>> {
    if (guideUserIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('tourRingCalls').leftJoin('meetings', 'meetings.id', 'tourRingCalls.meetingId')
      .select('tourRingCalls.guideUserId').where('tourRingCalls.status', '=', 'accepted').where('tourRingCalls.guideUserId', 'in', guideUserIds)
      .where((eb) => eb.or([
        eb('meetings.state', '=', 'live'),
        eb.and([eb('tourRingCalls.endedAt', '>', joinSince), eb.or([eb('meetings.state', 'is', null), eb('meetings.state', '=', 'scheduled')])]),
      ]))
      .execute();
    return new Set(rows.map((r) => r.guideUserId).filter((id): id is string => id !== null));
  }

  async insertCallback(row: Insertable<TourCallbacksTable>): Promise<void> {
    await this.db.insertInto('tourCallbacks').values(row).execute();
  }

  /** Call-back requests of these tours, newest first. */
  async callbacks(buildingIds: string[], limit = 200): Promise<CallbackRow[]> {
    if (buildingIds.length === 0) return [];
    return this.db.selectFrom('tourCallbacks').innerJoin('buildings', 'buildings.id', 'tourCallbacks.buildingId')
      .selectAll('tourCallbacks').select('buildings.name as tourName')
      .where('tourCallbacks.buildingId', 'in', buildingIds).orderBy('tourCallbacks.createdAt', 'desc').orderBy('tourCallbacks.id').limit(limit).execute();
  }
}
