// A panorama of another tour chosen before that tour is loaded (a search result in another tour of the group).
// The address cannot carry it (moving between tours drops `index` and `panorama`), so it waits here for the
// viewer of that tour, which opens on it, with the chosen marker's panel open when there was one.
// One slot: only the visitor's latest choice matters.

let pending: { tourId: string; panoramaId: string; markerId: string | null } | null = null;

export function handOffPanorama(tourId: string, panoramaId: string, markerId: string | null = null): void {
  pending = { tourId, panoramaId, markerId };
}

/** The panorama this tour should open on, if one was handed off to it. Reading does not consume it. */
export function handedOffPanorama(tourId: string): string | null {
  return pending?.tourId === tourId ? pending.panoramaId : null;
}

/** The marker whose panel this tour should open with, if the handoff named one. */
export function handedOffMarker(tourId: string): string | null {
  return pending?.tourId === tourId ? pending.markerId : null;
}

/** Called once the tour has opened, so that coming back to it later starts where the address says. */
export function clearHandedOffPanorama(tourId: string): void {
  if (pending?.tourId === tourId) pending = null;
}
