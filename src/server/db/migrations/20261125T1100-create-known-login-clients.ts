import type { Kysely } from 'kysely';

// Where each account signed in successfully before: its usual addresses and devices, which skip the per-account
// sign-in back-off (so an attacker's failures elsewhere cannot lock the owner out). Only SHA-256 hashes of the
// address and of the known-device cookie are kept.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('known_login_clients')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // "address" or "device"
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_login_clients_pk', ['user_id', 'kind', 'key_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_login_clients').execute();
}
