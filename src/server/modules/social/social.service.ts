import { COMMENT_BATCH } from '../../../protocol/constants.ts';
import { COMMENT_PROBLEM_MESSAGES, commentProblem, type CommentCursor, type CommentReply, type CommentsAnswer, type SocialStats } from '../../../protocol/social.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import { CommentRateLimiter } from './commentRateLimiter.ts';
import { presentComment, presentReply } from './social.presenter.ts';
import type { SocialRepository } from './social.repository.ts';

/** Who acts: a signed-in user, or a device that keeps a random id. */
export interface SocialVisitor {
  /** "user:<id>" or "device:<id>": one like per key. */
  key: string;
  userId: string | null;
  /** Shown with their comments; null for a visitor without an account. */
  displayName: string | null;
  /** The network address, for the second rate limit. */
  address: string;
  /**
   * Who a view is counted for: the account, the device id when the device keeps it, else a hash of address and
   * browser (a device without cookie consent gets a new id on every reload).
   */
  viewKey: string;
}

/** A visitor back within 30 minutes of their last visit (a reload, a reconnect) is in the same session: no new view. */
export const VIEW_SESSION_MS = 30 * 60 * 1000;

export interface SocialServiceOptions {
  now?: () => Date;
  newId?: () => string;
  /** Per visitor: enough for a conversation, too few for a flood. */
  perVisitor?: CommentRateLimiter;
  /** Per address: several visitors behind one exhibition hall's router share it. */
  perAddress?: CommentRateLimiter;
}

const TOUR_NOT_FOUND = "Sorry, this LiveTour doesn't exist.";

/** The rules of social data (spec sections 3, 4 and 7), independent of the socket that carries them. */
export class SocialService {
  private readonly now: () => Date;
  private readonly newId: () => string;
  private readonly perVisitor: CommentRateLimiter;
  private readonly perAddress: CommentRateLimiter;

  constructor(private readonly repo: SocialRepository, opts: SocialServiceOptions = {}) {
    this.now = opts.now ?? (() => new Date());
    this.newId = opts.newId ?? (() => newId(16));
    this.perVisitor = opts.perVisitor ?? new CommentRateLimiter(5, 60_000);
    this.perAddress = opts.perAddress ?? new CommentRateLimiter(60, 60_000);
  }

  async stats(tourId: string): Promise<SocialStats> {
    const ownerId = await this.repo.tourOwner(tourId);
    if (!ownerId) throw new AppError('TOUR_NOT_FOUND', TOUR_NOT_FOUND);
    return { tourId, ...(await this.repo.counts(tourId)), Owner: { objectId: ownerId } };
  }

  /** Opening a tour: counts one view per visitor session (VIEW_SESSION_MS) and tells the visitor whether they like it. */
  async join(tourId: string, visitor: SocialVisitor): Promise<{ stats: SocialStats; liked: boolean; viewCounted: boolean }> {
    if (!(await this.repo.tourOwner(tourId))) throw new AppError('TOUR_NOT_FOUND', TOUR_NOT_FOUND);
    const now = this.now();
    const viewCounted = await this.repo.startViewSession(tourId, visitor.viewKey, now.toISOString(), new Date(now.getTime() - VIEW_SESSION_MS).toISOString());
    if (viewCounted) await this.repo.recordView({ tourId, visitId: this.newId(), visitorKey: visitor.key, createdAt: now.toISOString() });
    const [stats, liked] = await Promise.all([this.stats(tourId), this.repo.hasLiked(tourId, visitor.key)]);
    return { stats, liked, viewCounted };
  }

  /**
   * Sets the visitor's like to the state they asked for: asking twice for the same state changes nothing, and
   * a visitor who never liked cannot take a like away from someone else, so the count never goes below 0.
   */
  async setLike(tourId: string, visitor: SocialVisitor, liked: boolean): Promise<{ stats: SocialStats; liked: boolean; changed: boolean }> {
    if (!(await this.repo.tourOwner(tourId))) throw new AppError('TOUR_NOT_FOUND', TOUR_NOT_FOUND);
    const changed = await this.repo.setLike(tourId, visitor.key, liked, this.now().toISOString());
    return { stats: await this.stats(tourId), liked, changed };
  }

  /** One batch of top-level comments, latest first, each with its replies. */
  async comments(tourId: string, before: CommentCursor | null): Promise<CommentsAnswer> {
    if (!(await this.repo.tourOwner(tourId))) throw new AppError('TOUR_NOT_FOUND', TOUR_NOT_FOUND);
    // One more than a batch tells whether another batch exists without a count query.
    const rows = await this.repo.latestComments(tourId, before, COMMENT_BATCH + 1);
    const batch = rows.slice(0, COMMENT_BATCH);
    const replies = await this.repo.repliesOf(batch.map((r) => r.id));
    return {
      comments: batch.map((row) => presentComment(row, replies.filter((r) => r.parentId === row.id))),
      hasMore: rows.length > COMMENT_BATCH,
    };
  }

  async postComment(tourId: string, visitor: SocialVisitor, input: { parentId: string | null; message: string }): Promise<{ comment: CommentReply; stats: SocialStats }> {
    const problem = commentProblem(input.message);
    if (problem) throw new AppError('VALIDATION_FAILED', COMMENT_PROBLEM_MESSAGES[problem], 'message', { problem });
    if (!(await this.repo.tourOwner(tourId))) throw new AppError('TOUR_NOT_FOUND', TOUR_NOT_FOUND);
    let parentId: string | null = null;
    if (input.parentId) {
      const parent = await this.repo.findComment(input.parentId);
      if (!parent || parent.tourId !== tourId) throw new AppError('NOT_FOUND', 'The comment you are replying to no longer exists.', 'parentId');
      // Replies stay one level deep: answering a reply joins its conversation.
      parentId = parent.parentId ?? parent.id;
    }
    if (!this.perVisitor.take(visitor.key) || !this.perAddress.take(`address:${visitor.address}`)) {
      throw new AppError('RATE_LIMITED', 'You are posting comments too quickly. Please wait a minute and try again.');
    }
    const row = {
      id: this.newId(),
      tourId,
      parentId,
      userId: visitor.userId,
      authorName: visitor.displayName,
      message: input.message.trim(),
      createdAt: this.now().toISOString(),
    };
    await this.repo.insertComment(row);
    return { comment: presentReply(row), stats: await this.stats(tourId) };
  }
}
