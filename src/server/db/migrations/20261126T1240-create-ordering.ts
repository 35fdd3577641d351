import type { Kysely } from 'kysely';

// Wholesale ordering sessions (spec sections 3 and 4): the platform's tokens stay here, on the server; the browser
// holds only the session id, of which just its SHA-256 is kept. ordering_lines records what each visit added, because
// the platform's calls give no order total or line count to confirm with.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ordering_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('retailer_id', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('refresh_token', 'text', (c) => c.notNull())
    // When the access token stops being used: the exchange's time plus (expires_in - 1) s.
    .addColumn('token_expires_at', 'text', (c) => c.notNull())
    .addColumn('current_price_type_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ordering_sessions_last_used_idx').on('ordering_sessions').column('last_used_at').execute();

  await db.schema
    .createTable('ordering_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_hash', 'text', (c) => c.notNull().references('ordering_sessions.id_hash').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('marker_id', 'text', (c) => c.notNull())
    .addColumn('sku_id', 'text', (c) => c.notNull())
    .addColumn('wholesale_price', 'double precision', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ordering_lines_session_idx').on('ordering_lines').columns(['session_hash', 'order_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ordering_lines').execute();
  await db.schema.dropTable('ordering_sessions').execute();
}
