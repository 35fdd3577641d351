import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../protocol/languageName.ts';
import type { TourRingInfo } from '../../protocol/tourRing.ts';
import { PHONE_COUNTRIES, type PhoneCountry } from '../../protocol/tourRingNames.ts';
import { checkCallback, countryFromLocale, type CallbackDraft, type CallbackProblems } from './model/callbackForm.ts';
import { sendCallback } from './tourRingApi.ts';

const PROBLEM_KEY = { required: 'callback.required', phone: 'callback.phone-invalid', language: 'callback.language-required' } as const;

/** A country code's name in the interface language; EU and NA are regions, named by the catalog. */
function countryLabel(code: PhoneCountry, lang: string, regionName: (key: 'country.eu' | 'country.na') => string): string {
  if (code === 'EU') return regionName('country.eu');
  if (code === 'NA') return regionName('country.na');
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The call-now form (spec section 5): name and phone needed, the phone checked for its country, a language chosen. */
export function CallbackForm({ info, language, onDone }: { info: TourRingInfo; language: string; onDone?: () => void }) {
  const { t, i18n } = useTranslation('tourRing');
  const id = useId();
  const [draft, setDraft] = useState<CallbackDraft>(() => ({
    name: '', phone: '', note: '', country: countryFromLocale(navigator.languages ?? [navigator.language]),
    language: info.languages.includes(language) ? language : info.languages.length === 1 ? info.languages[0]! : '',
  }));
  const [problems, setProblems] = useState<CallbackProblems>({});
  const [phase, setPhase] = useState<'editing' | 'sending' | 'sent' | 'failed'>('editing');
  const set = (field: keyof CallbackDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkCallback(draft);
    setProblems(found);
    if (Object.keys(found).length > 0 || !draft.country) {
      document.getElementById(`${id}-${Object.keys(found)[0] ?? 'name'}`)?.focus();
      return;
    }
    setPhase('sending');
    sendCallback(info.buildingId, { name: draft.name, phone: draft.phone, country: draft.country, language: draft.language, note: draft.note }).then(
      () => {
        setPhase('sent');
        onDone?.();
      },
      () => setPhase('failed'),
    );
  };

  if (phase === 'sent') return <p className="atrium-ring__done" role="status" data-testid="ring-callback-sent">{t('callback.sent')}</p>;
  const field = (name: keyof CallbackProblems) => ({
    id: `${id}-${name}`,
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${id}-${name}-problem` : undefined,
  });
  const problem = (name: keyof CallbackProblems) => {
    const found = problems[name];
    return found ? <span className="atrium-ring__problem" id={`${id}-${name}-problem`} data-testid={`ring-callback-problem-${name}`}>{t(PROBLEM_KEY[found])}</span> : null;
  };
  return (
    <form className="atrium-ring__form" onSubmit={submit} noValidate data-testid="ring-callback-form">
      <h3>{t('callback.title')}</h3>
      <label htmlFor={`${id}-name`}>{t('callback.name')}</label>
      <input {...field('name')} value={draft.name} onChange={set('name')} autoComplete="name" maxLength={200} required data-testid="ring-callback-name" />
      {problem('name')}
      <label htmlFor={`${id}-country`}>{t('callback.country')}</label>
      <select {...field('country')} value={draft.country} onChange={set('country')} required data-testid="ring-callback-country">
        <option value="">{t('callback.choose')}</option>
        {PHONE_COUNTRIES.map((code) => <option key={code} value={code}>{countryLabel(code, i18n.language, (key) => t(key))}</option>)}
      </select>
      {problem('country')}
      <label htmlFor={`${id}-phone`}>{t('callback.phone')}</label>
      <input {...field('phone')} type="tel" inputMode="tel" dir="ltr" value={draft.phone} onChange={set('phone')} autoComplete="tel" maxLength={40} required data-testid="ring-callback-phone" />
      {problem('phone')}
      <label htmlFor={`${id}-language`}>{t('callback.language')}</label>
      <select {...field('language')} value={draft.language} onChange={set('language')} required data-testid="ring-callback-language">
        <option value="">{t('callback.choose')}</option>
        {info.languages.map((code) => <option key={code} value={code}>{languageName(code, i18n.language)}</option>)}
      </select>
      {problem('language')}
      <label htmlFor={`${id}-note`}>{t('callback.note')}</label>
      <textarea id={`${id}-note`} value={draft.note} onChange={set('note')} maxLength={1000} rows={2} />
      {phase === 'failed' && <p className="atrium-ring__problem" role="alert">{t('callback.failed')}</p>}
      <button type="submit" className="atrium-ring__primary" disabled={phase === 'sending'} data-testid="ring-callback-send">
        {phase === 'sending' ? t('callback.sending') : t('callback.send')}
      </button>
    </form>
  );
}
