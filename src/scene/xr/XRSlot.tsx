import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useState } from 'react';
import type { Group } from 'three';
import { isVRSupported, loadXR } from './xrLoader.ts';

const LazyXRLayer = lazy(() => loadXR().then((module) => ({ default: module.XRLayer })));

/** Inside the canvas: mounts the XR layer once the device reports VR support (nothing otherwise). */
export function XRSlot({ root, overlay }: { root: RefObject<Group | null>; overlay?: ReactNode }) {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    let live = true;
    void isVRSupported().then((ok) => live && setSupported(ok));
    return () => {
      live = false;
    };
  }, []);
  if (!supported) return null;
  return (
    <Suspense fallback={null}>
      <LazyXRLayer root={root} overlay={overlay} />
    </Suspense>
  );
}
