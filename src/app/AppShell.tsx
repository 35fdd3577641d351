import { useCallback, useEffect, useMemo, useState } from 'react';
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
  if (capability !== 'ok') page = <ErrorScreen kind={capability} />;
  else if (route.name === 'viewer') page = <ViewerPage buildingId={route.buildingId} partner={route.partner} query={query} navigate={navigate} />;
  else if (route.name === 'default') page = defaultMissing ? <ErrorScreen kind="tour-not-found" reason="no-id" /> : null;
  else if (route.name === 'login' || route.name === 'signup' || route.name === 'tour-ring') page = <main className="atrium-placeholder" data-testid={`page-${route.name}`} />;
  else page = <ErrorScreen kind="tour-not-found" reason="no-id" />;
  return <I18nextProvider i18n={i18nInstance}>{page}</I18nextProvider>;
}
