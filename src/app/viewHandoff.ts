// A view asked for before the panorama that shows it is on screen: a search result in another panorama or in
// another tour of the group. The viewer takes it when that panorama opens, instead of the panorama's initial view.
// One slot, because only the visitor's latest choice matters.

export interface MarkerLocation {
  tourId: string;
  panoramaId: string;
  /** Where to look (krpano ath/atv, as markers are placed). */
  position: { ath: number; atv: number };
}

let pending: MarkerLocation | null = null;

export function handOffView(location: MarkerLocation): void {
  pending = location;
}

/** The panorama a tour should open on, when a view was handed off to that tour. */
export function handedOffPanorama(tourId: string): string | null {
  return pending?.tourId === tourId ? pending.panoramaId : null;
}

/** The view handed off to this panorama, once: a later visit shows the panorama's own initial view again. */
export function takeHandedOffView(tourId: string, panoramaId: string): { ath: number; atv: number } | null {
  if (pending?.tourId !== tourId || pending.panoramaId !== panoramaId) return null;
  const { position } = pending;
  pending = null;
  return position;
}
