import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isVisible, type ViewerQuery } from '../../protocol/viewerQuery.ts';
import type { Tour } from '../../protocol/tour.ts';
import { ICONS } from '../xr/kit/icons.ts';
import { useXRPanel } from '../xr/registry.ts';
import { CommentsPanel } from './CommentsPanel.tsx';
import { commentsViewModel, postProblemText } from './commentsViewModel.ts';
import { SocialBar } from './SocialBar.tsx';
import { type Social as SocialData, useSocial } from './useSocial.ts';
import type { XRCommentsPanelVM } from './xr/XRCommentsPanel.tsx';
import { xrCommentsPage } from './xrCommentsModel.ts';
import './social.css';

// The in-world twin loads only when the comments are opened inside a VR session.
const XRCommentsPanel = lazy(() => import('./xr/XRCommentsPanel.tsx'));

export interface SocialLayerProps {
  tour: Tour;
  query: ViewerQuery;
}

/**
 * The tour's view count, like button, comment count and comments panel (spec sections 3, 4, 7).
 * Connects even when every part is hidden: the visit still counts as a view.
 */
export function SocialLayer(props: SocialLayerProps) {
  // The 'social' catalog loads lazily: render nothing until it has arrived rather than suspend the viewer.
  return (
    <Suspense fallback={null}>
      <Social {...props} />
    </Suspense>
  );
}

function Social({ tour, query }: SocialLayerProps) {
  const social = useSocial(tour.objectId);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const show = {
    views: query.allows.viewCount,
    like: query.allows.like,
    // The tour's own showComment, unless the address hides or forces it (hide wins).
    comments: isVisible(query.overrides.comment, tour.showComment),
  };
  const { t, i18n } = useTranslation('social');
  const vm = useMemo(() => (social.view ? commentsViewModel(social.view, t, i18n.language) : null), [social.view, t, i18n.language]);
  useXRComments(show.comments ? social : null, vm);
  // Unreachable or still connecting: the tour says nothing about social data.
  if (!social.view || !vm) return null;
  return (
    <>
      <SocialBar
        view={social.view}
        show={show}
        onToggleLike={social.toggleLike}
        commentsOpen={commentsOpen}
        onToggleComments={() => setCommentsOpen((o) => !o)}
      />
      {show.comments && commentsOpen && <CommentsPanel social={social} vm={vm} onClose={() => setCommentsOpen(false)} />}
    </>
  );
}

/** Offers the comments in VR (menu slot 50) while the tour shows them: the same view model, a page at a time. */
function useXRComments(social: SocialData | null, vm: ReturnType<typeof commentsViewModel> | null) {
  const { t } = useTranslation('social');
  const [page, setPage] = useState(0);
  const view = social?.view ?? null;
  const loaded = view?.comments != null;
  const { loadMore, post } = social ?? {};
  const shown = useCallback(() => {
    if (!loaded) loadMore?.();
  }, [loaded, loadMore]);
  const xrVm = useMemo<XRCommentsPanelVM | null>(() => {
    if (!vm || !loadMore || !post) return null;
    const current = xrCommentsPage(vm, page, t);
    return {
      ...vm,
      page: current,
      act: {
        shown,
        page: (next) => {
          // Past the last page loaded: the next batch of ten first (the page shows once it has arrived).
          if (next > current.page && current.older.loads) loadMore();
          setPage(Math.max(0, next));
        },
        post: async (message, parentId) => {
          const result = await post(message, parentId);
          // A new comment of one's own goes on top: show the first page, where it is.
          if (result.ok && parentId === null) setPage(0);
          return { sent: result.ok, problem: postProblemText(result, t) };
        },
      },
    };
  }, [vm, page, t, shown, loadMore, post]);
  useXRPanel(xrVm ? { id: 'comments', icon: ICONS.comment, title: xrVm.title, vm: xrVm, View: XRCommentsPanel } : null);
}
