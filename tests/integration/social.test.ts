import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_BATCH, COMMENT_MAX_LENGTH } from '../../src/protocol/constants.ts';
import { CommentRateLimiter } from '../../src/server/modules/social/commentRateLimiter.ts';
import { SocialRepository } from '../../src/server/modules/social/social.repository.ts';
import { SocialService, type SocialVisitor } from '../../src/server/modules/social/social.service.ts';
import { AppError } from '../../src/server/errors.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';

const device = (id: string, address = '10.0.0.1'): SocialVisitor => ({ key: `device:${id}`, userId: null, displayName: null, address, viewKey: `device:${id}` });
const member: SocialVisitor = { key: `user:${SEED.user}`, userId: SEED.user, displayName: 'Ada Owner', address: '10.0.0.2', viewKey: `user:${SEED.user}` };

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe.each(DIALECTS)('social data rules on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let service: SocialService;
  // A clock that moves one second per comment, so "latest first" is about time and not insertion luck.
  let tick = Date.parse('2026-11-22T10:00:00.000Z');
  const now = () => new Date((tick += 1000));
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    service = new SocialService(new SocialRepository(db.handle.db), { now, perVisitor: new CommentRateLimiter(1000, 60_000), perAddress: new CommentRateLimiter(1000, 60_000) });
  });
  afterAll(async () => db?.drop());

  it('counts a view once per visitor session (30 minutes), and the tour owner is known', async (ctx) => {
    if (!db) return ctx.skip();
    const first = await service.join(SEED.tour, device('d1'));
    expect(first.viewCounted).toBe(true);
    expect(first.stats).toMatchObject({ tourId: SEED.tour, viewCount: 1, likeCount: 0, Owner: { objectId: SEED.user } });
    // Reloads and reconnects of the same visitor within the session are not new views; another visitor is.
    for (let i = 0; i < 3; i++) expect((await service.join(SEED.tour, device('d1'))).viewCounted).toBe(false);
    expect((await service.join(SEED.tour, device('d2'))).stats.viewCount).toBe(2);
    // Each visit keeps the session open; 30 minutes after the last one a visit is a new view.
    tick += 29 * 60_000;
    expect((await service.join(SEED.tour, device('d1'))).viewCounted).toBe(false);
    tick += 31 * 60_000;
    expect((await service.join(SEED.tour, device('d1'))).stats.viewCount).toBe(3);
    // Two joins of one visitor at the same moment count once.
    const both = await Promise.all([service.join(SEED.tour, member), service.join(SEED.tour, member)]);
    expect(both.filter((j) => j.viewCounted)).toHaveLength(1);
  });

  it('a like is one per visitor, toggling twice changes nothing, and the count never goes below 0', async (ctx) => {
    if (!db) return ctx.skip();
    // Unliking what was never liked cannot push the count below 0.
    expect((await service.setLike(SEED.tour, device('d1'), false)).stats.likeCount).toBe(0);
    expect((await service.setLike(SEED.tour, device('d1'), true)).stats.likeCount).toBe(1);
    const again = await service.setLike(SEED.tour, device('d1'), true);
    expect(again).toMatchObject({ liked: true, changed: false, stats: { likeCount: 1 } });
    expect((await service.setLike(SEED.tour, member, true)).stats.likeCount).toBe(2);
    expect((await service.join(SEED.tour, device('d1'))).liked).toBe(true);
    expect((await service.join(SEED.tour, device('d2'))).liked).toBe(false);
    expect((await service.setLike(SEED.tour, device('d1'), false)).stats.likeCount).toBe(1);
    expect((await service.setLike(SEED.tour, device('d1'), false)).stats.likeCount).toBe(1);
    expect((await service.setLike(SEED.tour, member, false)).stats.likeCount).toBe(0);
    expect((await service.setLike(SEED.tour, member, false)).stats.likeCount).toBe(0);
  });

  it('serves comments latest first in batches of 10, with replies under their comment', async (ctx) => {
    if (!db) return ctx.skip();
    const posted: string[] = [];
    for (let i = 1; i <= 23; i++) posted.push((await service.postComment(SEED.tour, device('d1'), { parentId: null, message: `comment ${i}` })).comment.objectId);
    const reply = await service.postComment(SEED.tour, member, { parentId: posted[22]!, message: '  thanks!  ' });
    expect(reply.comment).toMatchObject({ parentId: posted[22], userId: SEED.user, authorName: 'Ada Owner', message: 'thanks!' });
    // A reply to a reply joins the same conversation (one level deep).
    const nested = await service.postComment(SEED.tour, device('d2'), { parentId: reply.comment.objectId, message: 'you are welcome' });
    expect(nested.comment.parentId).toBe(posted[22]);
    expect(nested.stats.commentCount).toBe(25);

    const first = await service.comments(SEED.tour, null);
    expect(first.comments).toHaveLength(COMMENT_BATCH);
    expect(first.hasMore).toBe(true);
    expect(first.comments.map((c) => c.message)).toEqual(Array.from({ length: 10 }, (_, i) => `comment ${23 - i}`));
    expect(first.comments[0]!.replies.map((r) => r.message)).toEqual(['thanks!', 'you are welcome']);
    expect(first.comments[0]!.authorName).toBeNull();

    const last = first.comments.at(-1)!;
    const second = await service.comments(SEED.tour, { createdAt: last.createdAt, objectId: last.objectId });
    expect(second.comments.map((c) => c.message)).toEqual(Array.from({ length: 10 }, (_, i) => `comment ${13 - i}`));
    const end = second.comments.at(-1)!;
    const third = await service.comments(SEED.tour, { createdAt: end.createdAt, objectId: end.objectId });
    expect(third.comments.map((c) => c.message)).toEqual(['comment 3', 'comment 2', 'comment 1']);
    expect(third.hasMore).toBe(false);
  });

  it('keeps a batch complete when comments share a timestamp', async (ctx) => {
    if (!db) return ctx.skip();
    const frozen = new SocialService(new SocialRepository(db.handle.db), { now: () => new Date('2026-11-22T09:00:00.000Z') });
    for (let i = 0; i < 12; i++) await frozen.postComment(SEED.hiddenTour, device(`tie${i}`, `10.1.0.${i}`), { parentId: null, message: `tie ${i}` });
    const a = await frozen.comments(SEED.hiddenTour, null);
    const last = a.comments.at(-1)!;
    const b = await frozen.comments(SEED.hiddenTour, { createdAt: last.createdAt, objectId: last.objectId });
    const seen = [...a.comments, ...b.comments].map((c) => c.message).sort();
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `tie ${i}`).sort());
    expect(b.hasMore).toBe(false);
  });

  it('refuses empty and overlong comments with a message naming the problem, and keeps text as text', async (ctx) => {
    if (!db) return ctx.skip();
    const empty = await failure(service.postComment(SEED.tour, device('d1'), { parentId: null, message: '   \n ' }));
    expect(empty).toMatchObject({ code: 'VALIDATION_FAILED', field: 'message' });
    expect(empty.message).toMatch(/empty/i);
    const long = await failure(service.postComment(SEED.tour, device('d1'), { parentId: null, message: 'x'.repeat(COMMENT_MAX_LENGTH + 1) }));
    expect(long).toMatchObject({ code: 'VALIDATION_FAILED', field: 'message' });
    expect(long.message).toContain(`${COMMENT_MAX_LENGTH} characters`);
    // Exactly the limit is fine, counted in characters people see (an emoji is one).
    await service.postComment(SEED.tour, device('d1'), { parentId: null, message: '😀'.repeat(COMMENT_MAX_LENGTH) });
    const html = await service.postComment(SEED.tour, device('d1'), { parentId: null, message: '<img src=x onerror=alert(1)>' });
    expect(html.comment.message).toBe('<img src=x onerror=alert(1)>');
    expect((await failure(service.postComment(SEED.tour, device('d1'), { parentId: 'nope', message: 'hi' }))).code).toBe('NOT_FOUND');
  });

  it('refuses removed and unknown tours', async (ctx) => {
    if (!db) return ctx.skip();
    expect((await failure(service.join(SEED.removedTour, device('d1')))).code).toBe('TOUR_NOT_FOUND');
    expect((await failure(service.setLike('nope', device('d1'), true))).code).toBe('TOUR_NOT_FOUND');
    expect((await failure(service.comments('nope', null))).code).toBe('TOUR_NOT_FOUND');
  });

  it('limits how fast one visitor can post', async (ctx) => {
    if (!db) return ctx.skip();
    const strict = new SocialService(new SocialRepository(db.handle.db), { perVisitor: new CommentRateLimiter(2, 60_000) });
    await strict.postComment(SEED.tour, device('fast'), { parentId: null, message: 'one' });
    await strict.postComment(SEED.tour, device('fast'), { parentId: null, message: 'two' });
    const third = await failure(strict.postComment(SEED.tour, device('fast'), { parentId: null, message: 'three' }));
    expect(third.code).toBe('RATE_LIMITED');
    // Someone else is not slowed down by it.
    await strict.postComment(SEED.tour, device('calm', '10.9.9.9'), { parentId: null, message: 'hello' });
  });
});
