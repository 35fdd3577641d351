import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../protocol/languageName.ts';
import type { TourRingInfo } from '../../protocol/tourRing.ts';
import { CallbackForm } from './CallbackForm.tsx';
import { secondsLeft } from './model/callMachine.ts';
import { useCall } from './model/useCall.ts';

const OUTCOME_KEY = {
  'cannot-answer': 'outcome.cannot-answer', unavailable: 'outcome.unavailable', busy: 'outcome.busy', cancelled: 'outcome.cancelled',
} as const;

/** Ticks once a second while `on` (the ringing countdown). */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/**
 * Dialling a guide: choose a language, ring, and either join the meeting the guide opened or hear one of the spec's
 * answers (cannot answer, unavailable, busy with a tour), each with the way to the booking calendar and the call-now
 * form. Shared by the /tour-ring page and the viewer's dialog.
 */
export function CallPanel({ info, onJoin }: { info: TourRingInfo; onJoin: (path: string) => void }) {
  const { t, i18n } = useTranslation('tourRing');
  const id = useId();
  const { state, dial, hangUp, reset } = useCall(info.buildingId);
  const [language, setLanguage] = useState(() => (info.languages.length === 1 ? info.languages[0]! : (info.languages.find((l) => l === i18n.language || l === i18n.language.split('-')[0]) ?? '')));
  const [name, setName] = useState('');
  const [callbackOpen, setCallbackOpen] = useState(false);
  const [missingLanguage, setMissingLanguage] = useState(false);
  const now = useNow(state.phase === 'ringing');
  const focusTarget = useRef<HTMLElement | null>(null);

  // Keyboard users land on what the new phase asks of them (hang up while ringing, the message after).
  useEffect(() => {
    focusTarget.current?.focus();
  }, [state.phase]);
  useEffect(() => {
    if (state.phase !== 'answered') return;
    const timer = setTimeout(() => onJoin(state.guestPath), 800);
    return () => clearTimeout(timer);
  }, [state, onJoin]);

  if (!info.hasGuides || !info.meetingsOn) {
    return (
      <div className="atrium-ring__body">
        <p role="status" data-testid="ring-no-guides">{t('dial.no-guides')}</p>
        <a className="atrium-ring__link" href={info.calendarPath} data-testid="ring-calendar">{t('outcome.calendar')}</a>
        <CallbackForm info={info} language={language} />
      </div>
    );
  }

  if (state.phase === 'calling' || state.phase === 'ringing') {
    return (
      <div className="atrium-ring__body atrium-ring__ringing" data-testid="ring-ringing">
        <span className="atrium-ring__pulse" aria-hidden="true" />
        <p className="atrium-ring__status" role="status">{t('ringing.title')}</p>
        {state.phase === 'ringing' && <p className="atrium-ring__muted">{t('ringing.left', { seconds: secondsLeft(state, now) })}</p>}
        <button type="button" className="atrium-ring__danger" ref={(el) => { focusTarget.current = el; }} onClick={hangUp} data-testid="ring-hang-up">{t('ringing.hang-up')}</button>
      </div>
    );
  }

  if (state.phase === 'answered') {
    return (
      <div className="atrium-ring__body" data-testid="ring-answered">
        <p className="atrium-ring__status" role="status">{t('answered.title', { name: state.guideName })} {t('answered.joining')}</p>
        <a className="atrium-ring__primary" href={state.guestPath} ref={(el) => { focusTarget.current = el; }} onClick={(e) => { e.preventDefault(); onJoin(state.guestPath); }}>{t('answered.join')}</a>
      </div>
    );
  }

  if (state.phase === 'ended' || state.phase === 'failed') {
    const message = state.phase === 'failed' ? t(state.reason === 'too-many-calls' ? 'error.too-many-calls' : 'error.connection') : t(OUTCOME_KEY[state.outcome]);
    return (
      <div className="atrium-ring__body" data-testid="ring-outcome" data-outcome={state.phase === 'ended' ? state.outcome : 'failed'}>
        <p className="atrium-ring__status" role="alert" tabIndex={-1} ref={(el) => { focusTarget.current = el; }} data-testid="ring-outcome-message">{message}</p>
        <a className="atrium-ring__link" href={info.calendarPath} data-testid="ring-calendar">{t('outcome.calendar')}</a>
        <div className="atrium-ring__actions">
          <button type="button" onClick={reset} data-testid="ring-again">{t('outcome.try-again')}</button>
          {!callbackOpen && <button type="button" onClick={() => setCallbackOpen(true)} data-testid="ring-callback-open">{t('outcome.callback')}</button>}
        </div>
        {callbackOpen && <CallbackForm info={info} language={language} />}
      </div>
    );
  }

  return (
    <div className="atrium-ring__body">
    <form className="atrium-ring__dial" data-testid="ring-dial" onSubmit={(e) => {
      e.preventDefault();
      if (!language) return setMissingLanguage(true);
      dial(language, name);
    }}>
      <p>{t('dial.intro', { tour: info.name })}</p>
      <fieldset className="atrium-ring__languages" aria-describedby={missingLanguage ? `${id}-missing` : undefined}>
        <legend>{t('dial.language')}</legend>
        {info.languages.map((code) => (
          <label key={code} className="atrium-ring__choice">
            <input type="radio" name={`${id}-language`} value={code} checked={language === code} onChange={() => { setLanguage(code); setMissingLanguage(false); }} data-testid={`ring-language-${code}`} />
            <span>{languageName(code, i18n.language)}</span>
          </label>
        ))}
      </fieldset>
      {missingLanguage && <p className="atrium-ring__problem" id={`${id}-missing`} role="alert">{t('callback.language-required')}</p>}
      <label htmlFor={`${id}-name`}>{t('dial.name')}</label>
      <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={100} data-testid="ring-name" />
      <button type="submit" className="atrium-ring__primary" data-testid="ring-call">{t('dial.call')}</button>
      <div className="atrium-ring__actions">
        <a className="atrium-ring__link" href={info.calendarPath}>{t('outcome.calendar')}</a>
        {!callbackOpen && <button type="button" className="atrium-ring__plain" onClick={() => setCallbackOpen(true)}>{t('outcome.callback')}</button>}
      </div>
    </form>
    {callbackOpen && <CallbackForm info={info} language={language} />}
    </div>
  );
}
