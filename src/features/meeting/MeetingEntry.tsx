import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { participantNameProblem, type Meeting } from '../../protocol/meeting.ts';
import { usePanelTurn } from '../../state/panelTurn.ts';
import type { MeetingProblem } from './meetingStore.ts';
import { problemText } from './meetingTexts.ts';

const PREJOIN_TURN = 'meeting-prejoin';
const keepCard = () => {};

interface PreJoinProps {
  meeting: Meeting | null;
  host: boolean;
  defaultName: string;
  onJoin: (name: string) => void;
  onCancel: () => void;
}

/** Before entering: who hosts, whether it has started, the name others will see. */
export function PreJoin({ meeting, host, defaultName, onJoin, onCancel }: PreJoinProps) {
  const { t, i18n } = useTranslation('meeting');
  // The card takes the panel turn, so the profile panel that opens by itself for a signed-in visitor (every host
  // arrives signed in) closes, or never opens, under it. It does not give the turn back when the visitor opens a
  // panel: dropping the card would drop the meeting link they came by.
  usePanelTurn(true, keepCard, PREJOIN_TURN);
  const [name, setName] = useState(defaultName);
  const [touched, setTouched] = useState(false);
  const problem = participantNameProblem(name);
  return (
    <form
      className="atrium-meeting-card"
      data-testid="meeting-prejoin"
      onKeyDown={(e) => e.stopPropagation()}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!problem) onJoin(name.trim());
      }}
    >
      <h2>{host ? t('prejoin.title-host') : t('prejoin.title')}</h2>
      {meeting?.title && <p className="atrium-meeting-card__title">{meeting.title}</p>}
      {meeting?.hostName && <p>{t('prejoin.with-host', { name: meeting.hostName })}</p>}
      {meeting?.state === 'scheduled' && !host && (
        <p className="atrium-meeting-card__note" data-testid="meeting-not-started">
          {t('prejoin.not-started')}
          {meeting.scheduledAt && <> {t('prejoin.scheduled-for', { time: new Date(meeting.scheduledAt).toLocaleString(i18n.language) })}</>}
        </p>
      )}
      <label>
        {t('prejoin.name-label')}
        <input value={name} maxLength={80} autoComplete="name" data-testid="meeting-name" onChange={(e) => setName(e.target.value)} onBlur={() => setTouched(true)} aria-invalid={touched && problem !== null} />
      </label>
      {touched && problem && <p role="alert" className="atrium-meeting-card__error">{t(`name.${problem}`)}</p>}
      <p className="atrium-meeting-card__note">{t('prejoin.devices')}</p>
      <div className="atrium-meeting-card__actions">
        <button type="button" onClick={onCancel}>{t('prejoin.cancel')}</button>
        <button type="submit" className="is-primary" data-testid="meeting-join">{host ? t('prejoin.start') : t('prejoin.join')}</button>
      </div>
    </form>
  );
}

interface NoticeProps {
  text: string;
  testId: string;
  /** The meeting's link, for "the browser does not support meetings: copy the link elsewhere". */
  link?: string;
  signInPath?: string;
  onRetry?: () => void;
  onClose: () => void;
}

/** A meeting message that ends the flow (ended, left, full, invalid ID...), with what the visitor can do next. */
export function MeetingNotice({ text, testId, link, signInPath, onRetry, onClose }: NoticeProps) {
  const { t } = useTranslation('meeting');
  const [copied, setCopied] = useState(false);
  return (
    <div className="atrium-meeting-card" role="alertdialog" aria-label={text} data-testid={testId} onKeyDown={(e) => e.stopPropagation()}>
      <p className="atrium-meeting-card__message" data-testid="meeting-message">{text}</p>
      {link && (
        <p className="atrium-meeting-card__link">
          <input readOnly value={link} aria-label={t('action.copy-link')} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => {})}>{copied ? t('meeting.link-copied') : t('action.copy-link')}</button>
        </p>
      )}
      <div className="atrium-meeting-card__actions">
        {signInPath && <a className="atrium-meeting-card__button is-primary" href={signInPath}>{t('action.sign-in')}</a>}
        {onRetry && <button type="button" className="is-primary" onClick={onRetry}>{t('action.join-again')}</button>}
        <button type="button" data-testid="meeting-notice-close" onClick={onClose}>{t('action.close')}</button>
      </div>
    </div>
  );
}

export function failureText(t: Parameters<typeof problemText>[0], phase: string, problem: MeetingProblem | null, endReason: string | null): string {
  if (phase === 'ended') return endReason === 'host-away' ? t('state.ended-host-away') : t('state.ended');
  if (phase === 'left') return t('state.left');
  if (phase === 'kicked') return t('state.kicked');
  return problemText(t, problem ?? 'unable');
}
