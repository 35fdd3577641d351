import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../protocol/languageName.ts';
import type { IncomingCall } from '../../../protocol/tourRing.ts';

/** One ringing call: who, which tour, which language, the seconds left; Accept takes focus when it is the first. */
export function IncomingCallCard({ call, autoFocus, onAccept, onDecline }: { call: IncomingCall; autoFocus: boolean; onAccept(): void; onDecline(): void }) {
  const { t, i18n } = useTranslation('tourRing');
  const accept = useRef<HTMLButtonElement>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (autoFocus) accept.current?.focus();
  }, [autoFocus]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((Date.parse(call.deadline) - now) / 1000));
  return (
    <li className="atrium-console__call" data-testid="console-call" data-call-id={call.callId}>
      <span className="atrium-ring__pulse" aria-hidden="true" />
      <p>
        <strong>{t('console.caller', { name: call.visitorName || t('console.visitor'), tour: call.tourName, language: languageName(call.language, i18n.language) })}</strong>
        <span className="atrium-ring__muted"> {t('ringing.left', { seconds })}</span>
      </p>
      <div className="atrium-ring__actions">
        <button type="button" ref={accept} className="atrium-ring__accept" onClick={onAccept} data-testid="console-accept">{t('console.accept')}</button>
        <button type="button" className="atrium-ring__danger" onClick={onDecline} data-testid="console-decline">{t('console.decline')}</button>
      </div>
    </li>
  );
}
