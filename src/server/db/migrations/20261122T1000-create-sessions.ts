import type { Kysely } from 'kysely';

// Sign-in sessions. Only a SHA-256 of each token is stored, so a leaked database cannot be used to sign in.
// users.settings holds the owner settings of the public profile (analytics, themePicker, showPromotionHeader, useAutopilot).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.alterTable('users').addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('users').addColumn('expired_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('expired_at').execute();
  await db.schema.alterTable('users').dropColumn('settings').execute();
  await db.schema.dropTable('sessions').execute();
}
