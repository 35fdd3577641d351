import type { Kysely } from 'kysely';

// The sites an owner lets show a tour inside a frame (a JSON array of origins, frame-ancestors sources);
// null: any site, as before.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('buildings').addColumn('embed_sites', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('buildings').dropColumn('embed_sites').execute();
}
