import type { Kysely } from 'kysely';

// A tour can be a draft: not listed and not public (openLink answers a non-editor as for a hidden tour) until the
// owner publishes it. Tours that exist (and the demo) stay published; the studio creates new tours as drafts.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('buildings').addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('buildings').dropColumn('draft').execute();
}
