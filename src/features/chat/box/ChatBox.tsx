import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogFocus } from '../../panels/useDialogFocus.ts';
import type { ChatClient } from '../model/chatClient.ts';
import { askFaq } from '../faq.ts';
import type { ChatBoxModel } from '../model/chatViewModel.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationView } from './ConversationView.tsx';
import { FaqPanel } from './FaqPanel.tsx';

interface Props {
  client: ChatClient;
  model: ChatBoxModel;
  buildingId: string;
  faqOpen: boolean;
  onToggleFaq: (open?: boolean) => void;
  listOpen: boolean;
  onToggleList: (open?: boolean) => void;
  onClose: () => void;
}

/** The visitor's chat box: the conversation with the organiser, the FAQ panel beside it, and their conversation list. */
export function ChatBox({ client, model, buildingId, faqOpen, onToggleFaq, listOpen, onToggleList, onClose }: Props) {
  const { t, i18n } = useTranslation('chat');
  const box = useDialogFocus<HTMLDivElement>();
  const open = model.open;
  const [faqFailed, setFaqFailed] = useState(false);
  const pickFaq = (entry: { id: string; index: number }) => {
    if (!open) return;
    setFaqFailed(false);
    // A failure is said, never silent.
    askFaq(client, open.id, entry, i18n.language).catch(() => setFaqFailed(true));
  };
  return (
    <div
      ref={box}
      className={`atrium-chat${faqOpen ? ' has-faq' : ''}${listOpen ? ' has-list' : ''}`}
      role="dialog"
      aria-labelledby="atrium-chat-title"
      tabIndex={-1}
      data-testid="chat-box"
      onKeyDown={(e) => {
        // Typing a message must not move the camera.
        e.stopPropagation();
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="atrium-chat__header">
        <h2 id="atrium-chat-title" dir="auto">{open ? open.caseName : t('chat.title')}</h2>
        <button type="button" aria-pressed={listOpen} onClick={() => onToggleList()} data-testid="chat-toggle-list">
          {t('chat.conversations')}{model.conversations.length > 1 ? ` (${model.conversations.length})` : ''}
        </button>
        <button type="button" aria-pressed={faqOpen} onClick={() => onToggleFaq()} data-testid="chat-toggle-faq">{t('chat.faq-short')}</button>
        <button type="button" className="atrium-chat__close" aria-label={t('chat.close')} onClick={onClose} data-testid="chat-close">✕</button>
      </header>
      {faqFailed && <p className="atrium-chat__error" role="alert">{t('chat.failed')}</p>}
      <div className="atrium-chat__body">
        {listOpen && (
          <nav className="atrium-chat__list" aria-label={t('chat.conversations')}>
            <ConversationList items={model.conversations} onSelect={(id) => { void client.select(id); onToggleList(false); }} />
          </nav>
        )}
        <ConversationView client={client} model={model} otherLabel={t('chat.organiser')} composerLabel={t('chat.message-label')} />
        {faqOpen && open?.line.kind === 'tour' && <FaqPanel buildingId={open.line.buildingId ?? buildingId} onPick={pickFaq} />}
      </div>
    </div>
  );
}
