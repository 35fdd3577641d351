import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH } from '../../protocol/constants.ts';
import type { Comment, CommentReply } from '../../protocol/social.ts';
import { commentsViewModel, postProblemText } from './commentsViewModel.ts';
import type { SocialView } from './useSocial.ts';
import { XR_COMMENTS_PAGE, XR_REPLIES_SHOWN, xrCommentsPage } from './xrCommentsModel.ts';

// Keys with their values: the test sees which sentence was chosen and with what.
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key}${JSON.stringify(values)}` : key)) as unknown as TFunction<'social'>;

const reply = (id: string, parentId: string | null, extra: Partial<CommentReply> = {}): CommentReply => ({
  objectId: id, tourId: 't', parentId, userId: null, authorName: null, message: `message ${id}`, createdAt: '2026-11-22T10:00:00.000Z', ...extra,
});
const comment = (id: string, replies: CommentReply[] = [], extra: Partial<CommentReply> = {}): Comment => ({ ...reply(id, null, extra), replies });
const view = (comments: Comment[] | null, extra: Partial<SocialView> = {}): SocialView => ({
  stats: { tourId: 't', viewCount: 1, likeCount: 0, commentCount: comments?.length ?? 0, Owner: { objectId: 'o' } }, liked: false, comments, hasMore: false, loading: false, ...extra,
});

describe('the comments view model (DOM and in-world)', () => {
  it('is loading until the first batch arrives, then says when there is none', () => {
    expect(commentsViewModel(view(null), t, 'en')).toMatchObject({ ready: false, empty: null, threads: [] });
    expect(commentsViewModel(view(null, { loading: true }), t, 'en')).toMatchObject({ ready: false, loading: true });
    expect(commentsViewModel(view([]), t, 'en')).toMatchObject({ ready: true, empty: 'comments.none', more: null });
  });

  it('keeps the order it was given (latest first), names the visitor, dates in the language, replies under their comment', () => {
    const vm = commentsViewModel(view([
      comment('b', [reply('b1', 'b', { authorName: 'Nour' }), reply('b2', 'b')], { authorName: '  Olive ' }),
      comment('a', [], { createdAt: 'not a date' }),
    ], { hasMore: true }), t, 'ar');
    expect(vm.threads.map((c) => c.id)).toEqual(['b', 'a']);
    expect(vm.threads[0]).toMatchObject({ author: 'Olive', message: 'message b', replyLabel: 'comments.reply-label{"name":"Olive"}' });
    expect(vm.threads[0]!.replies.map((r) => r.author)).toEqual(['Nour', 'comments.visitor']);
    // The date is written the visitor's way, not the English way.
    expect(vm.threads[0]!.when).toBe(new Date('2026-11-22T10:00:00.000Z').toLocaleString('ar', { dateStyle: 'medium', timeStyle: 'short' }));
    expect(vm.threads[0]!.when).not.toBe(commentsViewModel(view([comment('b')]), t, 'en').threads[0]!.when);
    expect(vm.threads[1]).toMatchObject({ author: 'comments.visitor', when: '' });
    expect(vm.more).toBe('comments.load-more');
  });

  it('says what is wrong with a refused text, and nothing about a network failure', () => {
    expect(postProblemText({ ok: true }, t)).toBeNull();
    expect(postProblemText({ ok: false, problem: 'empty' }, t)).toBe('comments.error-empty');
    expect(postProblemText({ ok: false, problem: 'too-long' }, t)).toBe(`comments.error-too-long{"max":${COMMENT_MAX_LENGTH}}`);
    expect(postProblemText({ ok: false, problem: 'rate-limited' }, t)).toBe('comments.error-rate-limited');
    expect(postProblemText({ ok: false, problem: 'failed' }, t)).toBeNull();
  });
});

describe('the in-world comments page', () => {
  const ten = Array.from({ length: 10 }, (_, i) => comment(`c${i}`, i === 0 ? [reply('r1', 'c0'), reply('r2', 'c0'), reply('r3', 'c0')] : []));

  it('shows the latest conversations first, a page at a time, with the latest replies and a count of the others', () => {
    const page = xrCommentsPage(commentsViewModel(view(ten, { hasMore: true }), t, 'en'), 0, t);
    expect(page.threads.map((c) => c.id)).toEqual(ten.slice(0, XR_COMMENTS_PAGE).map((c) => c.objectId));
    expect(page.threads[0]!.replies.map((r) => r.id)).toEqual(['r2', 'r3']);
    expect(page.threads[0]!.replies).toHaveLength(XR_REPLIES_SHOWN);
    expect(page.threads[0]!.earlierReplies).toBe('comments.earlier-replies{"n":1}');
    expect(page.threads[1]!.earlierReplies).toBeNull();
    expect(page.range).toBe(`comments.range{"from":1,"to":${XR_COMMENTS_PAGE},"total":10}`);
    expect(page.newer.enabled).toBe(false);
    expect(page.older).toMatchObject({ enabled: true, loads: false });
  });

  it('asks the server for the next ten past the last page loaded, and only while there are more', () => {
    const last = Math.ceil(10 / XR_COMMENTS_PAGE) - 1;
    const more = xrCommentsPage(commentsViewModel(view(ten, { hasMore: true }), t, 'en'), last, t);
    expect(more.page).toBe(last);
    expect(more.newer.enabled).toBe(true);
    expect(more.older).toMatchObject({ enabled: true, loads: true });
    expect(xrCommentsPage(commentsViewModel(view(ten, { hasMore: true, loading: true }), t, 'en'), last, t).older.enabled).toBe(false);
    expect(xrCommentsPage(commentsViewModel(view(ten), t, 'en'), last, t).older.enabled).toBe(false);
  });

  it('stays on a page that exists when asked past the end, and has no range without comments', () => {
    expect(xrCommentsPage(commentsViewModel(view(ten), t, 'en'), 99, t).page).toBe(Math.ceil(10 / XR_COMMENTS_PAGE) - 1);
    expect(xrCommentsPage(commentsViewModel(view(ten), t, 'en'), -3, t).page).toBe(0);
    const none = xrCommentsPage(commentsViewModel(view([]), t, 'en'), 0, t);
    expect(none).toMatchObject({ threads: [], range: null, page: 0 });
    expect(none.older.enabled).toBe(false);
  });
});
