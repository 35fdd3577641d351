import { sql, type Kysely } from 'kysely';

// The booking calendar. A booking holds one guide at one start time. Two visitors can never hold the same
// guide at the same time: a unique index on (guide_id, starts_at) over the bookings that are not cancelled decides,
// on any number of server processes (starts_at is always the UTC ISO string of Date.toISOString, so equal instants
// are equal text). A cancelled booking stays as a row (owners see it) and frees its slot.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    // The guide's row; null once the owner removed that guide (the booking stays, with the guide's name below).
    .addColumn('guide_id', 'text', (c) => c.references('tour_guides.id').onDelete('set null'))
    .addColumn('guide_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('guide_name', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    // The visitor's IANA zone and interface language when they booked: the mail is written in them.
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    // SHA-256 of the visitor's and the guide's manage tokens (the links in their mails: cancel, move, join).
    .addColumn('visitor_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('guide_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('meeting_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema.createIndex('bookings_guide_start').unique().on('bookings').columns(['guide_id', 'starts_at'])
    .where(sql.ref('cancelled_at'), 'is', null).execute();
  await db.schema.createIndex('bookings_building_start').on('bookings').columns(['building_id', 'starts_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bookings').execute();
}
