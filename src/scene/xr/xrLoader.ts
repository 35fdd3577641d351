// The always-loaded side of VR. @react-three/xr and its pointer/input code (~25 KB gzip) load only on devices
// that report immersive-vr support, so flat-screen visitors never download them (the entry chunk's JS budget).

import type * as XRLayerModule from './XRLayer.tsx';

type XRModule = typeof XRLayerModule;

let loading: Promise<XRModule> | null = null;
let loaded: XRModule | null = null;

/** Loads the XR chunk once; a failed load (offline) may be retried. */
export function loadXR(): Promise<XRModule> {
  loading ??= import('./XRLayer.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The browser can start an immersive VR session; resolves once the XR code is loaded (so the VR button can work at once). */
export async function isVRSupported(): Promise<boolean> {
  try {
    if (!((await navigator.xr?.isSessionSupported('immersive-vr')) ?? false)) return false;
    await loadXR();
    return true;
  } catch {
    return false;
  }
}

/** For the DOM "VR" button (call from its click handler: browsers want a user gesture). */
export async function enterVR(): Promise<boolean> {
  return (loaded ?? (await loadXR())).enterVR();
}

export async function exitVR(): Promise<void> {
  await loaded?.exitVR();
}

/** Ends a running immersive session, if the XR code was ever loaded. */
export function endXRSession(): void {
  void loaded?.exitVR().catch(() => undefined);
}
