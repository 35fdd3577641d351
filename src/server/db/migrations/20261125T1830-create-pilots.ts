import type { Kysely } from 'kysely';

// Guided tours (spec sections 1, 4, 9): the people a tour's owner names as its pilots, and their recordings. The
// audio lives in the media store (content-addressed); the route is JSON text here, read whole when a visitor plays it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tour_pilots')
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tour_pilots_pk', ['building_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('pilot_recordings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('pilot_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The browser's id for the take: a retried upload finds the recording it already made.
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('audio_path', 'text', (c) => c.notNull())
    .addColumn('audio_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    // JSON: { panoramaId, yaw, pitch, fov }, the view at the start.
    .addColumn('cover', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('pilot_recordings_client_uq', ['pilot_id', 'client_id'])
    .execute();
  await db.schema.createIndex('pilot_recordings_building_idx').on('pilot_recordings').columns(['building_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pilot_recordings').execute();
  await db.schema.dropTable('tour_pilots').execute();
}
