import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { giveConsent, hasConsent } from './consent.ts';

/** Asks for consent until the visitor answers; declining keeps everything in memory for this visit. */
export function CookieBanner() {
  const { t } = useTranslation('panels');
  const [answered, setAnswered] = useState(hasConsent);
  if (answered) return null;
  return (
    <section className="atrium-cookies" role="region" aria-label={t('cookie.label')} data-testid="cookie-banner">
      <p>{t('cookie.text')}</p>
      <div className="atrium-cookies__actions">
        <button type="button" data-testid="cookie-decline" onClick={() => setAnswered(true)}>{t('cookie.decline')}</button>
        <button type="button" className="is-primary" data-testid="cookie-accept" onClick={() => { giveConsent(); setAnswered(true); }}>{t('cookie.accept')}</button>
      </div>
    </section>
  );
}
