import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/httpClient.ts';
import { ticketLoginCall } from '../../api/lounge.ts';
import { TICKET_ERROR_CODES, ticketFormatProblem, type TicketProblem } from '../../protocol/loungeTickets.ts';
import { signIn } from '../account/session.ts';

const PROBLEM_OF_CODE = new Map(Object.entries(TICKET_ERROR_CODES).map(([problem, code]) => [code, problem as TicketProblem]));

/**
 * Section 5's ticket sign-in: required, must exist and be unused, with the spec's three messages. A visitor who is
 * not signed in gets an account made from the ticket; a signed-in one has the ticket bound to theirs.
 */
export function TicketForm({ place, signedIn, onDone }: { place: { tourId: string; groupId: string | null }; signedIn: boolean; onDone: () => void }) {
  const { t } = useTranslation('lounge');
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<TicketProblem | 'other' | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const format = ticketFormatProblem(number);
    setProblem(format);
    if (format) return;
    setBusy(true);
    try {
      const answer = await ticketLoginCall({ tourId: place.tourId, groupId: place.groupId, ticketNumber: number });
      if (answer.session) signIn(answer.session);
      onDone();
    } catch (error) {
      const code = error instanceof HttpError ? error.body?.code : undefined;
      setProblem((code && PROBLEM_OF_CODE.get(code)) || 'other');
    } finally {
      setBusy(false);
    }
  };

  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <form className="atrium-lounge__ticket" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} data-testid="lounge-ticket-form">
      <p>{t(signedIn ? 'lounge.ticket-needed' : 'lounge.ticket-intro')}</p>
      <label>
        <span>{t('lounge.ticket-label')}</span>
        <input value={number} onChange={(e) => setNumber(e.target.value)} autoComplete="off" spellCheck={false} aria-invalid={problem !== null}
          aria-describedby={problem ? 'atrium-lounge-ticket-error' : undefined} data-testid="lounge-ticket-input" />
      </label>
      {problem && <p id="atrium-lounge-ticket-error" className="atrium-lounge__error" role="alert" data-testid="lounge-ticket-error">{t(`lounge.ticket-${problem}`)}</p>}
      <div className="atrium-lounge__actions">
        <button type="submit" disabled={busy} data-testid="lounge-ticket-submit">{t('lounge.ticket-submit')}</button>
      </div>
      {!signedIn && <p className="atrium-lounge__signin"><a href={`/login?next=${next}`}>{t('lounge.sign-in')}</a></p>}
    </form>
  );
}
