import { SUN_COLOUR, SUN_X, SUN_Y, SUN_Z, applyHaze, sky } from './environment.ts';
import { noise2 } from './noise.ts';
import { shapeOcclusion } from './shading.ts';
import { type Hit, type Shape, occluded } from './shapes.ts';
import type { World } from './world.ts';

// Lighting outdoors: sun with real shadow rays (the garden is the one scene where hard shadows sell
// the picture), a sky dome term softened by nearby objects, and the harbour water.

const SKY_AMBIENT = [0.42, 0.5, 0.64];
const SEA_Y = -0.9;
const DEEP_WATER = [0.012, 0.05, 0.07];

export function shadeOutdoor(world: World, self: Shape | null, x: number, y: number, z: number,
  nx: number, ny: number, nz: number, vx: number, vy: number, vz: number,
  albedo: Float64Array, gloss: number, scratch: Hit, out: Float64Array): void {
  const cosS = nx * SUN_X + ny * SUN_Y + nz * SUN_Z;
  let sun = 0;
  if (cosS > 0 && !occluded(world.sunGrid.near(x, y, z), self, x + nx * 2e-3, y + ny * 2e-3, z + nz * 2e-3, SUN_X, SUN_Y, SUN_Z, 400, scratch)) {
    sun = cosS;
  }
  const ao = shapeOcclusion(world.outdoorGrid.near(x, z), self, x, y, z, nx, ny, nz);
  const hemi = (0.7 + 0.3 * ny) * ao;
  // Light bounced off the sunlit ground reaches walls and the undersides of leaves.
  const bounce = 0.14 * (1 - ny) * 0.5;
  let spec = 0;
  if (gloss > 0 && sun > 0) {
    const dn = vx * nx + vy * ny + vz * nz;
    const s = Math.max(0, (vx - 2 * dn * nx) * SUN_X + (vy - 2 * dn * ny) * SUN_Y + (vz - 2 * dn * nz) * SUN_Z);
    const s4 = s * s * s * s; const s16 = s4 * s4 * s4 * s4;
    spec = gloss * s16 * s16 * 4;
  }
  out[0] = albedo[0]! * (sun * SUN_COLOUR[0] + hemi * SKY_AMBIENT[0]! + bounce * 0.9) + spec;
  out[1] = albedo[1]! * (sun * SUN_COLOUR[1] + hemi * SKY_AMBIENT[1]! + bounce * 0.95) + spec;
  out[2] = albedo[2]! * (sun * SUN_COLOUR[2] + hemi * SKY_AMBIENT[2]! + bounce * 0.8) + spec;
}

/** The harbour: rippled water reflecting the sky, fading into haze. Assumes dy < 0. */
export function shadeSea(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, reflected: Float64Array, out: Float64Array): void {
  const t = (SEA_Y - oy) / dy;
  const x = ox + dx * t; const z = oz + dz * t;
  // Ripples fade with distance so the far water does not shimmer into noise.
  const detail = Math.min(1, 60 / t);
  const n1 = noise2(x * 0.45, z * 1.1) - 0.5;
  const n2 = noise2(x * 1.7 + 5.3, z * 3.1) - 0.5;
  let nx = (n1 * 0.16 + n2 * 0.08) * detail;
  let nz = (n2 * 0.16 - n1 * 0.05) * detail;
  let ny = 1;
  const inv = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz);
  nx *= inv; ny *= inv; nz *= inv;
  const dn = dx * nx + dy * ny + dz * nz;
  const rx = dx - 2 * dn * nx; let ry = dy - 2 * dn * ny; const rz = dz - 2 * dn * nz;
  if (ry < 0.005) ry = 0.005;
  sky(rx, ry, rz, reflected);
  const c = Math.min(1, Math.max(0, -dn));
  const m = 1 - c; const m2 = m * m;
  const f = 0.02 + 0.98 * m2 * m2 * m;
  out[0] = DEEP_WATER[0]! * (1 - f) + reflected[0]! * f;
  out[1] = DEEP_WATER[1]! * (1 - f) + reflected[1]! * f;
  out[2] = DEEP_WATER[2]! * (1 - f) + reflected[2]! * f;
  applyHaze(out, t);
}

/** Outdoor ground hit, or Infinity. */
export function groundDistance(oy: number, dy: number): number {
  return dy < -1e-9 ? -oy / dy : Infinity;
}
