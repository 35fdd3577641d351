import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { giveConsent, hasConsent } from './consent.ts';
import { useConsentSpace } from './useConsentSpace.ts';

/** Asks for consent until the visitor answers; declining keeps everything in memory for this visit. */
export function CookieBanner() {
  const [answered, setAnswered] = useState(hasConsent);
  if (answered) return null;
  return <Banner onAnswer={() => setAnswered(true)} />;
}

function Banner({ onAnswer }: { onAnswer: () => void }) {
  const { t } = useTranslation('panels');
  const box = useConsentSpace<HTMLElement>();
  return (
    <section ref={box} className="atrium-cookies" role="region" aria-label={t('cookie.label')} data-testid="cookie-banner">
      <p>{t('cookie.text')}</p>
      <div className="atrium-cookies__actions">
        <button type="button" data-testid="cookie-decline" onClick={onAnswer}>{t('cookie.decline')}</button>
        <button type="button" className="is-primary" data-testid="cookie-accept" onClick={() => { giveConsent(); onAnswer(); }}>{t('cookie.accept')}</button>
      </div>
    </section>
  );
}
