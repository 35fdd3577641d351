// Angle arithmetic for routes: yaw lives on a circle, so "between" means the short way round across -180/180.

/** Any angle to (-180, 180]. */
export function wrapDegrees(angle: number): number {
  if (!Number.isFinite(angle)) return 0;
  const a = ((((angle + 180) % 360) + 360) % 360) - 180;
  return a === -180 ? 180 : a === 0 ? 0 : a;
}

/** From a toward b the short way round; t in 0..1. */
export function lerpAngle(a: number, b: number, t: number): number {
  return wrapDegrees(a + wrapDegrees(b - a) * t);
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}
