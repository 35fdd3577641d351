import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/httpClient.ts';
import { restoreSession } from '../account/session.ts';
import { keptSessionToken } from '../account/sessionToken.ts';
import './booking.css';

type State = { step: 'working' } | { step: 'sign-in' } | { step: 'accepted'; tour: string } | { step: 'failed' };

/**
 * /guide-invite?token=...: the link of a guide invitation. Signed in with the invited address, it makes the reader a
 * guide of the tour; otherwise it asks them to sign in (or sign up) and come back to the same link.
 */
export function GuideInvitePage() {
  const { t } = useTranslation('booking');
  const token = useMemo(() => new URLSearchParams(window.location.search).get('token') ?? '', []);
  const [state, setState] = useState<State>({ step: 'working' });
  useEffect(() => {
    void (async () => {
      const user = keptSessionToken() ? await restoreSession().catch(() => null) : null;
      if (!user) return setState({ step: 'sign-in' });
      try {
        const answer = await request<{ tourName: string }>('/v2/guides/invites/accept', { method: 'POST', body: { token } });
        setState({ step: 'accepted', tour: answer.tourName });
      } catch {
        setState({ step: 'failed' });
      }
    })();
  }, [token]);
  const back = encodeURIComponent(`${window.location.pathname}${window.location.search}`);
  return (
    <main className="atrium-booking-page atrium-booking" data-testid="guide-invite" data-step={state.step}>
      <h1>{t('invite.title')}</h1>
      {state.step === 'working' && <p role="status">…</p>}
      {state.step === 'sign-in' && (
        <>
          <p>{t('invite.sign-in')}</p>
          <p className="atrium-booking__actions">
            <a className="atrium-booking__primary" href={`/login?next=${back}`}>{t('invite.sign-in-button')}</a>
            <a className="atrium-booking__nav" href={`/signup?next=${back}`}>{t('invite.sign-up-button')}</a>
          </p>
        </>
      )}
      {state.step === 'accepted' && (
        <>
          <p role="status">{t('invite.accepted', { tour: state.tour })}</p>
          <p><a className="atrium-booking__primary" href="/console">{t('invite.open-console')}</a></p>
        </>
      )}
      {state.step === 'failed' && <p role="alert">{t('invite.failed')}</p>}
    </main>
  );
}
