import type { Kysely } from 'kysely';

// The VR lounge: tickets per tour, connection invitations and blocks between accounts. Presence is not stored here:
// it lives in memory or Redis (src/server/modules/lounge/presence), so a heartbeat never writes to the database.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lounge_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    // Upper-cased as typed; unique per tour, so an import never doubles a number.
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('visitor'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Set once, by one conditional UPDATE: two sign-ins with the same ticket cannot both win.
    .addColumn('used_at', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('lounge_tickets_number_uq', ['building_id', 'number'])
    .execute();
  await db.schema.createIndex('lounge_tickets_user_idx').on('lounge_tickets').column('user_id').execute();

  // One invitation per pair of people, whoever sent it (pair_key = the two ids in order): a rejected one stays, so a
  // rejection cannot be undone by inviting again in either direction.
  await db.schema
    .createTable('lounge_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pair_key', 'text', (c) => c.notNull().unique())
    .addColumn('from_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('building_id', 'text')
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text')
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema.createIndex('lounge_invitations_from_idx').on('lounge_invitations').column('from_user_id').execute();
  await db.schema.createIndex('lounge_invitations_to_idx').on('lounge_invitations').column('to_user_id').execute();

  await db.schema
    .createTable('lounge_blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lounge_blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('lounge_blocks_blocked_idx').on('lounge_blocks').column('blocked_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lounge_blocks').execute();
  await db.schema.dropTable('lounge_invitations').execute();
  await db.schema.dropTable('lounge_tickets').execute();
}
