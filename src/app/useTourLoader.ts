import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { openLink, openProperty, type OpenLinkResult } from '../api/tours.ts';
import type { Identity } from '../api/httpClient.ts';
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
  const groupFirst = useRef<string | null>(null);

  const settle = useCallback((opened: OpenLinkResult | null, groupFirstTourId: string | null): Tour | null => {
    const answer = opened?.answer ?? null;
    const screen = resolveAvailability({
      tourId: buildingId,
      answer,
      group: query.group ? { firstTourId: groupFirstTourId } : null,
      firstListedTourId: opened?.firstListedTourId ?? null,
      panorama: query.panorama,
      index: query.index,
    });
    const tour = answer?.ok ? answer.tour : null;
    setState({ phase: 'done', screen, tour });
    if (screen.kind === 'ready' && tour) {
      dispatch({ type: 'panoramas-known', count: tour.panoramas.length });
      dispatch({ type: 'markers-ready' });
    }
    return tour;
  }, [buildingId, query.group, query.panorama, query.index]);

  useEffect(() => {
    let cancelled = false;
    setState({ phase: 'loading' });
    (async () => {
      const [first, group] = await Promise.all([
        buildingId ? (takeBootstrappedOpenLink(buildingId) ?? openLink(buildingId)) : Promise.resolve(null),
        query.group ? openProperty(query.group) : Promise.resolve(null),
      ]);
      let opened = first;
      // A draft answers like a hidden tour to anyone but its editors (and the page was rendered for nobody): a kept
      // session may be the owner previewing it, so ask again once signed in.
      if (buildingId && opened?.answer && !opened.answer.ok && opened.answer.code === 'TOUR_HIDDEN' && (await import('../features/account/session.ts').then((m) => m.restoreSession()))) {
        opened = await openLink(buildingId);
      }
      if (cancelled) return;
      groupFirst.current = group?.buildings[0]?.objectId ?? null;
      settle(opened, groupFirst.current);
    })();
    return () => {
      cancelled = true;
    };
  }, [buildingId, query.group, settle]);

  /**
   * Asks the server for the whole tour again, with the session (or as `identity`, before a sign-in is kept): the
   * visitor gate calls it once someone is signed in. 'admitted' when the server answered the tour in full,
   * 'refused' when it still answered the gate screen only; rejects when no answer came (the gate asks again).
   */
  const unlock = useCallback(async (identity?: Identity): Promise<'admitted' | 'refused'> => {
    if (!buildingId) return 'refused';
    const opened = await openLink(buildingId, identity);
    if (!opened.answer.ok && opened.answer.status === 0) throw new Error('no answer from the server');
    const tour = settle(opened, groupFirst.current);
    return tour && !tour.gateOnly ? 'admitted' : 'refused';
  }, [buildingId, settle]);

  /**
   * Preview images feed the progress bar and the panorama list, but they share the network with the first
   * view: the viewer calls this once the first panorama is on screen.
   */
  const loadPreviews = useCallback((tour: Tour) => {
    if (previewsFor.current === tour) return;
    previewsFor.current = tour;
    for (const p of tour.panoramas) void preload(p.previewUrl).then(() => previewsFor.current === tour && dispatch({ type: 'preview-loaded' }));
  }, []);

  return { state, progress, loadPreviews, unlock };
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
