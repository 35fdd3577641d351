// Angle conventions used across the scene (krpano's, because tour data comes in that shape):
//   ath: degrees, right-positive, 0 = front (-Z).   atv: degrees, DOWN-positive, -90 = zenith.
//   camera yaw = ath, camera pitch = -atv (pitch is up-positive, like a person tilting their head).
// three.js axes: -Z forward, +X right, +Y up.

/**
 * One definition of "angles are normalized to -180..180" (spec section 4) for the scene and the app above it.
 * An angle in degrees brought into (-180, 180]: 180 stays 180 and -180 becomes 180, so a half turn has one
 * spelling. Non-finite input gives 0 rather than spreading NaN through the camera.
 */
export function normalizeAngle(deg: number): number {
  if (!Number.isFinite(deg)) return 0;
  const wrapped = ((deg % 360) + 360) % 360; // [0, 360)
  const result = wrapped > 180 ? wrapped - 360 : wrapped;
  return result === 0 ? 0 : result; // no -0
}

export const DEG_TO_RAD = Math.PI / 180;
export const RAD_TO_DEG = 180 / Math.PI;

export type Vec3 = [number, number, number];

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Unit direction for a krpano position: ath 0/atv 0 = (0,0,-1), ath 90 = +X, atv -90 = +Y. */
export function athAtvToDirection(ath: number, atv: number): Vec3 {
  const h = ath * DEG_TO_RAD;
  const v = atv * DEG_TO_RAD;
  return [Math.cos(v) * Math.sin(h), -Math.sin(v), -Math.cos(v) * Math.cos(h)];
}

/** Inverse of athAtvToDirection; the direction need not be normalised. */
export function directionToAthAtv([x, y, z]: Vec3): { ath: number; atv: number } {
  const horizontal = Math.hypot(x, z);
  const ath = horizontal < 1e-12 ? 0 : Math.atan2(x, -z) * RAD_TO_DEG;
  const atv = -Math.atan2(y, horizontal) * RAD_TO_DEG;
  return { ath: normalizeAngle(ath), atv: atv === 0 ? 0 : atv };
}

/** Camera yaw/pitch (degrees) that centres the view on a krpano position. */
export function viewForPosition(position: { ath: number; atv: number }): { yaw: number; pitch: number } {
  const pitch = -position.atv;
  return { yaw: normalizeAngle(position.ath), pitch: pitch === 0 ? 0 : pitch };
}

/** Shortest signed difference b - a in degrees, in (-180, 180]. */
export function angleDelta(a: number, b: number): number {
  return normalizeAngle(b - a);
}
