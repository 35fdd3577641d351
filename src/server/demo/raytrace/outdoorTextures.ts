import { type Rgb, putMix } from './material.ts';
import { clamp01, fbm2, hash2, noise2, noise3 } from './noise.ts';

// Garden surfaces: lawn, stone paving, bark, leaves, fence slats and the rendered facade.

const GRASS_LIGHT: Rgb = [0.13, 0.2, 0.05];
const GRASS_DARK: Rgb = [0.045, 0.09, 0.025];
const BARK_DARK: Rgb = [0.05, 0.035, 0.025];
const BARK_LIGHT: Rgb = [0.16, 0.12, 0.08];

/** Lawn: patches at several scales; the fine blades fade out with distance to avoid shimmer. */
export function grass(x: number, z: number, t: number, out: Float64Array): void {
  const fine = clamp01(1.6 - t * 0.12);
  const k = 0.55 * fbm2(x * 0.35, z * 0.35, 3) + 0.25 * noise2(x * 3.1, z * 3.1) + 0.2 * (0.5 + (noise2(x * 40, z * 40) - 0.5) * fine);
  putMix(out, GRASS_DARK, GRASS_LIGHT, clamp01(k * 1.4 - 0.2));
  // A few dry, yellower patches.
  const dry = clamp01(noise2(x * 0.12 + 9, z * 0.12) * 2.5 - 1.6);
  out[0] = out[0]! + dry * 0.05; out[1] = out[1]! + dry * 0.025;
}

/** Large sandstone slabs in a running bond. */
export function paving(x: number, z: number, t: number, stone: Rgb, out: Float64Array): void {
  const row = Math.floor(z / 0.6);
  const along = x + (row % 2) * 0.45;
  const col = Math.floor(along / 0.9);
  const fu = along - col * 0.9; const fv = z - row * 0.6;
  const gap = Math.max(0.008, t * 0.0012);
  const tone = hash2(col, row);
  const grain = (noise2(x * 6, z * 6) - 0.5) * 0.12 + (noise2(x * 30, z * 30) - 0.5) * 0.06 * clamp01(1.5 - t * 0.1);
  if (fu < gap || fv < gap) { putMix(out, stone, stone, 0, 0.45); return; }
  putMix(out, stone, stone, 0, 0.88 + tone * 0.2 + grain);
}

/** Tree bark: vertical furrows. */
export function bark(u: number, v: number, out: Float64Array): void {
  const k = 0.5 + 0.5 * noise2(u * 40, v * 3);
  putMix(out, BARK_DARK, BARK_LIGHT, k);
}

/** Leaves: clumps of light and shade at two scales, a hint of autumn in a few. */
export function foliage(x: number, y: number, z: number, base: Rgb, out: Float64Array): void {
  const clump = noise3(x * 2.2, y * 2.2, z * 2.2);
  const leaf = noise3(x * 11, y * 11, z * 11);
  const k = 0.55 + clump * 0.5 + (leaf - 0.5) * 0.35;
  out[0] = base[0] * k; out[1] = base[1] * k; out[2] = base[2] * k * 0.9;
}

/** Horizontal timber slats with dark gaps (a modern garden fence); gaps blur out with distance t. */
export function slats(v: number, u: number, t: number, wood: Rgb, out: Float64Array): void {
  const pitch = 0.11;
  const f = v / pitch - Math.floor(v / pitch);
  const board = Math.floor(v / pitch);
  // Far away a gap is thinner than a pixel: show the average instead of a shimmering pattern.
  const far = clamp01(t * 0.1 - 0.4);
  const k = f < 0.14 ? 0.25 : 0.85 + hash2(board, 5) * 0.25 + (noise2(u * 2, v * 60) - 0.5) * 0.15;
  putMix(out, wood, wood, 0, k + (0.86 - k) * far);
}

/** The house outside: white render, larch cladding around the front door, dark plinth; top is the roof. */
export function facade(x: number, y: number, z: number, face: number, cladFrom: number, cladTo: number, out: Float64Array): void {
  if (face === 3) { const k = 0.8 + 0.2 * noise2(x * 5, z * 5); out[0] = 0.18 * k; out[1] = 0.18 * k; out[2] = 0.19 * k; return; }
  if (y < 0.25) { const k = 0.9 + 0.1 * noise2(x * 8 + z * 8, y * 8); out[0] = 0.09 * k; out[1] = 0.09 * k; out[2] = 0.1 * k; return; }
  const along = face < 2 ? z : x;
  if (face === 5 && along > cladFrom && along < cladTo) {
    const pitch = 0.14;
    const f = along / pitch - Math.floor(along / pitch);
    const board = Math.floor(along / pitch);
    const k = f < 0.06 ? 0.35 : 0.85 + hash2(board, 11) * 0.3 + (noise2(board * 3.3, y * 9) - 0.5) * 0.2;
    out[0] = 0.42 * k; out[1] = 0.24 * k; out[2] = 0.12 * k;
    return;
  }
  const k = 0.95 + 0.05 * fbm2(along * 0.8, y * 0.8, 2);
  out[0] = 0.8 * k; out[1] = 0.79 * k; out[2] = 0.75 * k;
}
