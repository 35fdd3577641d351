import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '../model/chatViewModel.ts';

interface Props {
  items: ConversationItem[];
  onSelect: (id: string) => void;
  /** Organisers see the visitor's name first; visitors the tour (case) first. */
  organiser?: boolean;
}

const when = (iso: string, locale: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const today = new Date().toDateString() === date.toDateString();
  return today ? date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }) : date.toLocaleDateString(locale, { day: 'numeric', month: 'short' });
};

/** Section 3's conversation list: case name, last message and its type, time, unread, visitor name. */
export function ConversationList({ items, onSelect, organiser = false }: Props) {
  const { t, i18n } = useTranslation('chat');
  if (items.length === 0) return <p className="atrium-chat__empty">{t('chat.conversations-empty')}</p>;
  return (
    <ul className="atrium-chat__conversations" aria-label={t('chat.conversations')} data-testid="chat-conversations">
      {items.map((c) => {
        const preview = c.type === 'image' ? `📷 ${c.preview || t('chat.type-image')}` : c.type === 'faq' ? `❓ ${c.preview}` : c.preview;
        return (
          <li key={c.id}>
            <button
              type="button"
              className={`atrium-chat__conversation${c.unread > 0 ? ' is-unread' : ''}${c.done ? ' is-done' : ''}`}
              aria-current={c.selected ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
              data-testid="chat-conversation"
              data-unread={c.unread}
            >
              <span className="atrium-chat__conversation-top">
                <strong dir="auto">{organiser ? c.name || t('chat.visitor') : c.caseName}</strong>
                <time dateTime={c.timestamp}>{when(c.timestamp, i18n.language)}</time>
              </span>
              <span className="atrium-chat__conversation-sub" dir="auto">{organiser ? c.caseName : c.name}</span>
              <span className="atrium-chat__conversation-bottom">
                <span className="atrium-chat__preview" dir="auto">{preview}</span>
                {c.unread > 0 && <span className="atrium-chat__badge" aria-label={t('chat.unread', { n: c.unread })}>{c.unread}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
