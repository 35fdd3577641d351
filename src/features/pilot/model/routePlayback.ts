// Where a route is at a given time: the panorama, the interpolated view and the open marker panel. Pure, so the
// flat-screen player, the VR guide arrow and the tests all read the same answer.
import type { PilotRoute, RouteView } from '../../../protocol/pilot.ts';
import { lerp, lerpAngle } from './angles.ts';
import type { View } from './routeRecorder.ts';

export interface RoutePoint {
  panoramaId: string;
  view: View;
  markerId: string | null;
}

/** Index of the last item whose time is <= t (0 when t is before every item). */
export function lastAtOrBefore<T>(items: readonly T[], t: number, at: (item: T) => number): number {
  let low = 0;
  let high = items.length - 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (at(items[mid]!) <= t) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

const toView = (s: RouteView): View => ({ yaw: s[1], pitch: s[2], fov: s[3] });

export function routeAt(route: PilotRoute, t: number): RoutePoint {
  const time = Math.max(0, Math.min(route.durationMs, t));
  const p = lastAtOrBefore(route.panoramas, time, (e) => e.t);
  const panorama = route.panoramas[p]!;
  const nextPanoramaAt = route.panoramas[p + 1]?.t ?? Infinity;
  const i = lastAtOrBefore(route.views, time, (v) => v[0]);
  const a = route.views[i]!;
  const b = route.views[i + 1];
  let view = toView(a);
  // Interpolate only between samples of the same panorama: a cut is a cut.
  if (b && b[0] > a[0] && b[0] < nextPanoramaAt && a[0] >= panorama.t) {
    const f = (time - a[0]) / (b[0] - a[0]);
    view = { yaw: lerpAngle(a[1], b[1], f), pitch: lerp(a[2], b[2], f), fov: lerp(a[3], b[3], f) };
  }
  const m = route.markers.length ? lastAtOrBefore(route.markers, time, (e) => e.t) : -1;
  const marker = m >= 0 && route.markers[m]!.t <= time ? route.markers[m]!.markerId : null;
  return { panoramaId: panorama.panoramaId, view, markerId: marker };
}
