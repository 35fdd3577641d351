import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TourCommentsTable } from '../../db/schema.ts';
import type { CommentCursor } from '../../../protocol/social.ts';

export type CommentRow = TourCommentsTable;

const count = (value: unknown): number => Number(value ?? 0);

/** The SQL of spec section 3's social data: views, likes and comments of a tour. Portable across both dialects. */
export class SocialRepository {
  constructor(private readonly db: Db) {}

  /** The owner of a tour that visitors may still open (a removed tour has no social life). */
  async tourOwner(tourId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('buildings').select('ownerId').where('id', '=', tourId).where('removedAt', 'is', null).executeTakeFirst();
    return row?.ownerId;
  }

  async counts(tourId: string): Promise<{ viewCount: number; likeCount: number; commentCount: number }> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb.selectFrom('tourViews').select(sql<number>`count(*)`.as('n')).where('tourId', '=', tourId).as('viewCount'),
        eb.selectFrom('tourLikes').select(sql<number>`count(*)`.as('n')).where('tourId', '=', tourId).as('likeCount'),
        eb.selectFrom('tourComments').select(sql<number>`count(*)`.as('n')).where('tourId', '=', tourId).as('commentCount'),
      ])
      .executeTakeFirstOrThrow();
    return { viewCount: count(row.viewCount), likeCount: count(row.likeCount), commentCount: count(row.commentCount) };
  }

  /** True when this opening was not counted yet. */
  async recordView(row: { tourId: string; visitId: string; visitorKey: string; createdAt: string }): Promise<boolean> {
    const result = await this.db.insertInto('tourViews').values(row).onConflict((oc) => oc.columns(['tourId', 'visitId']).doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Starts a visitor session unless one is open (seen after `cutoff`), and answers whether it started. One
   * conditional upsert: two joins at the same moment cannot both start one.
   */
  async startViewSession(tourId: string, viewKey: string, now: string, cutoff: string): Promise<boolean> {
    const refreshed = await this.db
      .updateTable('tourViewSessions')
      .set({ lastSeenAt: now })
      .where('tourId', '=', tourId)
      .where('viewKey', '=', viewKey)
      .where('lastSeenAt', '>', cutoff)
      .executeTakeFirst();
    if (Number(refreshed.numUpdatedRows) > 0) return false;
    const started = await this.db
      .insertInto('tourViewSessions')
      .values({ tourId, viewKey, lastSeenAt: now })
      .onConflict((oc) => oc.columns(['tourId', 'viewKey']).doUpdateSet({ lastSeenAt: now }).where('tourViewSessions.lastSeenAt', '<=', cutoff))
      .executeTakeFirst();
    return Number(started.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async hasLiked(tourId: string, visitorKey: string): Promise<boolean> {
    const row = await this.db.selectFrom('tourLikes').select('tourId').where('tourId', '=', tourId).where('visitorKey', '=', visitorKey).executeTakeFirst();
    return row !== undefined;
  }

  /** Idempotent both ways; answers whether anything changed. */
  async setLike(tourId: string, visitorKey: string, liked: boolean, now: string): Promise<boolean> {
    if (liked) {
      const result = await this.db
        .insertInto('tourLikes')
        .values({ tourId, visitorKey, createdAt: now })
        .onConflict((oc) => oc.columns(['tourId', 'visitorKey']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    }
    const result = await this.db.deleteFrom('tourLikes').where('tourId', '=', tourId).where('visitorKey', '=', visitorKey).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async insertComment(row: CommentRow): Promise<void> {
    await this.db.insertInto('tourComments').values(row).execute();
  }

  async findComment(id: string): Promise<CommentRow | undefined> {
    return this.db.selectFrom('tourComments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Top-level comments, latest first, strictly older than the cursor (ties on the timestamp broken by id). */
  async latestComments(tourId: string, before: CommentCursor | null, limit: number): Promise<CommentRow[]> {
    let query = this.db.selectFrom('tourComments').selectAll().where('tourId', '=', tourId).where('parentId', 'is', null);
    if (before) {
      query = query.where((eb) =>
        eb.or([eb('createdAt', '<', before.createdAt), eb.and([eb('createdAt', '=', before.createdAt), eb('id', '<', before.objectId)])]),
      );
    }
    return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** Replies of the given comments, oldest first (a conversation reads downwards). */
  async repliesOf(parentIds: string[]): Promise<CommentRow[]> {
    if (parentIds.length === 0) return [];
    return this.db.selectFrom('tourComments').selectAll().where('parentId', 'in', parentIds).orderBy('createdAt', 'asc').orderBy('id', 'asc').execute();
  }
}
