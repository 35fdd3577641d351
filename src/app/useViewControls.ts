import { useEffect, useState } from 'react';
import { cameraState, isVRSupported } from '../scene/index.ts';
import type { ViewerQuery } from '../protocol/viewerQuery.ts';

/**
 * The view's own switches (auto-rotation, gyroscope, fullscreen) and what the device offers (VR, native fullscreen).
 * Owned by TourView rather than the toolbar: the scene reads auto-rotation and the gyroscope, the viewer's root the
 * pseudo-fullscreen class, and the VR check runs even when an embed hides the toolbar.
 */
export function useViewControls(query: ViewerQuery) {
  const [autorotate, setAutorotate] = useState(!query.switches.autorotateOff);
  const [gyro, setGyro] = useState(false);
  const [pseudoFullscreen, setPseudoFullscreen] = useState(false);
  const [nativeFullscreen, setNativeFullscreen] = useState(false);
  const [vrSupported, setVrSupported] = useState(false);
  useEffect(() => {
    // Read-only diagnostics for tests and support: the view the camera shows.
    (window as { __atriumCamera?: typeof cameraState }).__atriumCamera = cameraState;
    void isVRSupported().then(setVrSupported);
    const onChange = () => setNativeFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  return { autorotate, setAutorotate, gyro, setGyro, pseudoFullscreen, setPseudoFullscreen, nativeFullscreen, vrSupported };
}

export type ViewControls = ReturnType<typeof useViewControls>;
