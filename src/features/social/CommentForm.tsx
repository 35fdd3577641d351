import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH } from '../../protocol/constants.ts';
import { postProblemText } from './commentsViewModel.ts';
import type { PostResult } from './useSocial.ts';

interface Props {
  label: string;
  placeholder: string;
  onPost: (message: string) => Promise<PostResult>;
  onCancel?: () => void;
  autoFocus?: boolean;
  testId: string;
}

/** A comment or reply box: says what is wrong with the text, keeps it when posting fails. */
export function CommentForm({ label, placeholder, onPost, onCancel, autoFocus, testId }: Props) {
  const { t } = useTranslation('social');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const id = useId();
  const length = [...text.trim()].length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    const result = await onPost(text);
    setSending(false);
    if (result.ok) {
      setText('');
      setError(null);
      onCancel?.();
      return;
    }
    // Network trouble is swallowed (spec section 7): the text stays for another try.
    const problem = postProblemText(result, t);
    if (problem) setError(problem);
  };

  return (
    <form className="atrium-comment-form" onSubmit={(e) => void submit(e)} data-testid={testId}>
      <label htmlFor={id} className="atrium-comment-form__label">{label}</label>
      <textarea
        id={id}
        value={text}
        placeholder={placeholder}
        rows={2}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
      />
      {error && <p id={`${id}-error`} className="atrium-comment-form__error" role="alert" data-testid="comment-error">{error}</p>}
      <div className="atrium-comment-form__actions">
        <span className={`atrium-comment-form__count${length > COMMENT_MAX_LENGTH ? ' is-over' : ''}`} aria-hidden="true">
          {t('comments.characters', { n: length, max: COMMENT_MAX_LENGTH })}
        </span>
        {onCancel && <button type="button" onClick={onCancel}>{t('comments.cancel')}</button>}
        {/* aria-disabled, not disabled: a disabled button drops the focus to the page while the comment is sent. */}
        <button type="submit" className="is-primary" aria-disabled={sending} data-testid={`${testId}-submit`}>{t('comments.post')}</button>
      </div>
    </form>
  );
}
