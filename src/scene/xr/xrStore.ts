import { createXRStore, type XRStore } from '@react-three/xr';

// Part of the lazily loaded XR chunk (see xrLoader.ts): only xr/XRLayer.tsx imports this file.

let store: XRStore | null = null;

/**
 * The app's single XR store, created on first use (it touches navigator.xr, so not at import time).
 * - emulate false: the built-in IWER emulator must never ship; tests inject IWER themselves.
 * - baseAssetPath: the library fetches a controller *layout* profile even with models off, by default from
 *   a CDN; public/xr-profiles holds one generic layout and every controller falls back to it. No glTF.
 * - Only a ray pointer per controller/hand: no teleport (a panorama has no floor to walk on), no grab.
 * - AR-only or heavy features (anchors, planes, meshes, hit test, DOM overlay, layers) are not requested.
 * - clickThresholdMs: the pointer library only counts a trigger press shorter than 300 ms as a click; people
 *   pull triggers slower than that (and emulators step in frames), so a marker press may last up to 1 s.
 * - Rays and cursors draw above everything: the panorama's tile meshes draw without depth test at
 *   renderOrder 1 + level (src/scene/tiles), so at the library's default renderOrder (ray 2, cursor 1) every tile
 *   level from 2 up painted over the ray: the rays were invisible wherever the sharp levels had loaded. They now
 *   draw after the markers (1000) and the in-world panels (2000).
 */
const CLICK_MS = 1000;
const RAY = { rayModel: { renderOrder: 3000, maxLength: 2, opacity: 0.6 }, cursorModel: { renderOrder: 3001 } } as const;
export function getXRStore(): XRStore {
  store ??= createXRStore({
    emulate: false,
    offerSession: false,
    baseAssetPath: new URL('/xr-profiles/', location.href).href,
    defaultControllerProfileId: 'generic-trigger-squeeze-thumbstick',
    controller: { model: false, teleportPointer: false, grabPointer: false, rayPointer: { clickThresholdMs: CLICK_MS, ...RAY } },
    hand: { model: false, teleportPointer: false, grabPointer: false, touchPointer: false, rayPointer: { clickThresholdMs: CLICK_MS, ...RAY } },
    transientPointer: { clickThresholdMs: CLICK_MS },
    gaze: { clickThresholdMs: CLICK_MS },
    anchors: false,
    planeDetection: false,
    meshDetection: false,
    hitTest: false,
    domOverlay: false,
    layers: false,
    bodyTracking: false,
  });
  return store;
}

/*
 * The store can only start a session once an <XR> inside a mounted canvas has handed it three's WebXRManager.
 * The VR button shows only after the XR chunk loaded, so this is normally true at the click; the wait covers
 * a click in the moment between the chunk arriving and the canvas mounting the XR layer.
 */
const CONNECT_TIMEOUT_MS = 10_000;
let connections = 0;
const waiting: (() => void)[] = [];

/** Called by XRLayer once mounted; returns its cleanup. */
export function markConnected(): () => void {
  connections += 1;
  for (const resume of waiting.splice(0)) resume();
  return () => {
    connections -= 1;
  };
}

function whenConnected(): Promise<void> {
  if (connections > 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('VR: no panorama scene is mounted')), CONNECT_TIMEOUT_MS);
    waiting.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** For the DOM "VR" button (call from its click handler: browsers want a user gesture). */
export async function enterVR(): Promise<boolean> {
  if (connections === 0) await whenConnected();
  const session = await getXRStore().enterVR();
  return session !== undefined;
}

export async function exitVR(): Promise<void> {
  await store?.getState().session?.end();
}
