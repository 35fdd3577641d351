import { useEffect } from 'react';
import { CommentForm } from './CommentForm.tsx';
import { CommentThread } from './CommentThread.tsx';
import type { CommentsVM } from './commentsViewModel.ts';
import type { Social } from './useSocial.ts';
import { useDialogFocus } from '../panels/useDialogFocus.ts';

interface Props {
  social: Social;
  /** What it shows (the in-world panel draws the same model). */
  vm: CommentsVM;
  onClose: () => void;
}

/** The comments of the tour, latest first, ten at a time; others' comments arrive while it is open. */
export function CommentsPanel({ social, vm, onClose }: Props) {
  const box = useDialogFocus<HTMLDivElement>(onClose);
  const loaded = social.view?.comments != null;
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
      data-state={vm.ready ? 'ready' : 'loading'}
      onKeyDown={(e) => {
        // Typing a comment must not move the camera.
        e.stopPropagation();
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="atrium-comments__header">
        <h2 id="atrium-comments-title">{vm.title}</h2>
        <button type="button" className="atrium-comments__close" aria-label={vm.close} onClick={onClose} data-testid="panel-comments-close">✕</button>
      </header>
      <CommentForm label={vm.labels.comment} placeholder={vm.labels.placeholder} onPost={(m) => social.post(m, null)} testId="comment-form" />
      <div className="atrium-comments__list">
        {vm.empty && <p className="atrium-comments__empty">{vm.empty}</p>}
        <ol aria-label={vm.title} aria-busy={vm.loading}>
          {vm.threads.map((thread) => <CommentThread key={thread.id} thread={thread} labels={vm.labels} onReply={social.post} />)}
        </ol>
        {vm.more && (
          <button type="button" className="atrium-comments__more" onClick={social.loadMore} disabled={vm.loading} data-testid="comments-more">
            {vm.more}
          </button>
        )}
      </div>
    </div>
  );
}
