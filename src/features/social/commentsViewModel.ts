// The comments panel as data, with every sentence already translated: the DOM panel and the in-world panel both
// draw this model (the uikit view has no i18n of its own). Pure: no React, no DOM.
import type { TFunction } from 'i18next';
import { COMMENT_MAX_LENGTH } from '../../protocol/constants.ts';
import type { CommentReply } from '../../protocol/social.ts';
import type { PostResult, SocialView } from './useSocial.ts';

export interface CommentItemVM {
  id: string;
  author: string;
  /** The time it was written, in the visitor's language ('' when the server's date cannot be read). */
  when: string;
  /** ISO time for <time dateTime>. */
  whenIso: string;
  message: string;
}

export interface CommentThreadVM extends CommentItemVM {
  replies: CommentItemVM[];
  /** Accessible name of the replies' list. */
  repliesLabel: string;
  /** Label of the reply box under this comment. */
  replyLabel: string;
}

export interface CommentsVM {
  title: string;
  close: string;
  /** A batch is on its way. */
  loading: boolean;
  /** The first batch has arrived and nothing is loading. */
  ready: boolean;
  /** Said when the tour has no comment yet (null otherwise, and while the first batch loads). */
  empty: string | null;
  threads: CommentThreadVM[];
  /** Label of "load more" while older comments exist on the server, else null. */
  more: string | null;
  labels: {
    comment: string;
    placeholder: string;
    post: string;
    cancel: string;
    reply: string;
    replyPlaceholder: string;
  };
}

type T = TFunction<'social'>;

function item(c: CommentReply, t: T, lang: string): CommentItemVM {
  const date = new Date(c.createdAt);
  return {
    id: c.objectId,
    author: c.authorName?.trim() || t('comments.visitor'),
    when: Number.isNaN(date.getTime()) ? '' : date.toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' }),
    whenIso: c.createdAt,
    message: c.message,
  };
}

export function commentsViewModel(view: SocialView, t: T, lang: string): CommentsVM {
  const comments = view.comments ?? [];
  const ready = view.comments !== null && !view.loading;
  return {
    title: t('comments.title'),
    close: t('comments.close'),
    loading: view.loading,
    ready,
    empty: view.comments !== null && comments.length === 0 ? t('comments.none') : null,
    threads: comments.map((c) => {
      const head = item(c, t, lang);
      return {
        ...head,
        replies: c.replies.map((r) => item(r, t, lang)),
        repliesLabel: t('comments.replies-to', { name: head.author }),
        replyLabel: t('comments.reply-label', { name: head.author }),
      };
    }),
    more: view.hasMore ? t('comments.load-more') : null,
    labels: {
      comment: t('comments.label'),
      placeholder: t('comments.placeholder'),
      post: t('comments.post'),
      cancel: t('comments.cancel'),
      reply: t('comments.reply'),
      replyPlaceholder: t('comments.reply-placeholder'),
    },
  };
}

/**
 * What to tell the visitor after posting: null when it worked, or when the network failed (spec: social failures
 * are swallowed, the text simply stays for another try); otherwise what is wrong with their text.
 */
export function postProblemText(result: PostResult, t: T): string | null {
  if (result.ok) return null;
  if (result.problem === 'empty') return t('comments.error-empty');
  if (result.problem === 'too-long') return t('comments.error-too-long', { max: COMMENT_MAX_LENGTH });
  if (result.problem === 'rate-limited') return t('comments.error-rate-limited');
  return null;
}
