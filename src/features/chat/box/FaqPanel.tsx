import { useTranslation } from 'react-i18next';
import { localText } from '../../../protocol/chat.ts';
import { useFaqList } from '../faq.ts';

interface Props {
  buildingId: string;
  onPick: (entry: { id: string; index: number; question: string }) => void;
}

/** The tour's frequently asked questions; picking one puts it and its stored answer in the conversation. */
export function FaqPanel({ buildingId, onPick }: Props) {
  const { t, i18n } = useTranslation('chat');
  const faq = useFaqList(buildingId);
  return (
    <section className="atrium-chat__faq" aria-labelledby="atrium-chat-faq-title" data-testid="chat-faq">
      <h3 id="atrium-chat-faq-title">{t('chat.faq')}</h3>
      {faq?.entries.length === 0 && <p className="atrium-chat__empty">{t('chat.faq-empty')}</p>}
      <ul>
        {faq?.entries.map((entry, index) => {
          const question = localText(entry.questionMulti, i18n.language);
          return (
            <li key={entry.id}>
              <button type="button" dir="auto" onClick={() => onPick({ id: entry.id, index, question })} data-testid="chat-faq-entry">{question}</button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
