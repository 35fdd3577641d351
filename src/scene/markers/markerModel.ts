import { DROPPED_MARKER_TYPES, ICON_SIZE, POINT_ICON_TYPES } from '../../protocol/constants.ts';
import type { Marker } from '../../protocol/tour.ts';
import { DEG_TO_RAD } from '../math/angles.ts';

/** 'tagsOnly' is the spec's `tags=false` query: only tag markers are shown. */
export type MarkerFilter = 'all' | 'tagsOnly';

/** Markers sit inside the cube (half-size 100) so they are always drawn in front of it. */
export const MARKER_DISTANCE = 90;
/** Angular size of markers in XR, where "pixels" mean nothing: about a hand at arm's length. */
export const XR_MARKER_ANGLE_DEG = 5;

export type NavigateRequest =
  | { kind: 'panorama'; panoramaId: string; reason: 'marker' | 'autopilot' }
  | { kind: 'building'; buildingId: string; panoramaId: string | null; reason: 'marker' }
  | { kind: 'step'; step: 1 | -1; reason: 'keyboard' };

export function filterMarkers(markers: readonly Marker[], filter: MarkerFilter): Marker[] {
  const dropped = new Set<string>(DROPPED_MARKER_TYPES);
  return markers.filter((m) => !dropped.has(m.type) && (filter === 'all' || m.type === 'tag'));
}

const present = (s: string | null | undefined): s is string => typeof s === 'string' && s.length > 0;

/** Teleports move to another panorama or tour instead of opening a panel. */
export function isTeleport(marker: Marker): boolean {
  return present(marker.nextPanoramaId) || present(marker.nextBuildingId);
}

export function teleportRequest(marker: Marker): NavigateRequest | null {
  if (present(marker.nextBuildingId) && marker.nextBuildingId !== marker.buildingId) {
    return { kind: 'building', buildingId: marker.nextBuildingId, panoramaId: present(marker.nextPanoramaId) ? marker.nextPanoramaId : null, reason: 'marker' };
  }
  if (present(marker.nextPanoramaId)) return { kind: 'panorama', panoramaId: marker.nextPanoramaId, reason: 'marker' };
  return null;
}

/** Opacity is stored 0..1 by most tools, 0..100 by some; anything unusable means fully opaque. */
export function markerOpacity(marker: Pick<Marker, 'opacity'>): number {
  const o = marker.opacity;
  if (!Number.isFinite(o) || o <= 0) return o === 0 ? 0 : 1;
  return Math.min(1, o > 1 ? o / 100 : o);
}

/** Which drawn icon a marker uses; custom icons are keyed by their url. */
export function markerIconKey(marker: Pick<Marker, 'type' | 'iconType' | 'useCustomIcon' | 'iconUrl'>): string {
  if (marker.useCustomIcon && present(marker.iconUrl)) return `url:${marker.iconUrl}`;
  if (marker.type === 'point') {
    const arrow = (POINT_ICON_TYPES as readonly string[]).includes(marker.iconType ?? '') ? marker.iconType : 'frontArrow';
    return `point:${arrow}`;
  }
  return `kind:${marker.type}`;
}

export interface MarkerSizeInput {
  /** Current camera vertical fov and the one at the default zoom (degrees). */
  verticalFov: number;
  defaultVerticalFov: number;
  viewportHeight: number;
  /** true: constant size on screen; false: fixed size in the world (grows when zooming in). */
  disableResizing: boolean;
}

/**
 * ICON_SIZE (51.2) is the marker's size in CSS pixels at the default zoom. A resizing marker keeps the
 * world size that gives it (so it grows as you zoom in, like the picture); disableResizing keeps 51.2 px.
 * Returns { world: plane edge in scene units at MARKER_DISTANCE, screen: edge in CSS pixels now }.
 */
export function markerSize(input: MarkerSizeInput): { world: number; screen: number } {
  const ref = input.disableResizing ? input.verticalFov : input.defaultVerticalFov;
  const h = Math.max(1, input.viewportHeight);
  const world = (ICON_SIZE * 2 * MARKER_DISTANCE * Math.tan((ref * DEG_TO_RAD) / 2)) / h;
  const screen = input.disableResizing
    ? ICON_SIZE
    : (ICON_SIZE * Math.tan((input.defaultVerticalFov * DEG_TO_RAD) / 2)) / Math.tan((input.verticalFov * DEG_TO_RAD) / 2);
  return { world, screen };
}

export function xrMarkerWorldSize(): number {
  return 2 * MARKER_DISTANCE * Math.tan((XR_MARKER_ANGLE_DEG * DEG_TO_RAD) / 2);
}
