import { describe, it, expect } from 'vitest';
import {
  PROGRESS_DEFAULT_MAX, PROGRESS_EXTRA, PROGRESS_MARKERS_READY, PROGRESS_PER_PREVIEW, REDIRECT_DELAY_MS,
} from '../protocol/constants.ts';
import type { Tour } from '../protocol/tour.ts';
import {
  INITIAL_PROGRESS, normalizeAngle, progressFraction, progressReducer, resolveAvailability, wrapIndex,
  type AvailabilityInput, type ProgressEvent, type ProgressState,
} from './availability.ts';

// Only the fields availability reads; the rest of a Tour does not matter here.
function tour(fields: { panoramaIds?: string[]; isOffline?: boolean; unavailable?: boolean } = {}): Tour {
  const { panoramaIds = ['p1', 'p2', 'p3'], isOffline = false, unavailable = false } = fields;
  return {
    objectId: 'tour1', isOffline, unavailable, panoramas: panoramaIds.map((objectId, index) => ({ objectId, index })),
  } as unknown as Tour;
}

function input(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    tourId: 'tour1', answer: { ok: true, tour: tour() }, group: null, firstListedTourId: null, panorama: null,
    index: null, ...overrides,
  };
}

describe('resolveAvailability', () => {
  it('is ready on the first panorama for a live tour', () => {
    expect(resolveAvailability(input())).toEqual({ kind: 'ready', startIndex: 0 });
  });

  it('shows tour-not-found for a missing id, a 404, an empty answer, offline and unavailable tours', () => {
    const cases: [Partial<AvailabilityInput>, string][] = [
      [{ tourId: null, answer: null }, 'no-id'],
      [{ tourId: '' }, 'no-id'],
      [{ answer: { ok: false, status: 404, code: 'TOUR_NOT_FOUND' } }, 'not-found'],
      [{ answer: { ok: true, tour: null } }, 'not-found'],
      [{ answer: { ok: true, tour: tour({ isOffline: true, panoramaIds: [] }) } }, 'offline'],
      [{ answer: { ok: true, tour: tour({ unavailable: true, panoramaIds: [] }) } }, 'offline'],
    ];
    for (const [overrides, reason] of cases) {
      expect(resolveAvailability(input(overrides))).toEqual({ kind: 'tour-not-found', reason, afterMs: REDIRECT_DELAY_MS });
    }
  });

  it('redirects to the first tour of an active group after 2 s', () => {
    const screen = resolveAvailability(input({ answer: { ok: false, status: 404 }, group: { firstTourId: 'tour9' } }));
    expect(screen).toEqual({ kind: 'tour-not-found', reason: 'not-found', redirectTo: 'tour9', afterMs: 2000 });
    expect(resolveAvailability(input({ tourId: null, answer: null, group: { firstTourId: 'tour9' } })))
      .toMatchObject({ redirectTo: 'tour9' });
  });

  it('does not redirect when the group has no tours or its first tour is the failing one', () => {
    const offline = { ok: true as const, tour: tour({ isOffline: true }) };
    expect(resolveAvailability(input({ answer: offline, group: { firstTourId: null } }))).not.toHaveProperty('redirectTo');
    expect(resolveAvailability(input({ answer: offline, group: { firstTourId: 'tour1' } }))).not.toHaveProperty('redirectTo');
  });

  it('shows removed and redirects to the first tour of the list', () => {
    const removed = { ok: false as const, status: 410, code: 'TOUR_REMOVED' };
    expect(resolveAvailability(input({ answer: removed, firstListedTourId: 'first', group: { firstTourId: 'g' } })))
      .toEqual({ kind: 'removed', redirectTo: 'first', afterMs: 2000 });
    expect(resolveAvailability(input({ answer: removed, group: { firstTourId: 'g' } })))
      .toEqual({ kind: 'removed', redirectTo: 'g', afterMs: 2000 });
    expect(resolveAvailability(input({ answer: removed }))).toEqual({ kind: 'removed', afterMs: 2000 });
  });

  it('shows hidden only for a 403 TOUR_HIDDEN', () => {
    expect(resolveAvailability(input({ answer: { ok: false, status: 403, code: 'TOUR_HIDDEN' } }))).toEqual({ kind: 'hidden' });
    expect(resolveAvailability(input({ answer: { ok: false, status: 403, code: 'FORBIDDEN' } })))
      .toEqual({ kind: 'something-wrong' });
  });

  it('shows something-wrong for other failures, without redirecting', () => {
    const group = { firstTourId: 'tour9' };
    for (const status of [0, 400, 401, 429, 500, 503]) {
      expect(resolveAvailability(input({ answer: { ok: false, status }, group }))).toEqual({ kind: 'something-wrong' });
    }
    expect(resolveAvailability(input({ answer: null }))).toEqual({ kind: 'something-wrong' });
  });

  it('shows panoramas-not-found for a live tour without panoramas, keeping the group redirect', () => {
    expect(resolveAvailability(input({ answer: { ok: true, tour: tour({ panoramaIds: [] }) }, group: { firstTourId: 'g' } })))
      .toEqual({ kind: 'panoramas-not-found', redirectTo: 'g', afterMs: 2000 });
  });

  it('starts on the requested panorama id or 1-based index', () => {
    expect(resolveAvailability(input({ panorama: 'p3' }))).toEqual({ kind: 'ready', startIndex: 2 });
    expect(resolveAvailability(input({ index: 2 }))).toEqual({ kind: 'ready', startIndex: 1 });
    expect(resolveAvailability(input({ index: 3 }))).toEqual({ kind: 'ready', startIndex: 2 });
  });

  it('shows panorama-not-found for an unknown panorama id or an index past the end', () => {
    expect(resolveAvailability(input({ panorama: 'nope' }))).toEqual({ kind: 'panorama-not-found' });
    expect(resolveAvailability(input({ index: 4 }))).toEqual({ kind: 'panorama-not-found' });
    expect(resolveAvailability(input({ index: 0 }))).toEqual({ kind: 'panorama-not-found' });
  });

  it('lets the panorama id win over the index', () => {
    expect(resolveAvailability(input({ panorama: 'p2', index: 3 }))).toEqual({ kind: 'ready', startIndex: 1 });
    expect(resolveAvailability(input({ panorama: 'nope', index: 1 }))).toEqual({ kind: 'panorama-not-found' });
  });
});

function run(events: ProgressEvent[], from: ProgressState = INITIAL_PROGRESS): ProgressState {
  return events.reduce(progressReducer, from);
}
const preview: ProgressEvent = { type: 'preview-loaded' };
const markers: ProgressEvent = { type: 'markers-ready' };

describe('progressReducer', () => {
  it('starts at the default maximum of 30', () => {
    expect(INITIAL_PROGRESS).toMatchObject({ max: PROGRESS_DEFAULT_MAX, value: 0, complete: false });
    expect(PROGRESS_DEFAULT_MAX).toBe(30);
  });

  it('sets max to panorama count plus 12 once known', () => {
    expect(run([{ type: 'panoramas-known', count: 20 }]).max).toBe(20 + PROGRESS_EXTRA);
    expect(PROGRESS_EXTRA).toBe(12);
  });

  it('adds 2 per preview and 10 when markers are ready', () => {
    const state = run([{ type: 'panoramas-known', count: 20 }, preview, preview, preview]);
    expect(state.value).toBe(3 * PROGRESS_PER_PREVIEW);
    expect(run([markers], state).value).toBe(6 + PROGRESS_MARKERS_READY);
    expect([PROGRESS_PER_PREVIEW, PROGRESS_MARKERS_READY]).toEqual([2, 10]);
  });

  it('completes when the bar is full and markers are ready, and then stays complete', () => {
    // 20 panoramas: max 32; markers 10 + 11 previews = 32.
    const events: ProgressEvent[] = [{ type: 'panoramas-known', count: 20 }, markers, ...Array(10).fill(preview)];
    const almost = run(events);
    expect(almost.complete).toBe(false);
    const done = run([preview], almost);
    expect(done).toMatchObject({ complete: true, value: 32, max: 32 });
    expect(progressFraction(done)).toBe(1);
    expect(run([preview, { type: 'panoramas-known', count: 99 }], done)).toBe(done);
  });

  it('never waits for markers: a full bar without them is not complete', () => {
    const state = run([{ type: 'panoramas-known', count: 2 }, ...Array(10).fill(preview)]);
    expect(state).toMatchObject({ value: 14, max: 14, complete: false });
    expect(run([markers], state).complete).toBe(true);
  });

  it('completes a one-panorama tour once its preview and markers are in, though 2 + 10 < 13', () => {
    const state = run([{ type: 'panoramas-known', count: 1 }, preview, markers]);
    expect(state).toMatchObject({ complete: true, value: 13, max: 13 });
  });

  it('counts markers once and handles previews that arrive before the count', () => {
    const state = run([preview, markers, markers]);
    expect(state).toMatchObject({ value: 12, max: 30, complete: false });
    expect(progressFraction(state)).toBeCloseTo(0.4);
    expect(run([{ type: 'panoramas-known', count: 1 }], state).complete).toBe(true);
  });

  it('does not mutate the previous state', () => {
    const before = { ...INITIAL_PROGRESS };
    run([{ type: 'panoramas-known', count: 3 }, preview, markers]);
    expect(INITIAL_PROGRESS).toEqual(before);
  });
});

describe('normalizeAngle', () => {
  it.each([
    [0, 0], [90, 90], [180, 180], [-180, 180], [181, -179], [-181, 179], [360, 0], [540, 180], [-540, 180],
    [725, 5], [-725, -5], [179.5, 179.5], [-0, 0], [Number.NaN, 0], [Infinity, 0],
  ])('%d gives %d', (deg, expected) => {
    expect(Object.is(normalizeAngle(deg), expected)).toBe(true);
  });
});

describe('wrapIndex', () => {
  it('wraps next after the last to the first and previous before the first to the last', () => {
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(2, 5)).toBe(2);
    expect(wrapIndex(12, 5)).toBe(2);
    expect(wrapIndex(-6, 5)).toBe(4);
    expect(wrapIndex(1, 1)).toBe(0);
  });

  it('rejects an empty list or a non-integer position', () => {
    expect(() => wrapIndex(0, 0)).toThrow(RangeError);
    expect(() => wrapIndex(1.5, 3)).toThrow(RangeError);
  });
});
