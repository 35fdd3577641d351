import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { openLink, openProperty } from '../api/tours.ts';
import { takeBootstrappedOpenLink } from '../api/bootstrap.ts';
import type { Tour } from '../protocol/tour.ts';
import type { ViewerQuery } from '../protocol/viewerQuery.ts';
import { INITIAL_PROGRESS, progressReducer, resolveAvailability, type AvailabilityScreen } from './availability.ts';

export type LoadState =
  | { phase: 'loading' }
  | { phase: 'done'; screen: AvailabilityScreen; tour: Tour | null };

/**
 * Fetches the tour (and the group when one is active), decides the screen with the section 4 rules, and drives
 * the progress bar: panorama count known, one step per preview image, then markers ready.
 */
export function useTourLoader(buildingId: string | null, query: ViewerQuery) {
  const [state, setState] = useState<LoadState>({ phase: 'loading' });
  const [progress, dispatch] = useReducer(progressReducer, INITIAL_PROGRESS);
  const previewsFor = useRef<Tour | null>(null);

  useEffect(() => {
    let cancelled = false;
    setState({ phase: 'loading' });
    (async () => {
      const [opened, group] = await Promise.all([
        buildingId ? (takeBootstrappedOpenLink(buildingId) ?? openLink(buildingId)) : Promise.resolve(null),
        query.group ? openProperty(query.group) : Promise.resolve(null),
      ]);
      if (cancelled) return;
      const answer = opened?.answer ?? null;
      const screen = resolveAvailability({
        tourId: buildingId,
        answer,
        group: group ? { firstTourId: group.buildings[0]?.objectId ?? null } : null,
        firstListedTourId: opened?.firstListedTourId ?? null,
        panorama: query.panorama,
        index: query.index,
      });
      const tour = answer?.ok ? answer.tour : null;
      if (cancelled) return;
      setState({ phase: 'done', screen, tour });
      if (screen.kind === 'ready' && tour) {
        dispatch({ type: 'panoramas-known', count: tour.panoramas.length });
        dispatch({ type: 'markers-ready' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [buildingId, query.group, query.panorama, query.index]);

  /**
   * Preview images feed the progress bar and the panorama list, but they share the network with the first
   * view: the viewer calls this once the first panorama is on screen.
   */
  const loadPreviews = useCallback((tour: Tour) => {
    if (previewsFor.current === tour) return;
    previewsFor.current = tour;
    for (const p of tour.panoramas) void preload(p.previewUrl).then(() => previewsFor.current === tour && dispatch({ type: 'preview-loaded' }));
  }, []);

  return { state, progress, loadPreviews };
}

/** Resolves when the image has loaded or failed: a missing preview must not stall the progress bar. */
function preload(url: string | null): Promise<void> {
  if (!url) return Promise.resolve();
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = img.onerror = () => resolve();
    img.src = url;
  });
}
