import type { Kysely } from 'kysely';

// Tour guides: the people a visitor can call now (tour ring) or book a time with (booking calendar).
// A guide is an account; someone named by email who has no account in the tour's headquarter is a pending invite
// until they accept it signed in with that email. The tour's booking settings are two columns on buildings
// (slot length, ring time-out), not a table of their own: one value each per tour, read with the tour.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tour_guides')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // JSON array of language codes (at least one; the service checks).
    .addColumn('languages', 'text', (c) => c.notNull())
    // IANA name, e.g. Europe/Paris: the zone working_hours are written in.
    .addColumn('time_zone', 'text', (c) => c.notNull())
    // JSON array of {weekday: 0-6 (0 = Sunday), start: "HH:MM", end: "HH:MM"} in the guide's own time zone.
    .addColumn('working_hours', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('tour_guides_building_user', ['building_id', 'user_id'])
    .execute();
  await db.schema.createIndex('tour_guides_user').on('tour_guides').column('user_id').execute();

  // Someone named as a guide who is not (yet) an account of the tour's headquarter: the same settings, an email, and
  // a single-purpose token (stored as SHA-256) they accept signed in with that email.
  await db.schema
    .createTable('tour_guide_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('working_hours', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('tour_guide_invites_building_email', ['building_id', 'email'])
    .execute();

  // Booking and ringing settings of a tour (defaults: 30-minute slots, ring for 30 seconds).
  await db.schema.alterTable('buildings').addColumn('booking_slot_minutes', 'integer', (c) => c.notNull().defaultTo(30)).execute();
  await db.schema.alterTable('buildings').addColumn('ring_timeout_seconds', 'integer', (c) => c.notNull().defaultTo(30)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('buildings').dropColumn('ring_timeout_seconds').execute();
  await db.schema.alterTable('buildings').dropColumn('booking_slot_minutes').execute();
  await db.schema.dropTable('tour_guide_invites').execute();
  await db.schema.dropTable('tour_guides').execute();
}
