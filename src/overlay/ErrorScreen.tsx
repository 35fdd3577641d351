import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailabilityScreen } from '../app/availability.ts';
import type { Capability } from '../app/capabilities.ts';
import { dismissPoster } from '../app/poster.ts';

export type ErrorKind = Exclude<AvailabilityScreen['kind'], 'ready'> | Exclude<Capability, 'ok'> | 'context-lost';

interface Props {
  kind: ErrorKind;
  reason?: 'no-id' | 'not-found' | 'offline';
  redirectTo?: string | undefined;
  afterMs?: number | undefined;
  onRedirect?: (buildingId: string) => void;
}

const REPORT_URL = 'mailto:support@example.com?subject=Atrium%20viewer%20problem';

/** Every error screen of spec section 2, with the section 8 wording and the 2 s redirects of section 4. */
export function ErrorScreen({ kind, reason, redirectTo, afterMs, onRedirect }: Props) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(afterMs ? Math.ceil(afterMs / 1000) : 0);
  useEffect(dismissPoster, []);
  useEffect(() => {
    if (!redirectTo || !afterMs) return;
    const started = Date.now();
    const tick = setInterval(() => setSeconds(Math.max(0, Math.ceil((afterMs - (Date.now() - started)) / 1000))), 250);
    const go = setTimeout(() => onRedirect?.(redirectTo), afterMs);
    return () => {
      clearInterval(tick);
      clearTimeout(go);
    };
  }, [redirectTo, afterMs, onRedirect]);

  const message = (() => {
    switch (kind) {
      case 'tour-not-found':
        return reason === 'no-id' ? t('error.link-not-found') : t('error.tour-not-found');
      case 'removed':
        return t('error.tour-removed');
      case 'hidden':
        return t('error.tour-hidden');
      case 'panoramas-not-found':
        return t('error.panoramas-not-found');
      case 'panorama-not-found':
        return t('error.panorama-not-found');
      case 'unsupported-browser':
        return t('error.browser-unsupported');
      case 'context-lost':
        return t('error.webgl-context-lost');
      case 'something-wrong':
        return t('error.something-wrong');
    }
  })();

  return (
    <main className="atrium-error" data-testid={`error-${kind}`} role="alert">
      <div className="atrium-error__card">
        <svg className="atrium-error__icon" viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M14 30c5-6 15-6 20 0" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" transform="rotate(180 24 30)" />
          <circle cx="17" cy="19" r="2.5" fill="currentColor" />
          <circle cx="31" cy="19" r="2.5" fill="currentColor" />
        </svg>
        <h1>{message}</h1>
        {kind === 'unsupported-browser' && <p>{t('error.browser-suggestion')}</p>}
        {kind === 'context-lost' && (
          <p>
            <button type="button" onClick={() => location.reload()}>{t('error.reload')}</button>
          </p>
        )}
        {kind === 'something-wrong' && (
          <p>
            <a href={REPORT_URL}>{t('error.report-problem')}</a> · <button type="button" onClick={() => location.reload()}>{t('common.retry')}</button>
          </p>
        )}
        {redirectTo && afterMs ? <p className="atrium-error__redirect">{t('redirect.countdown', { seconds })}</p> : null}
      </div>
    </main>
  );
}
