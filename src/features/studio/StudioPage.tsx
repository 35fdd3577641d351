import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSession, restoreSession, useSession } from '../account/session.ts';
import { followInApp } from '../account/appNavigation.ts';
import { accountPageHref } from '../account/nextPath.ts';
import { openStudio } from './api/studioApi.ts';
import { useFailureMessage } from './useFailureMessage.ts';
import { ToursPage } from './tours/ToursPage.tsx';
import './studio.css';

const TourEditor = lazy(() => import('./editor/TourEditor.tsx').then((m) => ({ default: m.TourEditor })));
const OwnerSettingsPage = lazy(() => import('./settings/OwnerSettingsPage.tsx').then((m) => ({ default: m.OwnerSettingsPage })));

export interface StudioPageProps {
  /** null: the owner's tours (/studio); an id: that tour's editor (/studio/{id}). */
  buildingId: string | null;
  /** /studio/settings: the owner's own settings instead of the tours. */
  settings?: boolean;
  navigate: (path: string) => void;
}

type Phase = { name: 'checking' } | { name: 'signed-out' } | { name: 'ready' } | { name: 'failed'; error: unknown };

/**
 * The studio's door: a signed-in member gets in (the first visit gives them a headquarter of their own); anyone
 * else is sent to sign in and comes back here.
 */
export function StudioPage({ buildingId, settings = false, navigate }: StudioPageProps) {
  const { t, i18n } = useTranslation('studio');
  const { t: tChat } = useTranslation('chat');
  const session = useSession();
  const [phase, setPhase] = useState<Phase>({ name: 'checking' });
  const failure = useFailureMessage();
  const userId = session.user?.id ?? null;

  useEffect(() => {
    let live = true;
    void (async () => {
      await restoreSession();
      if (!getSession()) {
        if (live) setPhase({ name: 'signed-out' });
        return;
      }
      try {
        await openStudio();
        if (live) setPhase({ name: 'ready' });
      } catch (error) {
        if (live) setPhase({ name: 'failed', error });
      }
    })();
    return () => {
      live = false;
    };
  }, [userId]);

  useEffect(() => {
    document.title = t('page.title');
  }, [t]);

  const here = buildingId ? `/studio/${encodeURIComponent(buildingId)}` : settings ? '/studio/settings' : '/studio';
  const loginHref = accountPageHref('login', here, new URLSearchParams(window.location.search).get('locale'));

  let body;
  if (phase.name === 'checking') body = <p className="studio-muted" role="status">{t('page.loading')}</p>;
  else if (phase.name === 'signed-out') {
    body = (
      <section className="studio-card studio-signin" data-testid="studio-signed-out">
        <h2>{t('signin.title')}</h2>
        <p>{t('signin.text')}</p>
        <a className="studio-button studio-primary" href={loginHref} onClick={(e) => followInApp(e, loginHref)}>{t('signin.action')}</a>
      </section>
    );
  } else if (phase.name === 'failed') body = <p className="studio-error" role="alert">{failure(phase.error)}</p>;
  else if (settings && userId) body = <Suspense fallback={<p className="studio-muted" role="status">{t('page.loading')}</p>}><OwnerSettingsPage userId={userId} navigate={navigate} /></Suspense>;
  else if (buildingId) body = <Suspense fallback={<p className="studio-muted">{t('page.loading')}</p>}><TourEditor buildingId={buildingId} navigate={navigate} /></Suspense>;
  else body = <ToursPage navigate={navigate} />;

  return (
    <div className="studio" dir={i18n.dir()} lang={i18n.language} data-testid="page-studio">
      <header className="studio-header">
        <a className="studio-brand" href="/studio" onClick={(e) => followInApp(e, '/studio')}>{t('page.brand')}</a>
        {session.user ? <span className="studio-muted">{t('page.signed-in-as', { name: session.user.username })}</span> : null}
        {session.user ? <a className="studio-button" href="/studio/settings" aria-current={settings ? 'page' : undefined} onClick={(e) => followInApp(e, '/studio/settings')} data-testid="studio-settings-link">{t('owner-settings.link')}</a> : null}
        {session.user ? <a className="studio-button" href="/studio/inbox" onClick={(e) => followInApp(e, '/studio/inbox')} data-testid="studio-inbox-link">{tChat('inbox.title')}</a> : null}
      </header>
      <main className="studio-main">{body}</main>
    </div>
  );
}
