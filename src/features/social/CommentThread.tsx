import { useState } from 'react';
import { CommentForm } from './CommentForm.tsx';
import type { CommentItemVM, CommentsVM, CommentThreadVM } from './commentsViewModel.ts';
import type { PostResult } from './useSocial.ts';

interface Props {
  thread: CommentThreadVM;
  labels: CommentsVM['labels'];
  onReply: (message: string, parentId: string) => Promise<PostResult>;
}

/** One comment and its replies. Messages are React text: a comment can never become HTML. */
export function CommentThread({ thread, labels, onReply }: Props) {
  const [replying, setReplying] = useState(false);
  return (
    <li className="atrium-comment" data-testid="comment" data-comment-id={thread.id}>
      <CommentBody item={thread} />
      {thread.replies.length > 0 && (
        <ol className="atrium-comment__replies" aria-label={thread.repliesLabel}>
          {thread.replies.map((r) => (
            <li key={r.id} className="atrium-comment" data-testid="reply">
              <CommentBody item={r} />
            </li>
          ))}
        </ol>
      )}
      {replying ? (
        <CommentForm
          label={thread.replyLabel}
          placeholder={labels.replyPlaceholder}
          onPost={(message) => onReply(message, thread.id)}
          onCancel={() => setReplying(false)}
          autoFocus
          testId="reply-form"
        />
      ) : (
        <button type="button" className="atrium-comment__reply" onClick={() => setReplying(true)} data-testid="reply-open">{labels.reply}</button>
      )}
    </li>
  );
}

function CommentBody({ item }: { item: CommentItemVM }) {
  return (
    <>
      <p className="atrium-comment__meta">
        <strong>{item.author}</strong>{' '}
        <time dateTime={item.whenIso}>{item.when}</time>
      </p>
      <p className="atrium-comment__message" data-testid="comment-message">{item.message}</p>
    </>
  );
}
