import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERFACE_LANGUAGES } from '../../../protocol/constants.ts';
import { languageName } from '../../../protocol/languageName.ts';

interface Props {
  label: string;
  value: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  multiline?: boolean;
  testId?: string;
}

/** Text per language (nameMulti, descriptionMulti): one row per language, add or remove languages. */
export function MultiTextEditor({ label, value, onChange, multiline, testId }: Props) {
  const { t, i18n } = useTranslation('studio');
  const names = useCallback((code: string) => languageName(code, i18n.language), [i18n.language]);
  const used = Object.keys(value);
  const free = INTERFACE_LANGUAGES.filter((l) => !used.includes(l));

  return (
    <fieldset className="studio-fieldset" data-testid={testId}>
      <legend>{label}</legend>
      {used.length === 0 ? <p className="studio-muted">{t('multi.none')}</p> : null}
      {used.map((lang) => {
        const common = {
          lang, dir: lang === 'ar' ? 'rtl' : 'auto', value: value[lang] ?? '', 'aria-label': t('multi.text-in', { language: names(lang) }),
          onChange: (e: { target: { value: string } }) => onChange({ ...value, [lang]: e.target.value }),
        };
        return (
          <div key={lang} className="studio-multi-row">
            <span className="studio-multi-lang">{names(lang)}</span>
            {multiline ? <textarea rows={3} {...common} /> : <input {...common} />}
            <button type="button" className="studio-icon-button" aria-label={t('multi.remove', { language: names(lang) })} onClick={() => {
              const next = { ...value };
              delete next[lang];
              onChange(next);
            }}>×</button>
          </div>
        );
      })}
      {free.length > 0 ? (
        <select aria-label={t('multi.add')} value="" onChange={(e) => e.target.value && onChange({ ...value, [e.target.value]: '' })}>
          <option value="">{t('multi.add')}</option>
          {free.map((l) => <option key={l} value={l}>{names(l)}</option>)}
        </select>
      ) : null}
    </fieldset>
  );
}
