import { type ComponentProps, lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import type { ViewerQuery } from '../protocol/viewerQuery.ts';
import type { Tour } from '../protocol/tour.ts';
import { ErrorScreen } from '../overlay/ErrorScreen.tsx';
import { ProgressBar } from '../overlay/ProgressBar.tsx';
import { useTourLoader } from './useTourLoader.ts';
import { viewerPath } from '../protocol/routes.ts';
import { requiresGate } from '../features/gate/requiresGate.ts';
import { TourView } from './TourView.tsx';

// The visitor gate (visitor form, access code, whitelist sign-in): loaded only for tours that ask for it.
const VisitorGate = lazy(() => import('../features/gate/VisitorGate.tsx').then((m) => ({ default: m.VisitorGate })));

interface Props {
  buildingId: string | null;
  partner: boolean;
  query: ViewerQuery;
  navigate: (path: string) => void;
}

/** The default viewer: loads the tour, shows the right screen (loading, error, gate), then the tour (TourView). */
export function ViewerPage({ buildingId, partner, query, navigate }: Props) {
  const { state, progress, loadPreviews, unlock } = useTourLoader(buildingId, query);
  const [firstViewOf, setFirstViewOf] = useState<string | null>(null);
  const redirect = useCallback((id: string) => navigate(viewerPath(id)), [navigate]);
  const onFirstView = useCallback((tour: Tour) => {
    setFirstViewOf(tour.objectId);
    loadPreviews(tour);
  }, [loadPreviews]);
  if (state.phase === 'loading') return <ProgressBar progress={progress} visible />;
  const { screen, tour } = state;
  if (screen.kind === 'gate' && tour) return <Gated tour={tour} appReady={false} unlock={unlock} />;
  if (screen.kind !== 'ready' || !tour) {
    if (screen.kind === 'ready') return <ErrorScreen kind="something-wrong" />;
    const r = 'redirectTo' in screen ? screen : undefined;
    const reason = screen.kind === 'tour-not-found' ? screen.reason : undefined;
    return <ErrorScreen kind={screen.kind === 'gate' ? 'something-wrong' : screen.kind} reason={reason} redirectTo={r?.redirectTo} afterMs={r?.afterMs} onRedirect={redirect} />;
  }
  const view = <TourView key={tour.objectId} tour={tour} startIndex={screen.startIndex} partner={partner} query={query} progress={progress} onFirstView={onFirstView} navigate={navigate} />;
  if (!requiresGate(tour)) return view;
  return <Gated tour={tour} appReady={firstViewOf === tour.objectId} unlock={unlock}>{view}</Gated>;
}

/**
 * A tour behind the visitor gate. The gate stays one element (same place, same key) while the answer changes from the
 * gate screen's fields to the whole tour, so its "granted" veil and timings run across that change.
 */
function Gated({ tour, appReady, unlock, children }: { tour: Tour; appReady: boolean; unlock: ComponentProps<typeof VisitorGate>['unlock']; children?: ReactNode }) {
  return (
    <>
      {children ?? <div className="atrium-gate-backdrop" />}
      {/* Until the gate's chunk arrives, an opaque cover: a gated tour is never shown, not even for a moment. */}
      <Suspense fallback={<div style={{ position: 'fixed', inset: 0, zIndex: 40, background: '#0c0e14' }} />}>
        <VisitorGate key={tour.objectId} tour={tour} appReady={appReady} unlock={unlock} />
      </Suspense>
    </>
  );
}
