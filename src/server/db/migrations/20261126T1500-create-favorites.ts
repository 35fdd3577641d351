import type { Kysely } from 'kysely';

// Favourites of accounts (spec sections 3 and 7). Anonymous visitors' favourites never reach the database: the browser
// keeps them (in memory until cookie consent) and sends them along when it needs the server (resolve, export, merge).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('favorites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('identifier_id', 'text', (c) => c.notNull())
    // The tour it was saved from (people and companies have no tour of their own); no reference: tours are soft-deleted.
    .addColumn('building_id', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Adding twice keeps one row: the insert does nothing on this key, on both dialects.
    .addUniqueConstraint('favorites_user_item_uq', ['user_id', 'identifier', 'identifier_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favorites').execute();
}
