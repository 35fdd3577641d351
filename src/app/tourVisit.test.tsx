// @vitest-environment jsdom
// TourView's visit rule: the scene's outcome (useSceneOutcome) starts the statistics (useTourAnalytics).
import { act, createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SceneFailure } from '../scene/sceneFailure.ts';
import type { Tour } from '../protocol/tour.ts';
import { useTourAnalytics } from '../features/analytics/useTourAnalytics.ts';
import { useSceneOutcome } from './useSceneOutcome.ts';

// The lazy module that records a visit (POST /v2/visitorhistory): each call is one visit in the owner's figures.
const recorder = vi.hoisted(() => ({ visits: 0, stopped: 0 }));
vi.mock('../features/analytics/tourAnalytics.ts', () => ({
  startTourAnalytics: () => {
    recorder.visits += 1;
    return { countMarkerClick: () => {}, stop: () => (recorder.stopped += 1) };
  },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const tour = { objectId: 'tour1' } as Tour;
type Outcome = ReturnType<typeof useSceneOutcome>;

/** TourView's wiring: the scene's outcome decides when the visit starts, for an owner who records statistics. */
function Viewer({ analytics, outcome }: { analytics: boolean; outcome: { current: Outcome | null } }) {
  const scene = useSceneOutcome(tour, createRef<HTMLElement>(), () => {});
  outcome.current = scene;
  useTourAnalytics(tour, 'direct', scene.featuresReady && analytics);
  return null;
}

let root: Root;
const outcome: { current: Outcome | null } = { current: null };
const show = (analytics = true) => act(() => root.render(<Viewer analytics={analytics} outcome={outcome} />));
/** Lets the hook's dynamic import of the (mocked) module settle. */
const settle = () => act(async () => {
  await vi.dynamicImportSettled();
});

beforeEach(() => {
  Object.assign(recorder, { visits: 0, stopped: 0 });
  root = createRoot(document.createElement('div'));
  vi.spyOn(console, 'error').mockImplementation(() => {}); // useSceneOutcome reports the failure there
});
afterEach(() => {
  act(() => root.unmount());
  vi.restoreAllMocks();
});

describe('a visit counts once the tour is open, whether or not its scene draws', () => {
  it('counts a visitor whose scene failed (no WebGL), once, even when the scene later draws and the page re-renders', async () => {
    show();
    await settle();
    expect(recorder.visits).toBe(0); // the scene has not settled yet: the statistics chunk waits for it
    act(() => outcome.current!.onError(new SceneFailure('no-webgl', new Error('refused')), 'p1'));
    await settle();
    expect(recorder.visits).toBe(1);
    act(() => outcome.current!.onFirstPixels());
    show();
    show();
    await settle();
    expect(recorder.visits).toBe(1);
    expect(recorder.stopped).toBe(0);
  });

  it('counts a visitor whose start panorama failed to load, once, when a retry then draws it', async () => {
    show();
    act(() => outcome.current!.onError(new Error('tiles unavailable'), 'p1'));
    await settle();
    act(() => outcome.current!.onFirstPixels());
    await settle();
    expect(recorder.visits).toBe(1);
  });

  it('counts a visitor whose scene drew, once', async () => {
    show();
    act(() => outcome.current!.onFirstPixels());
    await settle();
    show();
    await settle();
    expect(recorder.visits).toBe(1);
  });

  it('counts nobody where the owner turned statistics off, scene or no scene', async () => {
    show(false);
    act(() => outcome.current!.onError(new SceneFailure('not-loaded', new Error('offline')), 'p1'));
    await settle();
    expect(recorder.visits).toBe(0);
  });

  it('ends the visit when the tour closes', async () => {
    show();
    act(() => outcome.current!.onError(new SceneFailure('crashed', new Error('boom')), 'p1'));
    await settle();
    act(() => root.unmount());
    expect(recorder.stopped).toBe(1);
    root = createRoot(document.createElement('div')); // for afterEach
  });
});
