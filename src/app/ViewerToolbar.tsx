import type { ReactNode } from 'react';
import { enterVR, exitVR, requestGyroPermission, zoomIn, zoomOut } from '../scene/index.ts';
import { isVisible, type ViewerQuery } from '../protocol/viewerQuery.ts';
import { Toolbar } from '../overlay/Toolbar.tsx';
import { toggleFullscreen } from '../overlay/fullscreen.ts';
import type { ViewControls } from './useViewControls.ts';

interface Props {
  query: ViewerQuery;
  position: { index: number; count: number };
  step: (d: 1 | -1) => void;
  controls: ViewControls;
  xrActive: boolean;
  /** The element fullscreen enlarges: the viewer's root, so the overlay stays over the scene. */
  root: () => HTMLElement;
  /** The lazy features' buttons (FeatureToolbarButtons). */
  children?: ReactNode;
}

/**
 * The flat-screen toolbar wired to the viewer: which buttons the address and the device allow, and what each does.
 * overlay/Toolbar only draws; the decisions (gyroscope permission, pseudo-fullscreen where the browser has none,
 * entering or leaving VR) live here.
 */
export function ViewerToolbar({ query, position, step, controls: c, xrActive, root, children }: Props) {
  const hasTouch = typeof window !== 'undefined' && 'ontouchstart' in window;
  return (
    <Toolbar
      position={position}
      onPrevious={() => step(-1)}
      onNext={() => step(1)}
      onZoomIn={zoomIn}
      onZoomOut={zoomOut}
      autorotate={{ active: c.autorotate, toggle: () => c.setAutorotate((a) => !a) }}
      gyro={{
        visible: hasTouch && query.allows.gyro,
        active: c.gyro,
        toggle: async () => {
          if (c.gyro) return c.setGyro(false);
          if ((await requestGyroPermission()) === 'granted') c.setGyro(true);
        },
      }}
      fullscreen={{
        visible: isVisible(query.overrides.fullscreen, true),
        active: c.nativeFullscreen || c.pseudoFullscreen,
        toggle: () => void toggleFullscreen(root(), { on: c.pseudoFullscreen, set: c.setPseudoFullscreen }),
      }}
      vr={{ visible: c.vrSupported && query.allows.vrMode, active: xrActive, toggle: () => void (xrActive ? exitVR() : enterVR()) }}
    >
      {children}
    </Toolbar>
  );
}
