import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The usernames a whitelisted tour admits (compared without case, as the gate does). */
export function WhiteListEditor({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation('studio');
  const [draft, setDraft] = useState('');
  const add = () => {
    const names = draft.split(/[\s,;]+/).map((n) => n.trim()).filter(Boolean);
    const known = new Set(value.map((v) => v.toLowerCase()));
    const fresh = names.filter((n) => !known.has(n.toLowerCase()) && known.add(n.toLowerCase()));
    if (fresh.length) onChange([...value, ...fresh]);
    setDraft('');
  };
  return (
    <fieldset className="studio-fieldset" data-testid="studio-whitelist">
      <legend>{t('whitelist.title')}</legend>
      {value.length === 0 ? <p className="studio-muted">{t('whitelist.empty')}</p> : (
        <ul className="studio-chips">
          {value.map((name) => (
            <li key={name} className="studio-chip">
              {name}
              <button type="button" className="studio-icon-button" aria-label={t('whitelist.remove', { name })} onClick={() => onChange(value.filter((v) => v !== name))}>×</button>
            </li>
          ))}
        </ul>
      )}
      <div className="studio-row">
        <input aria-label={t('whitelist.add-label')} placeholder={t('whitelist.add-label')} value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); add(); } }} />
        <button type="button" className="studio-button" onClick={add} disabled={!draft.trim()}>{t('whitelist.add')}</button>
      </div>
    </fieldset>
  );
}
