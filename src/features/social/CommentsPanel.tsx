import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentForm } from './CommentForm.tsx';
import { CommentThread } from './CommentThread.tsx';
import type { Social } from './useSocial.ts';
import { useDialogFocus } from '../panels/useDialogFocus.ts';

interface Props {
  social: Social;
  onClose: () => void;
}

/** The comments of the tour, latest first, ten at a time; others' comments arrive while it is open. */
export function CommentsPanel({ social, onClose }: Props) {
  const { t } = useTranslation('social');
  const view = social.view!;
  const box = useDialogFocus<HTMLDivElement>(onClose);
  const loaded = view.comments !== null;
  // The first batch is fetched when the panel opens for the first time.
  useEffect(() => {
    if (!loaded) social.loadMore();
  }, [loaded, social]);

  return (
    <div
      ref={box}
      id="atrium-comments"
      role="dialog"
      aria-labelledby="atrium-comments-title"
      tabIndex={-1}
      className="atrium-comments"
      data-testid="panel-comments"
      data-state={loaded && !view.loading ? 'ready' : 'loading'}
      onKeyDown={(e) => {
        // Typing a comment must not move the camera.
        e.stopPropagation();
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="atrium-comments__header">
        <h2 id="atrium-comments-title">{t('comments.title')}</h2>
        <button type="button" className="atrium-comments__close" aria-label={t('comments.close')} onClick={onClose} data-testid="panel-comments-close">✕</button>
      </header>
      <CommentForm label={t('comments.label')} placeholder={t('comments.placeholder')} onPost={(m) => social.post(m, null)} testId="comment-form" />
      <div className="atrium-comments__list">
        {view.comments?.length === 0 && <p className="atrium-comments__empty">{t('comments.none')}</p>}
        <ol aria-label={t('comments.title')} aria-busy={view.loading}>
          {view.comments?.map((c) => <CommentThread key={c.objectId} comment={c} onReply={social.post} />)}
        </ol>
        {view.hasMore && (
          <button type="button" className="atrium-comments__more" onClick={social.loadMore} disabled={view.loading} data-testid="comments-more">
            {t('comments.load-more')}
          </button>
        )}
      </div>
    </div>
  );
}
