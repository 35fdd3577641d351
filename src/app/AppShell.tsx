import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { parseViewerQuery } from '../protocol/viewerQuery.ts';
import { initI18n } from './i18n/index.ts';
import { parseRoute, viewerPath } from '../protocol/routes.ts';
import { checkCapabilities } from './capabilities.ts';
import { defaultTourId } from '../api/tours.ts';
import { ViewerPage } from './ViewerPage.tsx';
import { ErrorScreen } from '../overlay/ErrorScreen.tsx';
import '../overlay/overlay.css';
import { restoreSessionWhenIdle } from '../features/account/restoreWhenIdle.ts';

// The account pages are their own chunks: a visitor who only views tours never downloads them.
const LoginPage = lazy(() => import('../features/account/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('../features/account/SignupPage.tsx').then((m) => ({ default: m.SignupPage })));
// The studio (owners build tours) is a chunk of its own too.
const StudioPage = lazy(() => import('../features/studio/StudioPage.tsx').then((m) => ({ default: m.StudioPage })));
// The organiser's chat inbox: a chunk of its own.
const InboxPage = lazy(() => import('../features/chat/inbox/InboxPage.tsx').then((m) => ({ default: m.InboxPage })));
// The owner's visitor statistics: a chunk of its own, like the studio.
// The tour ring: a visitor's page to dial a tour's guides, and the console a guide keeps open. Chunks of their own.
const TourRingPage = lazy(() => import('../features/tourRing/TourRingPage.tsx').then((m) => ({ default: m.TourRingPage })));
const AgentConsolePage = lazy(() => import('../features/tourRing/console/AgentConsolePage.tsx').then((m) => ({ default: m.AgentConsolePage })));
// A booking's manage page (cancel, move, join at the time), opened from its confirmation mail.
const ManageBookingPage = lazy(() => import('../features/booking/ManageBookingPage.tsx').then((m) => ({ default: m.ManageBookingPage })));
const GuideInvitePage = lazy(() => import('../features/booking/GuideInvitePage.tsx').then((m) => ({ default: m.GuideInvitePage })));
const AnalyticsPage = lazy(() => import('../features/analytics/AnalyticsPage.tsx').then((m) => ({ default: m.AnalyticsPage })));

/** History-mode routing over the spec's routes; the locale comes from ?locale= or the browser. */
export function AppShell() {
  const [location, setLocation] = useState(() => ({ path: window.location.pathname, search: window.location.search }));
  const [i18nInstance, setI18n] = useState<i18n | null>(null);
  const query = useMemo(() => parseViewerQuery(location.search), [location.search]);
  const route = useMemo(() => parseRoute(location.path), [location.path]);
  const capability = useMemo(() => checkCapabilities(), []);

  useEffect(() => {
    void initI18n(query.locale).then(setI18n);
  }, [query.locale]);
  // A kept session resumes once per page, after the first view has started (never in its way).
  useEffect(() => {
    return restoreSessionWhenIdle();
  }, []);
  useEffect(() => {
    const onPop = () => setLocation({ path: window.location.pathname, search: window.location.search });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const [defaultMissing, setDefaultMissing] = useState(false);
  const navigate = useCallback((path: string) => {
    // Display switches and the locale travel with the visitor from tour to tour; the panorama does not.
    const params = new URLSearchParams(window.location.search);
    params.delete('index');
    params.delete('panorama');
    const search = params.size ? `?${params}` : '';
    window.history.pushState(null, '', `${path}${search}`);
    setLocation({ path, search });
  }, []);

  // The route named default opens the instance's default tour.
  useEffect(() => {
    if (route.name !== 'default') return;
    void defaultTourId().then((id) => {
      if (id) {
        window.history.replaceState(null, '', `${viewerPath(id)}${window.location.search}`);
        setLocation({ path: viewerPath(id), search: window.location.search });
      } else setDefaultMissing(true);
    });
  }, [route.name]);

  if (!i18nInstance) return null;
  let page;
  // Signing in needs no WebGL: the account pages open on any browser.
  if (route.name === 'login') page = <Suspense fallback={null}><LoginPage /></Suspense>;
  else if (route.name === 'signup') page = <Suspense fallback={null}><SignupPage /></Suspense>;
  else if (route.name === 'studio' || route.name === 'studio-tour' || route.name === 'studio-settings') {
    page = <Suspense fallback={null}><StudioPage buildingId={route.name === 'studio-tour' ? route.buildingId : null} settings={route.name === 'studio-settings'} navigate={navigate} /></Suspense>;
  }
  else if (route.name === 'studio-inbox') page = <Suspense fallback={null}><InboxPage /></Suspense>;
  else if (route.name === 'guide-invite') page = <Suspense fallback={null}><GuideInvitePage /></Suspense>;
  else if (route.name === 'booking') page = <Suspense fallback={null}><ManageBookingPage /></Suspense>;
  else if (route.name === 'console') page = <Suspense fallback={null}><AgentConsolePage /></Suspense>;
  else if (route.name === 'tour-ring') page = <Suspense fallback={null}><TourRingPage buildingId={route.buildingId} /></Suspense>;
  else if (route.name === 'analytics') page = <Suspense fallback={null}><AnalyticsPage buildingId={route.buildingId} /></Suspense>;
  else if (capability !== 'ok') page = <ErrorScreen kind={capability} />;
  else if (route.name === 'viewer') page = <ViewerPage buildingId={route.buildingId} partner={route.partner} query={query} navigate={navigate} />;
  else if (route.name === 'default') page = defaultMissing ? <ErrorScreen kind="tour-not-found" reason="no-id" /> : null;
  else page = <ErrorScreen kind="tour-not-found" reason="no-id" />;
  return <I18nextProvider i18n={i18nInstance}>{page}</I18nextProvider>;
}
