import { useTranslation } from 'react-i18next';
import { BubbleIcon, EyeIcon, HeartIcon } from './SocialIcons.tsx';
import type { SocialView } from './useSocial.ts';

interface Props {
  view: SocialView;
  show: { views: boolean; like: boolean; comments: boolean };
  onToggleLike: () => void;
  commentsOpen: boolean;
  onToggleComments: () => void;
}

/** Counters under the tour name: views, the like toggle and the comments toggle. */
export function SocialBar({ view, show, onToggleLike, commentsOpen, onToggleComments }: Props) {
  const { t, i18n } = useTranslation('social');
  // Names carry the count as it is shown (Arabic digits in Arabic, 1,234 in English): a spoken name must contain the visible label.
  const number = (n: number) => n.toLocaleString(i18n.language);
  if (!show.views && !show.like && !show.comments) return null;
  return (
    <div className="atrium-social" role="group" aria-label={t('social.group')} data-testid="social-bar">
      {show.views && (
        <span className="atrium-social__item" data-testid="view-count" aria-label={t('social.views', { n: number(view.stats.viewCount) })} role="img">
          <EyeIcon /><span data-testid="view-count-value">{number(view.stats.viewCount)}</span>
        </span>
      )}
      {show.like && (
        <button type="button" className="atrium-social__item" aria-pressed={view.liked} aria-label={t('social.like', { n: number(view.stats.likeCount) })} onClick={onToggleLike} data-testid="like">
          <HeartIcon filled={view.liked} /><span data-testid="like-count">{number(view.stats.likeCount)}</span>
        </button>
      )}
      {show.comments && (
        <button type="button" className="atrium-social__item" aria-expanded={commentsOpen} aria-controls="atrium-comments" aria-label={t('social.comments', { n: number(view.stats.commentCount) })} onClick={onToggleComments} data-testid="open-comments">
          <BubbleIcon /><span data-testid="comment-count">{number(view.stats.commentCount)}</span>
        </button>
      )}
    </div>
  );
}
