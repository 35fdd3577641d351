import type { Kysely } from 'kysely';

// A view is counted once per visitor session: a visitor (their account, their kept device id, or, for a device that
// keeps nothing without cookie consent, a hash of address and browser) who comes back to the tour within 30
// minutes of their last visit, by a reload or a reconnect, is in the same session. One row per visitor and tour.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tour_view_sessions')
    .addColumn('tour_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('view_key', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tour_view_sessions_pk', ['tour_id', 'view_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tour_view_sessions').execute();
}
