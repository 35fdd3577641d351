import type { Kysely } from 'kysely';

// What a panorama takes on disk (tiles, small views and the kept original), for the per-account storage quota.
// Written when its tiling ends; null for panoramas stored before this column, which the quota measures once on disk.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('panoramas').addColumn('stored_bytes', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('panoramas').dropColumn('stored_bytes').execute();
}
