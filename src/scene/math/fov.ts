import { DEFAULT_FOV, DEFAULT_LOOK_OFFSET } from '../../protocol/constants.ts';
import { clamp, DEG_TO_RAD, RAD_TO_DEG } from './angles.ts';

/**
 * Zoom is stored as the field of view across the LONGER side of the viewport (krpano's "MFOV" idea):
 * DEFAULT_FOV (120) is then a wide but undistorted view on both a landscape desktop and a portrait phone,
 * and the same number means the same thing when a phone rotates. three.js wants the vertical fov.
 */
export const FOV_LIMITS = { min: 30, max: DEFAULT_FOV } as const;
/** The spec's "look offset" 90: the view centre may reach the zenith and the nadir, no further. */
export const MAX_PITCH = DEFAULT_LOOK_OFFSET;

export function clampFov(fov: number): number {
  return clamp(Number.isFinite(fov) ? fov : DEFAULT_FOV, FOV_LIMITS.min, FOV_LIMITS.max);
}

export function clampPitch(pitch: number): number {
  return clamp(Number.isFinite(pitch) ? pitch : 0, -MAX_PITCH, MAX_PITCH);
}

/** Vertical fov in degrees for three's PerspectiveCamera, from the long-side fov and width/height. */
export function verticalFov(longSideFov: number, aspect: number): number {
  if (!(aspect > 0) || aspect <= 1) return longSideFov; // portrait: the long side is the vertical one
  const half = Math.atan(Math.tan((longSideFov * DEG_TO_RAD) / 2) / aspect);
  return 2 * half * RAD_TO_DEG;
}

/** Degrees the view turns per CSS pixel of drag at the screen centre (so the image sticks to the finger). */
export function degreesPerPixel(verticalFovDeg: number, viewportHeightPx: number): number {
  if (!(viewportHeightPx > 0)) return 0;
  return (2 * Math.tan((verticalFovDeg * DEG_TO_RAD) / 2) / viewportHeightPx) * RAD_TO_DEG;
}
