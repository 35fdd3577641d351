import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comment, CommentReply } from '../../protocol/social.ts';
import { CommentForm } from './CommentForm.tsx';
import type { PostResult } from './useSocial.ts';

interface Props {
  comment: Comment;
  onReply: (message: string, parentId: string) => Promise<PostResult>;
}

/** One comment and its replies. Messages are React text: a comment can never become HTML. */
export function CommentThread({ comment, onReply }: Props) {
  const { t } = useTranslation('social');
  const [replying, setReplying] = useState(false);
  const author = authorOf(comment, t('comments.visitor'));
  return (
    <li className="atrium-comment" data-testid="comment" data-comment-id={comment.objectId}>
      <CommentBody comment={comment} author={author} />
      {comment.replies.length > 0 && (
        <ol className="atrium-comment__replies" aria-label={t('comments.replies-to', { name: author })}>
          {comment.replies.map((r) => (
            <li key={r.objectId} className="atrium-comment" data-testid="reply">
              <CommentBody comment={r} author={authorOf(r, t('comments.visitor'))} />
            </li>
          ))}
        </ol>
      )}
      {replying ? (
        <CommentForm
          label={t('comments.reply-label', { name: author })}
          placeholder={t('comments.reply-placeholder')}
          onPost={(message) => onReply(message, comment.objectId)}
          onCancel={() => setReplying(false)}
          autoFocus
          testId="reply-form"
        />
      ) : (
        <button type="button" className="atrium-comment__reply" onClick={() => setReplying(true)} data-testid="reply-open">{t('comments.reply')}</button>
      )}
    </li>
  );
}

const authorOf = (c: CommentReply, visitor: string) => c.authorName?.trim() || visitor;

function CommentBody({ comment, author }: { comment: CommentReply; author: string }) {
  const { i18n } = useTranslation('social');
  const when = new Date(comment.createdAt);
  return (
    <>
      <p className="atrium-comment__meta">
        <strong>{author}</strong>{' '}
        <time dateTime={comment.createdAt}>{Number.isNaN(when.getTime()) ? '' : when.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}</time>
      </p>
      <p className="atrium-comment__message" data-testid="comment-message">{comment.message}</p>
    </>
  );
}
