import type { Kysely } from 'kysely';

// Invitations for SIGNUP=invite: a single-use link an owner (or the CLI) makes; only its SHA-256 is kept.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The owner who made it; null when the command line did.
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
