import type { Kysely } from 'kysely';

// The tour ring (spec sections 2, 5, 8). A call and the guides it rings are rows, not process memory, so "first to
// accept wins" is one conditional UPDATE on any number of server processes; call-back requests are kept for the
// tour's guides and owners.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tour_ring_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('visitor_key', 'text', (c) => c.notNull())
    .addColumn('visitor_user_id', 'text')
    .addColumn('visitor_name', 'text', (c) => c.notNull())
    // ringing -> accepted | cannot-answer | busy | cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('guide_user_id', 'text')
    .addColumn('meeting_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('tour_ring_calls_status_idx').on('tour_ring_calls').columns(['status', 'deadline']).execute();
  await db.schema.createIndex('tour_ring_calls_guide_idx').on('tour_ring_calls').columns(['guide_user_id', 'status']).execute();

  // One row per guide a call rings: ringing -> declined | stopped | accepted.
  await db.schema
    .createTable('tour_ring_attempts')
    .addColumn('call_id', 'text', (c) => c.notNull().references('tour_ring_calls.id').onDelete('cascade'))
    .addColumn('guide_user_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tour_ring_attempts_pk', ['call_id', 'guide_user_id'])
    .execute();
  await db.schema.createIndex('tour_ring_attempts_guide_idx').on('tour_ring_attempts').columns(['guide_user_id', 'state']).execute();

  await db.schema
    .createTable('tour_callbacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('visitor_user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tour_callbacks_building_idx').on('tour_callbacks').columns(['building_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tour_callbacks').execute();
  await db.schema.dropTable('tour_ring_attempts').execute();
  await db.schema.dropTable('tour_ring_calls').execute();
}
