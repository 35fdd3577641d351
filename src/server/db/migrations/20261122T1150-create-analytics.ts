import type { Kysely } from 'kysely';

// Visitor statistics (spec sections 3 and 7): one row per opening of a tour, the marker clicks, and the session
// reports of tracked (whitelisted) accounts. Timestamps are ISO text like everywhere else; the session's
// startedAt (ms in the API) is stored as ISO text too, because PostgreSQL's integer cannot hold epoch ms.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visitor_histories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // "user:<id>" for a signed-in visitor, else "device:<random id kept by the device>" (as the social tables).
    .addColumn('visitor_key', 'text', (c) => c.notNull())
    .addColumn('link_source', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('viewing_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('visitor_histories_building_idx').on('visitor_histories').columns(['building_id', 'started_at']).execute();

  await db.schema
    .createTable('click_counts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('identifier_id', 'text', (c) => c.notNull())
    .addColumn('visitor_key', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('click_counts_building_idx').on('click_counts').columns(['building_id', 'identifier', 'at']).execute();
  // The 1 s de-duplication looks up the visitor's latest click on the same thing.
  await db.schema.createIndex('click_counts_dedupe_idx').on('click_counts').columns(['visitor_key', 'identifier', 'identifier_id', 'at']).execute();

  await db.schema
    .createTable('visitor_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('headquarter', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('reported_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('visitor_reports_session_uq', ['user_id', 'building_id', 'started_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visitor_reports').execute();
  await db.schema.dropTable('click_counts').execute();
  await db.schema.dropTable('visitor_histories').execute();
}
