// The comments panel in the headset: the same CommentsVM as the DOM panel, cut to what a panel of about 700 mm
// shows at once. Pure; the uikit view keeps the page number and the draft.
import type { TFunction } from 'i18next';
import type { CommentItemVM, CommentsVM, CommentThreadVM } from './commentsViewModel.ts';

/**
 * Conversations a page: a conversation is up to about 250 mm (author row with its Reply button, two lines of
 * message, two replies), so two of them, the writing row and the paging row stay under 700 mm.
 */
export const XR_COMMENTS_PAGE = 2;
/** Replies shown under a conversation, the latest ones; the others are counted. */
export const XR_REPLIES_SHOWN = 2;

export interface XRCommentThread extends Omit<CommentThreadVM, 'replies'> {
  replies: CommentItemVM[];
  /** "Earlier replies: 2" when more replies exist than are shown, else null. */
  earlierReplies: string | null;
}

export interface XRCommentsPage {
  threads: XRCommentThread[];
  /** The page shown, clamped to the pages there are (the list may have shrunk). */
  page: number;
  /** "Comments 3–4 of 10" (10 loaded; more may be on the server), or null when there are none. */
  range: string | null;
  newer: { label: string; enabled: boolean };
  /** Older comments: the next page, or the next batch from the server when this is the last page loaded. */
  older: { label: string; enabled: boolean; loads: boolean };
}

export function xrCommentsPage(vm: CommentsVM, page: number, t: TFunction<'social'>): XRCommentsPage {
  const pages = Math.max(1, Math.ceil(vm.threads.length / XR_COMMENTS_PAGE));
  const at = Math.min(Math.max(0, page), pages - 1);
  const first = at * XR_COMMENTS_PAGE;
  const shown = vm.threads.slice(first, first + XR_COMMENTS_PAGE);
  const lastLoaded = at === pages - 1;
  return {
    threads: shown.map((thread) => {
      const hidden = Math.max(0, thread.replies.length - XR_REPLIES_SHOWN);
      return {
        ...thread,
        replies: thread.replies.slice(hidden),
        earlierReplies: hidden > 0 ? t('comments.earlier-replies', { n: hidden }) : null,
      };
    }),
    page: at,
    range: shown.length > 0 ? t('comments.range', { from: first + 1, to: first + shown.length, total: vm.threads.length }) : null,
    newer: { label: t('comments.newer'), enabled: at > 0 },
    older: { label: t('comments.older'), enabled: !lastLoaded || (vm.more !== null && !vm.loading), loads: lastLoaded },
  };
}
