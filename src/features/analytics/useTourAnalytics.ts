// The viewer's only static import of analytics: a few lines that load the real module after the first view.
import { useCallback, useEffect, useRef } from 'react';
import type { LinkSource } from '../../protocol/viewerQuery.ts';
import type { Tour } from '../../protocol/tour.ts';
import type { TourAnalytics } from './tourAnalytics.ts';

/**
 * Starts recording the tour once `started` (TourView: the tour's features are ready, whether the scene drew or failed)
 * and stops when the tour closes: one visit per `started` that stays true, whatever re-renders. Answers the marker
 * click counter; clicks before the module has loaded are kept and counted once it is there.
 */
export function useTourAnalytics(tour: Tour, linkSource: LinkSource | 'direct', started: boolean): (markerId: string) => void {
  const running = useRef<TourAnalytics | null>(null);
  const early = useRef<string[]>([]);
  useEffect(() => {
    if (!started) return;
    let cancelled = false;
    void import('./tourAnalytics.ts').then(({ startTourAnalytics }) => {
      if (cancelled) return;
      running.current = startTourAnalytics(tour, linkSource);
      for (const id of early.current.splice(0)) running.current.countMarkerClick(id);
    }, () => {});
    return () => {
      cancelled = true;
      running.current?.stop();
      running.current = null;
    };
  }, [tour, linkSource, started]);
  return useCallback((markerId: string) => {
    if (running.current) running.current.countMarkerClick(markerId);
    else early.current.push(markerId);
  }, []);
}
