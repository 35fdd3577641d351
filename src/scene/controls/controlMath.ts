import { degreesPerPixel } from '../math/fov.ts';

/**
 * Drag inertia: after release the view keeps turning with a velocity that decays exponentially, like a
 * flicked globe. TIME_CONSTANT 0.3 s: the spin loses 63% of its speed every 0.3 s and stops within ~1.5 s.
 */
export const INERTIA_TIME_CONSTANT_S = 0.3;
/** Below this speed (deg/s) the spin stops: a slow crawl looks like a bug, not like inertia. */
export const INERTIA_MIN_SPEED = 2;
/** Flicks are capped so a fast swipe does not spin the world dizzily. */
export const INERTIA_MAX_SPEED = 720;

export interface Velocity { yaw: number; pitch: number }

export function decayVelocity(v: Velocity, dtSeconds: number, timeConstant = INERTIA_TIME_CONSTANT_S): Velocity {
  const k = Math.exp(-Math.max(0, dtSeconds) / timeConstant);
  const next = { yaw: v.yaw * k, pitch: v.pitch * k };
  return Math.hypot(next.yaw, next.pitch) < INERTIA_MIN_SPEED ? { yaw: 0, pitch: 0 } : next;
}

/**
 * Smoothed drag velocity (deg/s) from the latest move: an exponential moving average over ~50 ms, so the
 * release speed reflects the last moments of the gesture and not one jittery event.
 */
export function trackVelocity(previous: Velocity, delta: Velocity, dtSeconds: number): Velocity {
  if (dtSeconds <= 0) return previous;
  const alpha = 1 - Math.exp(-dtSeconds / 0.05);
  const cap = (x: number) => Math.max(-INERTIA_MAX_SPEED, Math.min(INERTIA_MAX_SPEED, x));
  return {
    yaw: cap(previous.yaw + (delta.yaw / dtSeconds - previous.yaw) * alpha),
    pitch: cap(previous.pitch + (delta.pitch / dtSeconds - previous.pitch) * alpha),
  };
}

/** "Grab the picture": dragging right moves the image right, i.e. the view turns left. */
export function dragToRotation(dxPx: number, dyPx: number, verticalFovDeg: number, viewportHeightPx: number): Velocity {
  const k = degreesPerPixel(verticalFovDeg, viewportHeightPx);
  return { yaw: -dxPx * k, pitch: dyPx * k };
}

/** Wheel delta to a fov factor: one mouse notch (100 px) zooms ~10%. Lines/pages are scaled to pixels. */
export function wheelZoomFactor(deltaY: number, deltaMode = 0): number {
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const clamped = Math.max(-300, Math.min(300, px));
  return Math.exp(clamped * 0.001);
}

/** Pinch: fingers moving apart (distance grows) zoom in, the fov shrinks in proportion. */
export function pinchZoomFactor(previousDistance: number, distance: number): number {
  if (!(previousDistance > 0) || !(distance > 0)) return 1;
  return previousDistance / distance;
}

/** Arrow keys turn at this speed (deg/s) at the default zoom; slower when zoomed in (scaled by fov). */
export const KEY_ROTATE_SPEED = 60;
