import { extend } from '@react-three/fiber';
import { XR } from '@react-three/xr';
import { type ReactNode, type RefObject, Suspense, useEffect } from 'react';
import { BoxGeometry, type Group, PlaneGeometry } from 'three';
import { getXRStore, markConnected } from './xrStore.ts';
import { XRViewSync } from './XRViewSync.tsx';

// Entry of the lazily loaded XR chunk (@react-three/xr, pointer events, controller input): see xrLoader.ts.
export { enterVR, exitVR } from './xrStore.ts';

// The controllers' ray pointer and cursor (@react-three/xr's pointer.js) render these; see SceneCanvas.tsx.
extend({ BoxGeometry, PlaneGeometry });

/**
 * Connects the XR store to the canvas it is mounted in. A sibling of the scene, not its parent: the store
 * only needs the root's renderer, camera and scene (controller rays hit-test the whole scene graph), so the
 * panorama does not remount when this arrives after the first paint.
 */
export function XRLayer({ root, overlay }: { root: RefObject<Group | null>; overlay?: ReactNode }) {
  useEffect(() => {
    return markConnected();
  }, []);
  return (
    <XR store={getXRStore()}>
      <XRViewSync root={root} />
      {/* In-world panels (e.g. an opened marker) place themselves in world space from the head. */}
      <Suspense fallback={null}>{overlay}</Suspense>
    </XR>
  );
}
