import { type RefObject, useState } from 'react';
import { sceneFailureKind, type SceneFailureKind } from '../scene/index.ts';
import type { Tour } from '../protocol/tour.ts';
import { dismissPoster, handOverPoster } from './poster.ts';
import { useSceneFirst } from './useSceneFirst.ts';

/**
 * How the scene's start came out: its first pixels, or what stopped it (scene/sceneFailure.ts), and from that when the
 * lazy feature layers may mount. Kept apart from TourView because every branch matters to a visitor whose scene
 * failed: the poster must go, the reason must show, and the rest of the tour must still arrive.
 */
export function useSceneOutcome(tour: Tour, root: RefObject<HTMLElement | null>, onFirstView: (tour: Tour) => void) {
  const [firstPixels, setFirstPixels] = useState(false);
  // What stopped the scene, or the panorama that failed to load while it lives on.
  const [failure, setFailure] = useState<{ kind: SceneFailureKind; panoramaId: string } | null>(null);
  const settled = firstPixels || failure !== null;
  // The one rule for every lazy feature layer (panels, search, social, meeting, favourites, chat, pilot, lounge): once
  // the scene has drawn or failed, or after useSceneFirst's backstop (their chunks would delay the scene's files).
  const featuresReady = useSceneFirst(settled);
  return {
    settled,
    featuresReady,
    /** The failure to tell the visitor on this panorama: a panorama's own failure only while it is the one shown. */
    failureOn: (panoramaId: string): SceneFailureKind | null =>
      failure && (failure.kind !== 'panorama' || failure.panoramaId === panoramaId) ? failure.kind : null,
    onFirstPixels: () => {
      handOverPoster(root.current);
      setFirstPixels(true);
      setFailure((f) => (f?.kind === 'panorama' ? null : f)); // a panorama that failed came on a retry, or another one shows
      onFirstView(tour);
    },
    onError: (error: Error, panoramaId: string) => {
      dismissPoster();
      setFailure({ kind: sceneFailureKind(error), panoramaId });
      console.error(error);
      onFirstView(tour);
    },
  };
}
