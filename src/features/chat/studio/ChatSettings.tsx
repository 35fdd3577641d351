import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/httpClient.ts';
import { INTERFACE_LANGUAGES } from '../../../protocol/constants.ts';
import { languageName } from '../../../protocol/languageName.ts';
import type { FaqEntry } from '../../../protocol/chat.ts';
import type { StudioTour } from '../../../protocol/studio.ts';
import '../chat.css';

type Draft = { id?: string; questionMulti: Record<string, string>; answerMulti: Record<string, string> };

const faqPath = (id: string) => `/v2/studio/tours/${encodeURIComponent(id)}/faqs`;
const agentsPath = (id: string) => `/v2/studio/tours/${encodeURIComponent(id)}/chat-agents`;

/** The studio's Chat tab: the tour's FAQ entries (question and answer per language, in order) and who answers. */
export function ChatSettings({ tour }: { tour: StudioTour }) {
  const { t, i18n } = useTranslation('chat');
  const [lang, setLang] = useState(() => (INTERFACE_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'en');
  const [entries, setEntries] = useState<Draft[] | null>(null);
  const [agents, setAgents] = useState('');
  const [notice, setNotice] = useState<'saved' | 'failed' | null>(null);
  const id = tour.objectId;

  useEffect(() => {
    void request<{ entries: FaqEntry[] }>(faqPath(id)).then((r) => setEntries(r.entries), () => setNotice('failed'));
    void request<{ agents: { username: string }[] }>(agentsPath(id)).then((r) => setAgents(r.agents.map((a) => a.username).join('\n')), () => {});
  }, [id]);

  const change = (index: number, field: 'questionMulti' | 'answerMulti', value: string) =>
    setEntries((list) => list!.map((e, i) => (i === index ? { ...e, [field]: { ...e[field], [lang]: value } } : e)));
  const move = (index: number, by: -1 | 1) => setEntries((list) => {
    const next = [...list!];
    const [entry] = next.splice(index, 1);
    next.splice(index + by, 0, entry!);
    return next;
  });
  const save = async () => {
    setNotice(null);
    try {
      // Entries with nothing written in any language are dropped rather than refused.
      const kept = entries!.filter((e) => Object.values(e.questionMulti).some((v) => v.trim()) && Object.values(e.answerMulti).some((v) => v.trim()));
      const saved = await request<{ entries: FaqEntry[] }>(faqPath(id), { method: 'PUT', body: { entries: kept } });
      setEntries(saved.entries);
      const usernames = agents.split(/[\n,]/).map((u) => u.trim()).filter(Boolean);
      await request(agentsPath(id), { method: 'PUT', body: { usernames } });
      setNotice('saved');
    } catch {
      setNotice('failed');
    }
  };

  if (!entries) return <p className="studio-muted" role="status">…</p>;
  return (
    <div className="studio-card" data-testid="chat-settings">
      {!tour.instantMessagingEnable && <p className="studio-muted" role="note">{t('settings.disabled')}</p>}
      <h2>{t('settings.faq-title')}</h2>
      <p className="studio-muted">{t('settings.faq-intro')}</p>
      <label>
        {t('settings.language')}{' '}
        <select value={lang} onChange={(e) => setLang(e.target.value)} data-testid="faq-language">
          {INTERFACE_LANGUAGES.map((l) => <option key={l} value={l}>{languageName(l, i18n.language)}</option>)}
        </select>
      </label>
      <ol className="atrium-faq-editor">
        {entries.map((entry, index) => (
          <li key={entry.id ?? `new-${index}`} data-testid="faq-entry">
            <label>{t('settings.question')} ({lang})
              <input value={entry.questionMulti[lang] ?? ''} dir="auto" onChange={(e) => change(index, 'questionMulti', e.target.value)} data-testid="faq-question" />
            </label>
            <label>{t('settings.answer')} ({lang})
              <textarea value={entry.answerMulti[lang] ?? ''} dir="auto" rows={3} onChange={(e) => change(index, 'answerMulti', e.target.value)} data-testid="faq-answer" />
            </label>
            <div className="atrium-faq-editor__row">
              <button type="button" className="studio-button" disabled={index === 0} onClick={() => move(index, -1)}>{t('settings.move-up')}</button>
              <button type="button" className="studio-button" disabled={index === entries.length - 1} onClick={() => move(index, 1)}>{t('settings.move-down')}</button>
              <button type="button" className="studio-button" onClick={() => setEntries(entries.filter((_, i) => i !== index))}>{t('settings.remove')}</button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="studio-button" onClick={() => setEntries([...entries, { questionMulti: {}, answerMulti: {} }])} data-testid="faq-add">{t('settings.add')}</button>
      <h2>{t('settings.agents-title')}</h2>
      <label>
        <span className="studio-muted">{t('settings.agents-intro')}</span>
        <textarea value={agents} rows={3} onChange={(e) => setAgents(e.target.value)} data-testid="chat-agents" />
      </label>
      <p>
        <button type="button" className="studio-button studio-primary" onClick={() => void save()} data-testid="chat-settings-save">{t('settings.save')}</button>{' '}
        {notice === 'saved' && <span role="status">{t('settings.saved')}</span>}
        {notice === 'failed' && <span role="alert" className="studio-error">{t('chat.failed')}</span>}
      </p>
    </div>
  );
}
