// Which screen a tour address leads to (spec section 4 "Tour availability"), the loading progress arithmetic
// ("Loading") and the navigation helpers ("Panorama navigation"). Pure: the caller fetches, times and renders.
import {
  PROGRESS_DEFAULT_MAX, PROGRESS_EXTRA, PROGRESS_MARKERS_READY, PROGRESS_PER_PREVIEW, REDIRECT_DELAY_MS,
} from '../protocol/constants.ts';
import type { Tour } from '../protocol/tour.ts';

/** The server's answer to GET /v2/buildings/openLink/{id}, as the API client hands it over. */
export type OpenLinkAnswer =
  | { ok: true; tour: Tour | null }
  /** An HTTP failure with the body's error code when there was one; status 0 when no answer came (offline, timeout). */
  | { ok: false; status: number; code?: string | null };

export interface AvailabilityInput {
  /** The building id from the route; null when the address has none. */
  tourId: string | null;
  /** Absent when no request was made (no tour id). */
  answer: OpenLinkAnswer | null;
  /** The group (property) from the `group` parameter, when one is active. */
  group: { firstTourId: string | null } | null;
  /** First tour of the tour list (where a removed tour sends visitors). */
  firstListedTourId: string | null;
  /** Parsed `panorama` and `index` parameters. */
  panorama: string | null;
  index: number | null;
}

export type Redirect = { redirectTo?: string; afterMs: number };

export type AvailabilityScreen =
  /** startIndex: 0-based position in tour.panoramas to open first. */
  | { kind: 'ready'; startIndex: number }
  /** reason 'no-id' means the address names no tour ("the link does not exist"). */
  | ({ kind: 'tour-not-found'; reason: 'no-id' | 'not-found' | 'offline' } & Redirect)
  | ({ kind: 'removed' } & Redirect)
  | { kind: 'hidden' }
  /** The tour is behind a visitor gate the visitor has not passed: the server sent only the gate screen's fields. */
  | { kind: 'gate' }
  | ({ kind: 'panoramas-not-found' } & Redirect)
  | { kind: 'panorama-not-found' }
  | { kind: 'something-wrong' };

/**
 * Where a visitor is sent after a failure, never the failing tour itself: a group whose first tour is offline
 * would otherwise reload the same dead tour every 2 s.
 */
function redirect(target: string | null | undefined, tourId: string | null): Redirect {
  return target && target !== tourId ? { redirectTo: target, afterMs: REDIRECT_DELAY_MS } : { afterMs: REDIRECT_DELAY_MS };
}

/**
 * The screen to show for a tour address. Decisions, in order:
 * - no tour id -> tour-not-found ('no-id'); 404 or an empty 200 -> tour-not-found ('not-found');
 *   offline or unavailable -> tour-not-found ('offline'); each redirects to the group's first tour when a group is active.
 * - 410 -> removed, redirecting to the first tour of the list (the group's first tour when no list is known).
 * - 403 TOUR_HIDDEN -> hidden. Any other failure -> something-wrong.
 * - A gate-only answer (a visitor gate not passed yet) -> gate; the viewer asks again once the visitor is through.
 * - A live tour without panoramas -> panoramas-not-found (section 2 lists that screen; it keeps section 4's group redirect).
 * - A `panorama` id or `index` that is not in the tour -> panorama-not-found; `panorama` wins when both are given,
 *   because `index` is what the viewer writes back once `panorama` is resolved.
 */
export function resolveAvailability(input: AvailabilityInput): AvailabilityScreen {
  const { tourId, answer, group } = input;
  const groupRedirect = redirect(group?.firstTourId, tourId);
  if (!tourId) return { kind: 'tour-not-found', reason: 'no-id', ...groupRedirect };
  if (!answer) return { kind: 'something-wrong' };
  if (!answer.ok) return failureScreen(answer, input, groupRedirect);

  const { tour } = answer;
  if (!tour) return { kind: 'tour-not-found', reason: 'not-found', ...groupRedirect };
  if (tour.isOffline || tour.unavailable) return { kind: 'tour-not-found', reason: 'offline', ...groupRedirect };
  if (tour.gateOnly) return { kind: 'gate' };
  if (tour.panoramas.length === 0) return { kind: 'panoramas-not-found', ...groupRedirect };

  const startIndex = startPanorama(tour, input.panorama, input.index);
  return startIndex === null ? { kind: 'panorama-not-found' } : { kind: 'ready', startIndex };
}

function failureScreen(
  answer: Extract<OpenLinkAnswer, { ok: false }>, input: AvailabilityInput, groupRedirect: Redirect,
): AvailabilityScreen {
  if (answer.status === 404) return { kind: 'tour-not-found', reason: 'not-found', ...groupRedirect };
  if (answer.status === 410) {
    return { kind: 'removed', ...redirect(input.firstListedTourId ?? input.group?.firstTourId, input.tourId) };
  }
  if (answer.status === 403 && answer.code === 'TOUR_HIDDEN') return { kind: 'hidden' };
  return { kind: 'something-wrong' };
}

/** 0-based start position, or null when the requested panorama is not in the tour. */
function startPanorama(tour: Tour, panoramaId: string | null, index: number | null): number | null {
  if (panoramaId !== null) {
    const position = tour.panoramas.findIndex((panorama) => panorama.objectId === panoramaId);
    return position >= 0 ? position : null;
  }
  if (index !== null) return index >= 1 && index <= tour.panoramas.length ? index - 1 : null;
  return 0;
}

// ---- Loading progress ----

export interface ProgressState {
  max: number;
  value: number;
  panoramaCount: number | null;
  previewsLoaded: number;
  markersReady: boolean;
  complete: boolean;
}

export type ProgressEvent =
  | { type: 'panoramas-known'; count: number }
  | { type: 'preview-loaded' }
  | { type: 'markers-ready' };

export const INITIAL_PROGRESS: ProgressState = {
  max: PROGRESS_DEFAULT_MAX, value: 0, panoramaCount: null, previewsLoaded: 0, markersReady: false, complete: false,
};

/**
 * The progress bar: max = panoramas + PROGRESS_EXTRA (PROGRESS_DEFAULT_MAX until known); each preview adds
 * PROGRESS_PER_PREVIEW, ready markers add PROGRESS_MARKERS_READY; the value never passes max.
 * Complete once markers are ready and either the bar is full or every preview has loaded. The second condition
 * matters: with one or two panoramas the spec's increments (2 per preview + 10) never reach max (count + 12),
 * and the viewer must not wait forever. Completion fills the bar and is final.
 */
export function progressReducer(state: ProgressState, event: ProgressEvent): ProgressState {
  if (state.complete) return state;
  let next: ProgressState;
  switch (event.type) {
    case 'panoramas-known': {
      const count = Math.max(0, Math.floor(event.count));
      next = { ...state, panoramaCount: count, max: count + PROGRESS_EXTRA };
      break;
    }
    case 'preview-loaded':
      next = { ...state, previewsLoaded: state.previewsLoaded + 1, value: state.value + PROGRESS_PER_PREVIEW };
      break;
    case 'markers-ready':
      if (state.markersReady) return state;
      next = { ...state, markersReady: true, value: state.value + PROGRESS_MARKERS_READY };
      break;
  }
  next.value = Math.min(next.value, next.max);
  const allPreviews = next.panoramaCount !== null && next.previewsLoaded >= next.panoramaCount;
  if (next.markersReady && (next.value >= next.max || allPreviews)) next = { ...next, value: next.max, complete: true };
  return next;
}

/** 0..1, for the bar's width and its aria-valuenow. */
export function progressFraction(state: ProgressState): number {
  return state.max > 0 ? Math.min(1, state.value / state.max) : 0;
}

// ---- Navigation ----

// Angles are normalised by the scene's own rule (one definition for the app and the scene).
export { normalizeAngle } from '../scene/math/angles.ts';

/** A panorama position wrapped into 0..count-1: next after the last is the first, previous before the first the last. */
export function wrapIndex(i: number, count: number): number {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, got ${count}`);
  if (!Number.isSafeInteger(i)) throw new RangeError(`index must be an integer, got ${i}`);
  return ((i % count) + count) % count;
}
