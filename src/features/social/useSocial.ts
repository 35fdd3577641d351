import { useCallback, useEffect, useRef, useState } from 'react';
import { LIKE_COUNT_FLOOR } from '../../protocol/constants.ts';
import { commentProblem, type Ack, type Comment, type CommentProblem, type SocialStats } from '../../protocol/social.ts';
import { useSession } from '../account/session.ts';
import { addComment, appendBatch, cursorOf } from './commentList.ts';
import { deviceId, sessionToken } from './deviceMemory.ts';
import { hasConsent } from '../panels/consent.ts';
import { connect, type SocialConnection } from './socialConnection.ts';

export interface SocialView {
  stats: SocialStats;
  liked: boolean;
  /** Null until the panel asked for the first batch. */
  comments: Comment[] | null;
  hasMore: boolean;
  loading: boolean;
}

export type PostResult = { ok: true } | { ok: false; problem: CommentProblem | 'rate-limited' | 'failed' };

export interface Social {
  /** Null while connecting, and for good when the realtime service was not reachable (the viewer shows nothing). */
  view: SocialView | null;
  toggleLike(): void;
  loadMore(): void;
  post(message: string, parentId: string | null): Promise<PostResult>;
}

const data = <T>(answer: Ack<T>): T | null => (answer.ok ? answer.data : null);

/**
 * The tour's live social data. Every failure after connecting is swallowed (spec section 7): the counts simply
 * stay as they were. Only what the visitor can fix in their own comment is reported back.
 */
export function useSocial(tourId: string): Social {
  const session = useSession();
  const userId = session.user?.id ?? null;
  const [view, setView] = useState<SocialView | null>(null);
  const connection = useRef<SocialConnection | null>(null);

  useEffect(() => {
    let closed = false;
    let conn: SocialConnection | null = null;
    const offs: (() => void)[] = [];
    const join = async () => {
      const answer = conn && (await conn.ask('tour:join', { tourId }).then(data, () => null));
      if (!answer || closed) return;
      setView((v) => ({ comments: null, hasMore: false, loading: false, ...v, stats: answer.stats, liked: answer.liked }));
    };
    // The server counts one view per visitor session, so reconnects, sign-ins and reloads are not new views.
    const pending = connect({ deviceId: deviceId(), deviceKept: hasConsent(), sessionToken: userId ? sessionToken() : null });
    void pending.ready.then((c) => {
      if (closed) return;
      conn = c;
      connection.current = c;
      offs.push(
        c.on('stats:changed', ({ stats }) => setView((v) => (v && stats.tourId === tourId ? { ...v, stats } : v))),
        c.on('comment:created', ({ comment, stats }) => setView((v) => (v && stats.tourId === tourId ? { ...v, stats, comments: v.comments && addComment(v.comments, comment) } : v))),
        c.onReconnect(() => void join()),
      );
      void join();
    });
    return () => {
      closed = true;
      for (const off of offs) off();
      pending.close();
      connection.current = null;
      setView(null);
    };
    // A sign-in or sign-out reconnects: likes and comments then belong to the account.
  }, [tourId, userId]);

  const toggleLike = useCallback(() => {
    const conn = connection.current;
    if (!conn || !view) return;
    const liked = !view.liked;
    const before = view;
    // Shown at once; the server's answer (or a failure) settles it.
    setView({ ...view, liked, stats: { ...view.stats, likeCount: Math.max(LIKE_COUNT_FLOOR, view.stats.likeCount + (liked ? 1 : -1)) } });
    void conn.ask('like:set', { tourId, liked }).then(
      (answer) => {
        const result = data(answer);
        if (!result) throw new Error('refused');
        setView((v) => v && { ...v, liked: result.liked, stats: result.stats });
      },
    ).catch(() => {
      setView((v) => v && { ...v, liked: before.liked, stats: before.stats });
    });
  }, [view, tourId]);

  const loadMore = useCallback(() => {
    const conn = connection.current;
    if (!conn || !view || view.loading) return;
    setView({ ...view, loading: true });
    void conn.ask('comments:load', { tourId, before: view.comments ? cursorOf(view.comments) : null })
      .then(data, () => null)
      .then((batch) => setView((v) => v && {
        ...v,
        loading: false,
        ...(batch ? { comments: appendBatch(v.comments ?? [], batch.comments), hasMore: batch.hasMore } : { comments: v.comments ?? [] }),
      }));
  }, [view, tourId]);

  const post = useCallback(async (message: string, parentId: string | null): Promise<PostResult> => {
    const problem = commentProblem(message);
    if (problem) return { ok: false, problem };
    const conn = connection.current;
    if (!conn) return { ok: false, problem: 'failed' };
    const answer = await conn.ask('comment:create', { tourId, parentId, message }).catch(() => null);
    if (!answer?.ok) return { ok: false, problem: answer?.error.code === 'RATE_LIMITED' ? 'rate-limited' : 'failed' };
    const { comment, stats } = answer.data;
    setView((v) => v && { ...v, stats, comments: v.comments && addComment(v.comments, comment) });
    return { ok: true };
  }, [tourId]);

  return { view, toggleLike, loadMore, post };
}
