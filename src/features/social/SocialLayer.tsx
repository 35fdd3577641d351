import { Suspense, useState } from 'react';
import { isVisible, type ViewerQuery } from '../../protocol/viewerQuery.ts';
import type { Tour } from '../../protocol/tour.ts';
import { CommentsPanel } from './CommentsPanel.tsx';
import { SocialBar } from './SocialBar.tsx';
import { useSocial } from './useSocial.ts';
import './social.css';

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
  // Unreachable or still connecting: the tour says nothing about social data.
  if (!social.view) return null;
  return (
    <>
      <SocialBar
        view={social.view}
        show={show}
        onToggleLike={social.toggleLike}
        commentsOpen={commentsOpen}
        onToggleComments={() => setCommentsOpen((o) => !o)}
      />
      {show.comments && commentsOpen && <CommentsPanel social={social} onClose={() => setCommentsOpen(false)} />}
    </>
  );
}
