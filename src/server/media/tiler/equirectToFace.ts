import type { CubeFace } from '../../../protocol/tiles.ts';
import { SIDE_FACE_LONGITUDE } from './cubeFaces.ts';
import type { RgbImage } from './rgbImage.ts';

const TWO_PI = 2 * Math.PI;

/** a (or b) of pixel index i: the pixel centre mapped to [-1, 1]. */
const centre = (i: number, size: number): number => (2 * i + 1) / size - 1;

export interface FaceProjector {
  /**
   * Fills rows [y0, y1) of `face` (size x size RGB) into `out`. Chunked so callers can yield in between.
   * `src` is the whole equirect, or a region of it holding every pixel those rows sample (faceSlices). `out` holds
   * the face's rows from `outRow0` on (a band of the face), row 0 by default.
   */
  fillRows(face: CubeFace, out: Uint8Array, y0: number, y1: number, src: EquirectRegion, outRow0?: number): void;
}

/**
 * A rectangle of an equirect `fullWidth` x `fullHeight`: its pixels (width x height RGB) start at column x0 (the
 * rectangle may run past the right edge and go on at column 0: the equirect wraps) and row y0. The tiler projects from
 * such regions so the whole decoded source never sits in memory.
 */
export interface EquirectRegion extends RgbImage {
  x0: number;
  y0: number;
  fullWidth: number;
  fullHeight: number;
}

/** The whole image as a region. */
export function wholeImage(src: RgbImage): EquirectRegion {
  return { ...src, x0: 0, y0: 0, fullWidth: src.width, fullHeight: src.height };
}

/**
 * The trigonometry of the projection. It depends only on a pixel's position in its face quadrant,
 * the same for the four side faces and (mirrored) for up and down, so it is computed once per job
 * into quadrant tables: 3 floats per quarter-face pixel, 20 MB for an 8K source. Only the source's
 * height matters, so they can be built while the source is still being decoded.
 */
export interface ProjectionTables {
  size: number;
  sourceHeight: number;
  /** Side faces: source row coordinate (before mirroring to the lower half). */
  side?: Float32Array;
  /** Up/down: atan2(|a|, |b|), the longitude before the quadrant's signs are applied. */
  capLon?: Float32Array;
  /** Up/down: atan2(1, r) * height / pi, the distance in source rows from the equator. */
  capLat?: Float32Array;
}

/**
 * Equirect -> cube face, bilinear, wrapping horizontally. Gives the same pixels as sampling
 * directionToEquirect(faceDirection(...)) (see the unit test), but fast: this is the tiler's hot loop
 * (40 Mpx for an 8K panorama); per pixel it is a table read and a 4-tap blend.
 */
export function createFaceProjector(
  sourceHeight: number, size: number, tables: ProjectionTables = buildProjectionTables(sourceHeight, size),
): FaceProjector {
  if (tables.size !== size || tables.sourceHeight !== sourceHeight) throw new Error('projection tables built for another size');
  return {
    fillRows(face, out, y0, y1, src, outRow0 = 0) {
      if (src.fullHeight !== sourceHeight) throw new Error('projection tables built for another source height');
      if (y0 < outRow0 || (y1 - outRow0) * size * 3 > out.length) throw new Error(`rows ${y0}-${y1} are outside the output`);
      const lon0 = SIDE_FACE_LONGITUDE[face];
      if (lon0 === undefined) fillCapRows(src, tables, face === 'u' ? 1 : -1, out, y0, y1, outRow0);
      else fillSideRows(src, tables, lon0, out, y0, y1, outRow0);
    },
  };
}

/** Convenience for tests and small images: one whole face. */
export function projectFace(src: RgbImage, face: CubeFace, size: number): Uint8Array {
  const out = new Uint8Array(size * size * 3);
  createFaceProjector(src.height, size).fillRows(face, out, 0, size, wholeImage(src));
  return out;
}

/**
 * The tables for the faces named: 'side' (f, r, b, l) and/or 'cap' (u, d). Each kind is 7 MB for an 8K source, so
 * the tiler builds the caps' for the caps, drops them and builds the sides' afterwards.
 */
export function buildProjectionTables(
  sourceHeight: number, size: number, kinds: readonly ('side' | 'cap')[] = ['side', 'cap'],
): ProjectionTables {
  const half = (size + 1) >> 1;
  const side = kinds.includes('side') ? new Float32Array(half * half) : undefined;
  const caps = kinds.includes('cap');
  const capLon = caps ? new Float32Array(half * half) : undefined;
  const capLat = caps ? new Float32Array(half * half) : undefined;
  for (let qy = 0; qy < half; qy++) {
    const b = centre(qy, size);
    for (let qx = 0; qx < half; qx++) {
      const a = centre(qx, size);
      const q = qy * half + qx;
      // Side: lat = atan(-b / sqrt(1 + a^2)). Up/down: see fillCapRows.
      if (side) side[q] = (0.5 - Math.atan(-b / Math.sqrt(1 + a * a)) / Math.PI) * sourceHeight - 0.5;
      if (capLon && capLat) {
        capLon[q] = Math.atan2(Math.abs(a), Math.abs(b));
        capLat[q] = (Math.atan2(1, Math.sqrt(a * a + b * b)) * sourceHeight) / Math.PI;
      }
    }
  }
  return { size, sourceHeight, side, capLon, capLat };
}

/** Column c (0 <= c < fullWidth) of the equirect as an index into the region's row, times 3. */
function regionColumn(c: number, src: EquirectRegion): number {
  const rel = c - src.x0;
  return (rel < 0 ? rel + src.fullWidth : rel) * 3;
}

function fillSideRows(
  src: EquirectRegion, tables: ProjectionTables, lon0: number, out: Uint8Array, y0: number, y1: number, outRow0: number,
): void {
  const { data, fullWidth: w, fullHeight: h } = src;
  const { size, side: table } = tables;
  if (!table) throw new Error('projection tables built without the side faces');
  const half = (size + 1) >> 1;
  // Longitude depends only on the column.
  const col0 = new Int32Array(size);
  const col1 = new Int32Array(size);
  const colFrac = new Float64Array(size);
  for (let x = 0; x < size; x++) {
    const sx = ((Math.atan(centre(x, size)) + lon0) / TWO_PI + 0.5) * w - 0.5;
    const xi = Math.floor(sx);
    colFrac[x] = sx - xi;
    const xa = ((xi % w) + w) % w;
    col0[x] = regionColumn(xa, src);
    col1[x] = regionColumn((xa + 1) % w, src);
  }
  const stride = src.width * 3;
  const ry = src.y0;
  for (let y = y0; y < y1; y++) {
    // The bottom half mirrors the top half: latitude changes sign, so sy becomes (h - 1) - sy.
    const top = y < half;
    const base = (top ? y : size - 1 - y) * half;
    const rowStart = (y - outRow0) * size * 3;
    // Columns x and size - 1 - x share their source row (the table is for a quadrant): one lookup for both.
    for (let x = 0; x < half; x++) {
      const t = table[base + x]!;
      const sy = top ? t : h - 1 - t;
      const yi = Math.floor(sy);
      const fy = sy - yi;
      const r0 = (clampRow(yi, h) - ry) * stride;
      const r1 = (clampRow(yi + 1, h) - ry) * stride;
      const c0 = col0[x]!;
      const c1 = col1[x]!;
      blend(data, r0 + c0, r0 + c1, r1 + c0, r1 + c1, colFrac[x]!, fy, out, rowStart + x * 3);
      const m = size - 1 - x;
      if (m === x) continue; // the middle column of an odd size
      const d0 = col0[m]!;
      const d1 = col1[m]!;
      blend(data, r0 + d0, r0 + d1, r1 + d0, r1 + d1, colFrac[m]!, fy, out, rowStart + m * 3);
    }
  }
}

function fillCapRows(
  src: EquirectRegion, tables: ProjectionTables, sign: 1 | -1, out: Uint8Array, y0: number, y1: number, outRow0: number,
): void {
  const { data, fullWidth: w, fullHeight: h, x0: rx, y0: ry } = src;
  const { size, capLon: lon, capLat: lat } = tables;
  if (!lon || !lat) throw new Error('projection tables built without the caps');
  const half = (size + 1) >> 1;
  const stride = src.width * 3;
  const lonScale = w / TWO_PI;
  for (let y = y0; y < y1; y++) {
    // u is (a, 1, -b) and d is (a, -1, b): lon = atan2(a, sign * b), lat = sign * atan2(1, r).
    const bs = sign * centre(y, size);
    const base = (y < half ? y : size - 1 - y) * half;
    let o = (y - outRow0) * size * 3;
    for (let x = 0; x < size; x++) {
      const left = x < half;
      const q = base + (left ? x : size - 1 - x);
      const lonAbs = bs >= 0 ? lon[q]! : Math.PI - lon[q]!;
      const sx = (left ? -lonAbs : lonAbs) * lonScale + w / 2 - 0.5;
      const sy = h / 2 - sign * lat[q]! - 0.5;
      let xi = Math.floor(sx);
      const fx = sx - xi;
      if (xi < 0) xi += w;
      const xj = xi + 1 >= w ? xi + 1 - w : xi + 1;
      // Region-relative columns (the region may wrap past the right edge).
      const ci = (xi < rx ? xi + w - rx : xi - rx) * 3;
      const cj = (xj < rx ? xj + w - rx : xj - rx) * 3;
      const yi = Math.floor(sy);
      const r0 = (clampRow(yi, h) - ry) * stride;
      const r1 = (clampRow(yi + 1, h) - ry) * stride;
      blend(data, r0 + ci, r0 + cj, r1 + ci, r1 + cj, fx, sy - yi, out, o);
      o += 3;
    }
  }
}

/** Bilinear blend of four RGB source pixels into out[o..o+2]. */
function blend(
  data: Uint8Array, p00: number, p01: number, p10: number, p11: number, fx: number, fy: number,
  out: Uint8Array, o: number,
): void {
  const w11 = fx * fy;
  const w10 = fy - w11;
  const w01 = fx - w11;
  const w00 = 1 - fx - w10;
  // +0.5 rounds; a convex combination of bytes never exceeds 255.5, so no clamping is needed.
  out[o] = data[p00]! * w00 + data[p01]! * w01 + data[p10]! * w10 + data[p11]! * w11 + 0.5;
  out[o + 1] = data[p00 + 1]! * w00 + data[p01 + 1]! * w01 + data[p10 + 1]! * w10 + data[p11 + 1]! * w11 + 0.5;
  out[o + 2] = data[p00 + 2]! * w00 + data[p01 + 2]! * w01 + data[p10 + 2]! * w10 + data[p11 + 2]! * w11 + 0.5;
}

function clampRow(y: number, h: number): number {
  return y < 0 ? 0 : y >= h ? h - 1 : y;
}
