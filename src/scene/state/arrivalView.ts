// Where to look when a panorama opens: its initial view, unless something (a search result) asked to look at a
// given position in it. The request waits for that panorama: the viewer reads it when it switches panorama, and
// the layer that paints the panorama consumes it (it sets the view again once the panorama is loaded).
import type { Panorama } from '../../protocol/tour.ts';

export interface ArrivalView {
  ath: number;
  atv: number;
  fov?: number;
}

let requested: { panoramaId: string; ath: number; atv: number } | null = null;

/** Look at this krpano position when `panoramaId` opens (the latest request wins). */
export function lookOnArrival(panoramaId: string, position: { ath: number; atv: number }): void {
  requested = { panoramaId, ath: position.ath, atv: position.atv };
}

/**
 * The view for a panorama that is opening: the requested one (keeping the panorama's initial fov), else the
 * initial view. A request for another panorama is dropped: the visitor went elsewhere meanwhile.
 */
export function arrivalView(panorama: Pick<Panorama, 'objectId' | 'initialView'>): ArrivalView | null {
  if (requested && requested.panoramaId !== panorama.objectId) requested = null;
  const initial = panorama.initialView;
  if (!requested) return initial;
  return { ath: requested.ath, atv: requested.atv, ...(initial?.fov ? { fov: initial.fov } : {}) };
}

/** arrivalView, then forgets the request: a later visit shows the panorama's initial view again. */
export function takeArrivalView(panorama: Pick<Panorama, 'objectId' | 'initialView'>): ArrivalView | null {
  const view = arrivalView(panorama);
  requested = null;
  return view;
}
