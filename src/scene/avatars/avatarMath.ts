// Which heads are drawn, and the shared sizes: three.js-free, because the lounge (outside the lazy scene chunk's
// graph) imports it through scene/index.ts, which the viewer's entry uses.
import { athAtvToDirection, DEG_TO_RAD, RAD_TO_DEG, type Vec3 } from '../math/angles.ts';

/**
 * Inside the panorama (the cube's faces are 100 away) and in front of the markers (90): a head never hides behind
 * the photograph or a hotspot.
 */
export const AVATAR_DISTANCE = 60;
/** Angular diameter of a head, degrees: a coin at arm's length, big enough for two initials. */
export const AVATAR_ANGLE = 7;
/** World size of the head's disc at AVATAR_DISTANCE. */
export const AVATAR_SIZE = 2 * AVATAR_DISTANCE * Math.tan((AVATAR_ANGLE / 2) * DEG_TO_RAD);

/** Unit direction of a pose's view (pitch up-positive is krpano atv down-positive). */
export const viewDirection = (yaw: number, pitch: number): Vec3 => athAtvToDirection(yaw, -pitch);

/** Angle in degrees between two view directions (great circle): how far a head is from where I look. */
export function viewAngle(a: { yaw: number; pitch: number }, b: { yaw: number; pitch: number }): number {
  const [ax, ay, az] = viewDirection(a.yaw, a.pitch);
  const [bx, by, bz] = viewDirection(b.yaw, b.pitch);
  const dot = Math.min(1, Math.max(-1, ax * bx + ay * by + az * bz));
  return Math.acos(dot) * RAD_TO_DEG;
}

/**
 * The `limit` people to draw, nearest first. "Nearest" is the smallest angle between my view direction and the
 * direction they look (where their head is drawn): in a panorama everyone stands at the same point, so distance is
 * the same for all and the angle is what decides whether I can see them. Ties keep the input order (stable sort).
 */
export function nearestFirst<T>(items: readonly T[], poseOf: (item: T) => { yaw: number; pitch: number } | null, mine: { yaw: number; pitch: number }, limit: number): T[] {
  const scored: { item: T; angle: number }[] = [];
  for (const item of items) {
    const p = poseOf(item);
    if (p) scored.push({ item, angle: viewAngle(mine, p) });
  }
  return scored.sort((x, y) => x.angle - y.angle).slice(0, Math.max(0, limit)).map((s) => s.item);
}
