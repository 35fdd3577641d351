// Pure helpers of the studio's views: ordering, merging live events, field errors, view and plan geometry.
import type { StudioPanorama } from '../../../protocol/studio.ts';

/** The list with the item at `from` moved to `to` (both clamped); a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (from < 0 || from >= copy.length) return copy;
  const target = Math.max(0, Math.min(copy.length - 1, to));
  const [item] = copy.splice(from, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

/** Ready panoramas in tour order first, then the ones still tiling or failed, in upload order. */
export function orderPanoramas(list: readonly StudioPanorama[]): StudioPanorama[] {
  const ready = list.filter((p) => p.status === 'ready').sort((a, b) => a.index - b.index);
  return [...ready, ...list.filter((p) => p.status !== 'ready')];
}

/** Applies one live event: a panorama's new state replaces the old one (or joins the list). */
export function mergePanorama(list: readonly StudioPanorama[], next: StudioPanorama): StudioPanorama[] {
  const found = list.some((p) => p.objectId === next.objectId);
  if (next.status === 'ready' && next.index < 0) next = { ...next, index: Math.max(-1, ...list.map((p) => p.index)) + 1 };
  return orderPanoramas(found ? list.map((p) => (p.objectId === next.objectId ? next : p)) : [...list, next]);
}

/** A server failure's field ("body.geoLatitude") as the form's field name ("geoLatitude"). */
export function fieldOf(field: string | undefined): string | null {
  if (!field) return null;
  const name = field.replace(/^body\.?/, '');
  return name.split('.')[0] || null;
}

/** The message of a field failure without the "body.x: " prefix the API adds for machines. */
export function humanMessage(message: string | undefined): string {
  return (message ?? '').replace(/^[\w.]+: /, '');
}

/** A point on the equirectangular picture (0..1 from the top left) as a view direction, krpano style. */
export function viewFromPoint(u: number, v: number): { ath: number; atv: number } {
  const clamp = (x: number) => Math.max(0, Math.min(1, x));
  return { ath: round(clamp(u) * 360 - 180), atv: round(clamp(v) * 180 - 90) };
}

export function pointFromView(ath: number, atv: number): { u: number; v: number } {
  const wrapped = ((((ath + 180) % 360) + 360) % 360) / 360;
  return { u: wrapped, v: (Math.max(-90, Math.min(90, atv)) + 90) / 180 };
}

const round = (x: number) => Math.round(x * 10) / 10;

/** A typed coordinate: null for empty, NaN when it is not a number in range. */
export function parseCoordinate(text: string, limit: number): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : Number.NaN;
}

/** Rounds a fraction of the plan to 4 decimals (a tenth of a pixel on a 1000 px plan). */
export const planFraction = (offset: number, size: number): number => Math.round(Math.max(0, Math.min(1, offset / size)) * 10_000) / 10_000;
