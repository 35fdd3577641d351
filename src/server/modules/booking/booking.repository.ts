import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BookingsTable } from '../../db/schema.ts';

export type BookingRow = Selectable<BookingsTable>;

/** SQL of bookings. Who holds a guide at a time is decided by the unique index bookings_guide_start, not here. */
export class BookingRepository {
  constructor(private readonly db: Db) {}

  /** Inserts; a unique violation (the guide is taken at that time) is left to the caller. */
  async insert(row: Insertable<BookingsTable>): Promise<void> {
    await this.db.insertInto('bookings').values(row).execute();
  }

  /** "guideId|start" of the tour's bookings that hold a guide within [from, to). */
  async taken(buildingId: string, from: string, to: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('bookings').select(['guideId', 'startsAt']).where('buildingId', '=', buildingId)
      .where('cancelledAt', 'is', null).where('startsAt', '>=', from).where('startsAt', '<', to).execute();
    return new Set(rows.map((r) => `${r.guideId ?? ''}|${r.startsAt}`));
  }

  byId(id: string): Promise<BookingRow | undefined> {
    return this.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The booking a manage link names, and whose link it is. */
  async byTokenHash(hash: string): Promise<{ row: BookingRow; role: 'visitor' | 'guide' } | undefined> {
    const row = await this.db.selectFrom('bookings').selectAll().where((w) => w.or([w('visitorTokenHash', '=', hash), w('guideTokenHash', '=', hash)])).executeTakeFirst();
    return row ? { row, role: row.visitorTokenHash === hash ? 'visitor' : 'guide' } : undefined;
  }

  /** Cancels once: true for the one caller that did. */
  async cancel(id: string, at: string): Promise<boolean> {
    const r = await this.db.updateTable('bookings').set({ cancelledAt: at }).where('id', '=', id).where('cancelledAt', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Moves a live booking to another start; a unique violation (that time is taken) is left to the caller. */
  async move(id: string, startsAt: string, endsAt: string): Promise<boolean> {
    const r = await this.db.updateTable('bookings').set({ startsAt, endsAt, meetingId: null }).where('id', '=', id).where('cancelledAt', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Records the booking's meeting unless another request already did: true when this one's was kept. */
  async setMeeting(id: string, meetingId: string): Promise<boolean> {
    const r = await this.db.updateTable('bookings').set({ meetingId }).where('id', '=', id).where('meetingId', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The owner's list: every booking of the tour, soonest first, with the guide's email when the guide still exists. */
  forTour(buildingId: string): Promise<(BookingRow & { guideEmail: string | null })[]> {
    return this.db.selectFrom('bookings').leftJoin('users', 'users.id', 'bookings.guideUserId').selectAll('bookings').select('users.email as guideEmail')
      .where('bookings.buildingId', '=', buildingId).orderBy('bookings.startsAt').orderBy('bookings.id').execute();
  }
}
