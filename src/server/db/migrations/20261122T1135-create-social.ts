import type { Kysely } from 'kysely';

// Social data of a tour (spec section 3): views, likes and comments. Counts are counted from rows, never kept as
// running totals, so a like count cannot drift below 0 and several server processes cannot race a counter.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per opening of a tour: a reconnect during the same visit (same visit_id) is not another view.
  await db.schema
    .createTable('tour_views')
    .addColumn('tour_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('visit_id', 'text', (c) => c.notNull())
    .addColumn('visitor_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tour_views_pk', ['tour_id', 'visit_id'])
    .execute();

  // visitor_key is "user:<id>" for a signed-in visitor, else "device:<random id kept by the device>".
  await db.schema
    .createTable('tour_likes')
    .addColumn('tour_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('visitor_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tour_likes_pk', ['tour_id', 'visitor_key'])
    .execute();

  await db.schema
    .createTable('tour_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tour_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    // Replies are one level deep: parent_id always names a top-level comment.
    .addColumn('parent_id', 'text', (c) => c.references('tour_comments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tour_comments_tour_idx').on('tour_comments').columns(['tour_id', 'parent_id', 'created_at']).execute();
  await db.schema.createIndex('tour_comments_parent_idx').on('tour_comments').column('parent_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tour_comments').execute();
  await db.schema.dropTable('tour_likes').execute();
  await db.schema.dropTable('tour_views').execute();
}
