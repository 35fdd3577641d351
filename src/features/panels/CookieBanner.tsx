import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublishedHeight } from '../../state/usePublishedHeight.ts';
import { giveConsent, hasConsent } from './consent.ts';

/** Asks for consent until the visitor answers; declining keeps everything in memory for this visit. */
export function CookieBanner() {
  const [answered, setAnswered] = useState(hasConsent);
  if (answered) return null;
  return <Banner onAnswer={() => setAnswered(true)} />;
}

function Banner({ onAnswer }: { onAnswer: () => void }) {
  const { t } = useTranslation('panels');
  // --atrium-consent-height: the banner's height, which follows its text (the language, the screen's width). Where the
  // banner spans a narrow screen, panels.css adds its place above the toolbar and offers the sum as
  // --atrium-consent-block, so that the round buttons floating at the same edge (lounge, chat) rise above the banner
  // instead of lying over its answers. Both go away with the banner and the buttons drop back.
  const box = usePublishedHeight<HTMLElement>('--atrium-consent-height');
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
