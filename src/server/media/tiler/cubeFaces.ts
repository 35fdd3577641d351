import type { CubeFace } from '../../../protocol/tiles.ts';

/**
 * The cube face orientation table of src/protocol/tiles.ts, as code, and the equirectangular mapping.
 * Everything else in the tiler (reprojection both ways, tests) is checked against these few functions.
 */
export type Vec3 = readonly [number, number, number];

/** Direction (not normalised) for a = 2x-1, b = 2y-1 with face pixel (x, y) in [0,1]^2, y down. */
export const FACE_DIRECTIONS: Readonly<Record<CubeFace, (a: number, b: number) => Vec3>> = {
  f: (a, b) => [a, -b, -1],
  r: (a, b) => [1, -b, a],
  b: (a, b) => [-a, -b, 1],
  l: (a, b) => [-1, -b, -a],
  u: (a, b) => [a, 1, -b],
  d: (a, b) => [a, -1, b],
};

/** Direction through the point (x, y) of a face, both in [0,1] (pixel centres: (i + 0.5) / size). */
export function faceDirection(face: CubeFace, x: number, y: number): Vec3 {
  return FACE_DIRECTIONS[face](2 * x - 1, 2 * y - 1);
}

/**
 * Equirect texture coordinates of a direction: u in [0,1) left to right, v in [0,1] top to bottom.
 * The centre column (u = 0.5) looks at -Z, i.e. face f; u grows towards +X (face r).
 */
export function directionToEquirect([dx, dy, dz]: Vec3): { u: number; v: number } {
  const lon = Math.atan2(dx, -dz);
  const lat = Math.asin(dy / Math.hypot(dx, dy, dz));
  return { u: lon / (2 * Math.PI) + 0.5, v: 0.5 - lat / Math.PI };
}

/** Inverse of directionToEquirect: the unit direction seen at equirect coordinates (u, v). */
export function equirectToDirection(u: number, v: number): Vec3 {
  const lon = (u - 0.5) * 2 * Math.PI;
  const lat = (0.5 - v) * Math.PI;
  const c = Math.cos(lat);
  return [c * Math.sin(lon), Math.sin(lat), -c * Math.cos(lon)];
}

/** The face a direction hits and where, (x, y) in [0,1]; inverse of faceDirection. */
export function directionToFace([dx, dy, dz]: Vec3): { face: CubeFace; x: number; y: number } {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  const az = Math.abs(dz);
  let face: CubeFace;
  let a: number;
  let b: number;
  if (az >= ax && az >= ay) {
    if (dz < 0) [face, a, b] = ['f', dx / az, -dy / az];
    else [face, a, b] = ['b', -dx / az, -dy / az];
  } else if (ax >= ay) {
    if (dx > 0) [face, a, b] = ['r', dz / ax, -dy / ax];
    else [face, a, b] = ['l', -dz / ax, -dy / ax];
  } else if (dy > 0) {
    [face, a, b] = ['u', dx / ay, -dz / ay];
  } else {
    [face, a, b] = ['d', dx / ay, dz / ay];
  }
  return { face, x: (a + 1) / 2, y: (b + 1) / 2 };
}

/** Longitude (radians) of the centre of each side face; u and d have none. */
export const SIDE_FACE_LONGITUDE: Readonly<Partial<Record<CubeFace, number>>> = {
  f: 0,
  r: Math.PI / 2,
  b: Math.PI,
  l: -Math.PI / 2,
};
