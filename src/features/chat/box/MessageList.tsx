import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '../model/chatViewModel.ts';
import { MessageBody } from './MessageBody.tsx';

interface Props {
  messages: MessageItem[];
  hasOlder: boolean;
  /** The last fetch of earlier messages failed: said, with a button that tries again (the in-world panel says the same). */
  olderFailed: boolean;
  onOlder: () => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** The word for the other side when a message has no author name (a stored FAQ answer, a visitor). */
  otherLabel: string;
}

const time = (iso: string, locale: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
};

/** The conversation, oldest first; what is still on its way shows its state, and one not sent offers a retry. */
export function MessageList({ messages, hasOlder, olderFailed, onOlder, onRetry, onDiscard, otherLabel }: Props) {
  const { t, i18n } = useTranslation('chat');
  const end = useRef<HTMLLIElement>(null);
  const last = messages[messages.length - 1]?.key;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [last]);
  return (
    <div className="atrium-chat__messages" data-testid="chat-messages">
      {hasOlder && olderFailed && (
        <p className="atrium-chat__failed atrium-chat__older-failed" role="alert" data-testid="chat-older-failed">
          {t('chat.older-failed')} <button type="button" onClick={onOlder}>{t('chat.retry')}</button>
        </p>
      )}
      {hasOlder && !olderFailed && <button type="button" className="atrium-chat__older" onClick={onOlder}>{t('chat.load-older')}</button>}
      {messages.length === 0 && <p className="atrium-chat__empty">{t('chat.empty')}</p>}
      <ol aria-label={t('chat.title')} aria-live="polite" aria-relevant="additions">
        {messages.map((m) => (
          <li key={m.key} className={`atrium-chat__message${m.mine ? ' is-mine' : ''} is-${m.kind} is-${m.status}`} data-testid="chat-message" data-status={m.status} data-kind={m.kind}>
            <span className="atrium-chat__author">
              {m.mine ? t('chat.you') : m.kind === 'faq-answer' ? t('chat.faq-answer-label') : m.author ?? otherLabel}
            </span>
            {m.image && (
              <a href={m.image.url} target="_blank" rel="noopener noreferrer">
                <img src={m.image.url} width={m.image.width} height={m.image.height} alt={t('chat.image-alt', { name: m.mine ? t('chat.you') : m.author ?? otherLabel })} loading="lazy" />
              </a>
            )}
            {m.text && <p className="atrium-chat__text" dir="auto"><MessageBody text={m.text} /></p>}
            <span className="atrium-chat__meta">
              {m.status === 'stored' && <time dateTime={m.timestamp}>{time(m.timestamp, i18n.language)}</time>}
              {m.status === 'sending' && <span>{t('chat.sending')}</span>}
              {(m.status === 'not-sent' || m.status === 'refused') && m.clientId && (
                <span className="atrium-chat__failed" role="status">
                  {m.errorCode === 'VALIDATION_FAILED' ? t('chat.refused') : t('chat.not-sent')}{' '}
                  <button type="button" onClick={() => onRetry(m.clientId!)} data-testid="chat-retry">{t('chat.retry')}</button>
                  <button type="button" onClick={() => onDiscard(m.clientId!)}>{t('chat.discard')}</button>
                </span>
              )}
            </span>
          </li>
        ))}
        <li ref={end} aria-hidden="true" className="atrium-chat__end" />
      </ol>
    </div>
  );
}
