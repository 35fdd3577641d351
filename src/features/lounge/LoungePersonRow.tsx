import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVITATION_NOTE_MAX } from '../../protocol/constants.ts';
import { graphemeCount, noteProblem } from '../../protocol/lounge.ts';
import type { LoungeAction, LoungeRowVM } from './model/loungeViewModel.ts';

export interface LoungePersonRowProps {
  row: LoungeRowVM;
  onInvite: (note: string) => Promise<void>;
  onAction: (action: Exclude<LoungeAction, 'invite' | 'chat' | 'meet'>) => Promise<void>;
  onChat?: () => void;
  onMeet?: () => Promise<void>;
  /** The heart that keeps this person in favourites (the favourites feature draws it; nothing where they are off). */
  favourite?: ReactNode;
}

/** One person: portrait (or initials), name, role, company and occupation, where they are, and what I can do. */
export function LoungePersonRow({ row, onInvite, onAction, onChat, onMeet, favourite }: LoungePersonRowProps) {
  const { t } = useTranslation('lounge');
  const [writing, setWriting] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const tooLong = noteProblem(note) !== null;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const send = () => void run(async () => {
    await onInvite(note.trim());
    setWriting(false);
    setNote('');
  });

  return (
    <li className="atrium-lounge__person" data-testid="lounge-person" data-user-id={row.userId} data-name={row.name} data-state={row.state} data-blocked={row.blocked}>
      <span className="atrium-lounge__avatar" aria-hidden="true">
        {row.portrait ? <img src={row.portrait} alt="" loading="lazy" /> : row.initials}
        {row.online && <i className="atrium-lounge__dot" />}
      </span>
      <div className="atrium-lounge__who">
        <p className="atrium-lounge__name">
          <strong data-testid="lounge-person-name">{row.name}</strong>
          <span className="atrium-lounge__role">{row.role}</span>
          {favourite}
        </p>
        {row.detail && <p className="atrium-lounge__detail">{row.detail}</p>}
        <p className="atrium-lounge__place">{row.place}</p>
        {row.stateLabel && <p className="atrium-lounge__state" data-testid="lounge-person-state">{row.stateLabel}</p>}
        {row.note && <blockquote className="atrium-lounge__quote" dir="auto">{row.note}</blockquote>}
        {row.contact && (row.contact.email || row.contact.phone) && (
          <p className="atrium-lounge__contact" data-testid="lounge-contact">
            {row.contact.email && <a href={`mailto:${row.contact.email}`}>{row.contact.email}</a>}
            {row.contact.phone && <a href={`tel:${row.contact.phone}`}>{row.contact.phone}</a>}
          </p>
        )}
        {writing ? (
          <form className="atrium-lounge__invite" onSubmit={(e) => { e.preventDefault(); if (!tooLong) send(); }}>
            <label>
              <span>{t('lounge.note-label')}</span>
              <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} dir="auto" data-testid="lounge-note" aria-invalid={tooLong} />
            </label>
            <p className={`atrium-lounge__counter${tooLong ? ' is-over' : ''}`} aria-live="polite">
              {tooLong ? t('lounge.note-too-long', { max: INVITATION_NOTE_MAX }) : t('lounge.note-count', { n: graphemeCount(note.trim()), max: INVITATION_NOTE_MAX })}
            </p>
            <div className="atrium-lounge__actions">
              <button type="submit" disabled={busy || tooLong} data-testid="lounge-send-invite">{t('lounge.send-invite')}</button>
              <button type="button" className="is-quiet" onClick={() => setWriting(false)}>{t('lounge.cancel')}</button>
            </div>
          </form>
        ) : (
          <div className="atrium-lounge__actions">
            {row.actions.map((action) => (
              <button
                key={action}
                type="button"
                className={action === 'block' || action === 'reject' ? 'is-quiet' : undefined}
                disabled={busy}
                data-testid={`lounge-${action}`}
                aria-label={t(`lounge.action-${action}-label`, { name: row.name })}
                onClick={() => {
                  if (action === 'invite') setWriting(true);
                  else if (action === 'chat') onChat?.();
                  else if (action === 'meet') void run(() => onMeet?.() ?? Promise.resolve());
                  else void run(() => onAction(action));
                }}
              >
                {t(`lounge.action-${action}`)}
              </button>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}
