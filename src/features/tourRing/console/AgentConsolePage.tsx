import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentIdentity } from '../../../api/httpClient.ts';
import { languageName } from '../../../protocol/languageName.ts';
import type { IncomingCall } from '../../../protocol/tourRing.ts';
import { followInApp } from '../../account/appNavigation.ts';
import { accountPageHref } from '../../account/nextPath.ts';
import { getSession, restoreSession, useSession } from '../../account/session.ts';
import { deviceId } from '../../social/deviceMemory.ts';
import { CallbackList } from './CallbackList.tsx';
import { ConsoleClient, type ConsoleSnapshot } from './consoleClient.ts';
import { IncomingCallCard } from './IncomingCallCard.tsx';
import { RingTone } from './ringTone.ts';
import '../tourRing.css';

type Phase = 'checking' | 'signed-out' | 'ready';
const HERE = '/console';

/**
 * /console: the page a guide keeps open. Online on every tour they guide while it is connected; a call rings with a
 * tone and (when allowed) a browser notification, and is taken or declined with the buttons (keyboard: the Accept
 * button takes focus when a call arrives). Call-back requests of their tours are listed as they arrive.
 */
export function AgentConsolePage() {
  const { t, i18n } = useTranslation('tourRing');
  const session = useSession();
  const [phase, setPhase] = useState<Phase>('checking');
  useEffect(() => {
    let live = true;
    void restoreSession().then(() => live && setPhase(getSession() ? 'ready' : 'signed-out'));
    return () => {
      live = false;
    };
  }, [session.user?.id]);
  useEffect(() => {
    document.title = t('console.title');
  }, [t]);

  let body;
  if (phase === 'checking') body = <p role="status">{t('console.loading')}</p>;
  else if (phase === 'signed-out' || !currentIdentity()) {
    const href = accountPageHref('login', HERE, new URLSearchParams(window.location.search).get('locale'));
    body = (
      <section className="atrium-console__card" data-testid="console-signed-out">
        <p>{t('console.sign-in')}</p>
        <a className="atrium-ring__primary" href={href} onClick={(e) => followInApp(e, href)}>{t('console.sign-in-link')}</a>
      </section>
    );
  } else body = <Console token={currentIdentity()!.token} />;
  return (
    <main className="atrium-console" dir={i18n.dir()} lang={i18n.language} data-testid="page-console">
      <h1>{t('console.title')}</h1>
      {body}
    </main>
  );
}

function useConsole(token: string, tone: RingTone, notify: (call: IncomingCall) => Notification | null): ConsoleClient | null {
  const [client, setClient] = useState<ConsoleClient | null>(null);
  useEffect(() => {
    const notices = new Map<string, Notification>();
    let ringing = 0;
    const made = new ConsoleClient({ deviceId: deviceId(), sessionToken: token }, {
      onRing(call) {
        ringing++;
        tone.start();
        const shown = notify(call);
        if (shown) notices.set(call.callId, shown);
      },
      onStop(callId) {
        ringing = Math.max(0, ringing - 1);
        if (ringing === 0) tone.stop();
        notices.get(callId)?.close();
        notices.delete(callId);
      },
    });
    setClient(made);
    return () => {
      made.close();
      tone.stop();
      for (const n of notices.values()) n.close();
    };
  }, [token, tone, notify]);
  return client;
}

const EMPTY: ConsoleSnapshot = { status: 'connecting', tours: [], ringing: [], callbacks: [], inCall: false, meetingPath: null, notice: null };
const noSubscribe = () => () => {};

function Console({ token }: { token: string }) {
  const { t, i18n } = useTranslation('tourRing');
  const [tone] = useState(() => new RingTone());
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission));
  const notifyRef = useRef((call: IncomingCall): Notification | null => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return null;
    const lang = i18n.language;
    const n = new Notification(t('console.notification-title', { tour: call.tourName }), {
      body: t('console.notification-body', { name: call.visitorName || t('console.visitor'), language: languageName(call.language, lang) }),
      tag: call.callId, requireInteraction: true,
    });
    n.onclick = () => window.focus();
    return n;
  });
  const client = useConsole(token, tone, notifyRef.current);
  const snap = useSyncExternalStore(client?.subscribe ?? noSubscribe, client?.getSnapshot ?? (() => EMPTY));

  // The browser lets the tone sound only after the page had a click or a key press.
  useEffect(() => {
    const unlock = () => tone.unlock();
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
      tone.close();
    };
  }, [tone]);

  const accept = async (callId: string) => {
    // Opened at once, inside the click, so no pop-up blocker stops it; pointed at the meeting once the server answers.
    const tab = window.open('about:blank', '_blank');
    const path = await client?.accept(callId);
    if (path && tab) tab.location.href = path;
    else tab?.close();
  };

  const status = snap.status === 'online' ? (snap.inCall ? 'in-call' : 'online') : snap.status === 'offline' ? 'offline' : 'connecting';
  return (
    <div className="atrium-console__grid">
      <section className="atrium-console__card" aria-labelledby="console-status">
        <p id="console-status" className={`atrium-console__status is-${status}`} role="status" data-testid="console-status" data-status={status}>
          <span className="atrium-console__dot" aria-hidden="true" />
          {status === 'in-call' ? t('console.in-call') : status === 'online' ? t('console.online') : status === 'offline' ? t('console.offline') : t('console.loading')}
        </p>
        <p className="atrium-ring__muted">{t('console.keep-open')}</p>
        <div className="atrium-ring__actions">
          {permission === 'default' && (
            <button type="button" onClick={() => void Notification.requestPermission().then(setPermission)} data-testid="console-notifications">{t('console.notifications')}</button>
          )}
          {permission === 'granted' && <span className="atrium-ring__muted">{t('console.notifications-on')}</span>}
          {permission === 'denied' && <span className="atrium-ring__muted">{t('console.notifications-blocked')}</span>}
          <button type="button" onClick={() => tone.test()}>{t('console.test-tone')}</button>
        </div>
        {snap.meetingPath && <a className="atrium-ring__link" href={snap.meetingPath} target="_blank" rel="noopener" data-testid="console-open-meeting">{t('console.open-meeting')}</a>}
      </section>

      <section className="atrium-console__card" aria-labelledby="console-incoming" aria-live="polite">
        <h2 id="console-incoming">{t('console.incoming')}</h2>
        {snap.notice && (
          <p className="atrium-ring__problem" role="alert" data-testid="console-notice">
            {snap.notice.kind === 'taken' ? t('console.taken') : t('console.accept-failed', { message: snap.notice.message })}
          </p>
        )}
        {snap.ringing.length === 0 ? <p className="atrium-ring__muted">{t('console.no-calls')}</p> : (
          <ul className="atrium-console__calls">
            {snap.ringing.map((call, i) => (
              <IncomingCallCard key={call.callId} call={call} autoFocus={i === 0} onAccept={() => void accept(call.callId)} onDecline={() => void client?.decline(call.callId)} />
            ))}
          </ul>
        )}
      </section>

      <section className="atrium-console__card" aria-labelledby="console-tours">
        <h2 id="console-tours">{t('console.tours')}</h2>
        {snap.status !== 'connecting' && snap.tours.length === 0 ? <p className="atrium-ring__muted" data-testid="console-no-tours">{t('console.no-tours')}</p> : (
          <ul className="atrium-console__tours" data-testid="console-tours">
            {snap.tours.map((tour) => (
              <li key={tour.buildingId}>
                <span className={`atrium-console__dot is-${status}`} aria-hidden="true" />
                <strong>{tour.name}</strong>
                <span className="atrium-ring__muted">{t('console.languages', { list: tour.languages.map((l) => languageName(l, i18n.language)).join(', ') })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <CallbackList callbacks={snap.callbacks} />
    </div>
  );
}
