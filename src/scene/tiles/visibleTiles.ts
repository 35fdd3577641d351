import { CUBE_FACES, type CubeFace } from '../../protocol/tileNames.ts';
import type { TileLevel } from '../../protocol/tiles.ts';
import type { Vec3 } from '../math/angles.ts';
import { faceDirection, tileKey, tileRect } from './cubeGeometry.ts';

export interface VisibleTile {
  key: string;
  level: number;
  face: CubeFace;
  x: number;
  y: number;
  /** Angle in radians between the view direction and the tile centre: load the smallest first. */
  priority: number;
}

type Vec4 = [number, number, number, number];

/** Clip-space position of a cube point; m is column-major (three.js Matrix4.elements). */
function project(m: ArrayLike<number>, [x, y, z]: Vec3, margin: number): Vec4 {
  const e = (i: number) => m[i] ?? 0;
  const cx = e(0) * x + e(4) * y + e(8) * z + e(12);
  const cy = e(1) * x + e(5) * y + e(9) * z + e(13);
  const cw = e(3) * x + e(7) * y + e(11) * z + e(15);
  // Dividing x and y by the margin widens the frustum: tiles just outside the view are fetched ahead.
  return [cx / margin, cy / margin, 0, cw];
}

// The four side planes plus "in front of the eye": a point is inside when all are >= 0.
const PLANES: ((p: Vec4) => number)[] = [
  (p) => p[3] - p[0],
  (p) => p[3] + p[0],
  (p) => p[3] - p[1],
  (p) => p[3] + p[1],
  (p) => p[3] - 1e-6,
];

/**
 * Does the convex polygon (clip-space vertices) overlap the view? Sutherland-Hodgman clipping in homogeneous
 * space: exact for tiles larger than the view (no corner inside) and for tiles crossing behind the eye, where
 * testing corners alone gives wrong answers.
 */
export function polygonIntersectsFrustum(polygon: readonly Vec4[]): boolean {
  let poly: Vec4[] = [...polygon];
  for (const plane of PLANES) {
    if (poly.length === 0) return false;
    const next: Vec4[] = [];
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      const da = plane(a);
      const db = plane(b);
      if (da >= 0) next.push(a);
      if ((da >= 0) !== (db >= 0)) {
        const t = da / (da - db);
        next.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, 0, a[3] + (b[3] - a[3]) * t]);
      }
    }
    poly = next;
  }
  return poly.length > 0;
}

function quad(m: ArrayLike<number>, face: CubeFace, [x0, y0, x1, y1]: readonly number[], margin: number): Vec4[] {
  return [
    project(m, faceDirection(face, x0!, y0!), margin),
    project(m, faceDirection(face, x1!, y0!), margin),
    project(m, faceDirection(face, x1!, y1!), margin),
    project(m, faceDirection(face, x0!, y1!), margin),
  ];
}

function angleTo(forward: Vec3, [x, y, z]: Vec3): number {
  const len = Math.hypot(x, y, z) * Math.hypot(...forward);
  return Math.acos(Math.min(1, Math.max(-1, (x * forward[0] + y * forward[1] + z * forward[2]) / len)));
}

/**
 * Tiles of one level that overlap the view, nearest the view centre first.
 * viewProjection maps cube-space points (cube of half-size 1 around the eye) to clip space: projection x
 * inverse(camera rotation relative to the cube). forward is the view direction in the same cube space.
 */
export function visibleTiles(level: TileLevel, tileSize: number, viewProjection: ArrayLike<number>, forward: Vec3, margin = 1): VisibleTile[] {
  const result: VisibleTile[] = [];
  const n = level.tilesPerSide;
  for (const face of CUBE_FACES) {
    if (!polygonIntersectsFrustum(quad(viewProjection, face, [0, 0, 1, 1], margin))) continue;
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const rect = tileRect(level, tileSize, x, y);
        if (!polygonIntersectsFrustum(quad(viewProjection, face, rect, margin))) continue;
        const centre = faceDirection(face, (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2);
        result.push({ key: tileKey(level.index, face, x, y), level: level.index, face, x, y, priority: angleTo(forward, centre) });
      }
    }
  }
  return result.sort((a, b) => a.priority - b.priority);
}
