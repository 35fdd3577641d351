import { BlockCuller } from './blockCuller.ts';
import type { Material } from './material.ts';
import { toneByte } from './tone.ts';
import { Tracer } from './tracer.ts';
import type { Room, World } from './world.ts';

// Renders rows of an equirectangular panorama. Pixel (x, y) of a W x H image looks along
// lon = ((x + 0.5) / W - 0.5) * 2pi (0 = -z, +90 deg = +x) and lat = (0.5 - (y + 0.5) / H) * pi, so a
// world point seen at (lon, lat) shows in the viewer at ath = lon, atv = -lat (degrees).
// Speed: rows towards the poles cover a shorter circle, so they are traced with fewer samples
// (about W cos(lat)) and stretched back to W; shapes are culled per block of pixels; only samples on
// a silhouette (their hit id differs from a neighbour's) get four extra rays.

export interface PanoramaCamera {
  readonly x: number; readonly y: number; readonly z: number;
  /** The room the camera stands in, or null outdoors. */
  readonly room: Room | null;
  /** Linear exposure multiplier before tone mapping. */
  readonly exposure: number;
}

const AA_OFFSETS = [-0.125, -0.375, 0.375, -0.125, 0.125, 0.375, -0.375, 0.125];

/** How many samples row y of a W x H panorama needs: W cos(lat) with a margin, never fewer than 64. */
export function samplesForRow(W: number, H: number, y: number): number {
  const lat = (0.5 - (y + 0.5) / H) * Math.PI;
  return Math.min(W, Math.max(64, Math.ceil((W * Math.cos(lat) * 1.12) / 8) * 8));
}

/** Renders rows [rowStart, rowEnd) of a width x width/2 panorama as packed RGB bytes. */
export function renderRows(world: World, outdoorFrame: Material, cam: PanoramaCamera, width: number, rowStart: number, rowEnd: number): Uint8Array {
  const W = width; const H = width / 2;
  const rows = rowEnd - rowStart;
  const tracer = new Tracer(world, outdoorFrame);
  const spaces = [...world.rooms.map((r) => r.shapes), world.outdoorShapes];
  const culler = new BlockCuller(spaces, cam.x, cam.y, cam.z, W, H, rowStart, rows);
  tracer.culler = culler;

  // Samples of all rows, packed: row r starts at offset[r] and has count[r] samples.
  const count = new Int32Array(rows + 1);
  const offset = new Int32Array(rows + 1);
  for (let r = 0; r < rows; r++) { count[r] = samplesForRow(W, H, rowStart + r); offset[r + 1] = offset[r]! + count[r]!; }
  const total = offset[rows]!;
  const rgb = new Uint8Array(total * 3);
  const ids = new Int32Array(total);
  const col = new Float64Array(3);
  const k = cam.exposure;

  const sample = (xPixel: number, yPixel: number): number => {
    const lon = (xPixel / W - 0.5) * 2 * Math.PI;
    const lat = (0.5 - yPixel / H) * Math.PI;
    const cl = Math.cos(lat);
    tracer.block = culler.blockAt(xPixel, yPixel);
    return tracer.trace(cam.room, cam.x, cam.y, cam.z, Math.sin(lon) * cl, Math.sin(lat), -Math.cos(lon) * cl, 0, col, true);
  };

  for (let r = 0; r < rows; r++) {
    const n = count[r]!; const base = offset[r]!; const step = W / n;
    const lat = (0.5 - (rowStart + r + 0.5) / H) * Math.PI;
    const cl = Math.cos(lat); const sl = Math.sin(lat);
    // Longitude advances by a fixed angle per sample: rotate (sin, cos) instead of calling trig.
    const da = (2 * Math.PI) / n; const sd = Math.sin(da); const cd = Math.cos(da);
    let sinLon = Math.sin(((0.5 / n) - 0.5) * 2 * Math.PI); let cosLon = Math.cos(((0.5 / n) - 0.5) * 2 * Math.PI);
    const yPixel = rowStart + r + 0.5;
    for (let i = 0; i < n; i++) {
      const p = base + i;
      tracer.block = culler.blockAt((i + 0.5) * step, yPixel);
      ids[p] = tracer.trace(cam.room, cam.x, cam.y, cam.z, sinLon * cl, sl, -cosLon * cl, 0, col, true);
      rgb[p * 3] = toneByte(col[0]! * k); rgb[p * 3 + 1] = toneByte(col[1]! * k); rgb[p * 3 + 2] = toneByte(col[2]! * k);
      const ns = sinLon * cd + cosLon * sd;
      cosLon = cosLon * cd - sinLon * sd; sinLon = ns;
    }
  }

  // Silhouettes: compare with the next sample in the row and the matching sample of the next row.
  const edge = new Uint8Array(total);
  for (let r = 0; r < rows; r++) {
    const n = count[r]!; const base = offset[r]!;
    const below = r + 1 < rows ? count[r + 1]! : 0;
    for (let i = 0; i < n; i++) {
      const p = base + i;
      const right = base + ((i + 1) % n);
      if (ids[p] !== ids[right]) { edge[p] = 1; edge[right] = 1; }
      if (below) {
        const q = offset[r + 1]! + Math.min(below - 1, Math.floor(((i + 0.5) * below) / n));
        if (ids[p] !== ids[q]) { edge[p] = 1; edge[q] = 1; }
      }
    }
  }
  for (let r = 0; r < rows; r++) {
    const n = count[r]!; const base = offset[r]!; const step = W / n;
    for (let i = 0; i < n; i++) {
      const p = base + i;
      if (!edge[p]) continue;
      let sr = 0; let sg = 0; let sb = 0;
      for (let s = 0; s < 4; s++) {
        sample((i + 0.5 + AA_OFFSETS[s * 2]!) * step, rowStart + r + 0.5 + AA_OFFSETS[s * 2 + 1]!);
        sr += toneByte(col[0]! * k); sg += toneByte(col[1]! * k); sb += toneByte(col[2]! * k);
      }
      rgb[p * 3] = (sr + 2) >> 2; rgb[p * 3 + 1] = (sg + 2) >> 2; rgb[p * 3 + 2] = (sb + 2) >> 2;
    }
  }
  return stretchRows(rgb, count, offset, W, rows);
}

/** Linear interpolation of each row's samples back to W pixels (wrapping around at the seam). */
function stretchRows(rgb: Uint8Array, count: Int32Array, offset: Int32Array, W: number, rows: number): Uint8Array {
  const out = new Uint8Array(W * rows * 3);
  for (let r = 0; r < rows; r++) {
    const n = count[r]!; const base = offset[r]!;
    if (n === W) { out.set(rgb.subarray(base * 3, (base + n) * 3), r * W * 3); continue; }
    for (let x = 0; x < W; x++) {
      const s = ((x + 0.5) * n) / W - 0.5;
      const i0 = Math.floor(s); const f = s - i0;
      const a = (base + ((i0 + n) % n)) * 3; const b = (base + ((i0 + 1) % n)) * 3;
      const o = (r * W + x) * 3;
      out[o] = rgb[a]! + (rgb[b]! - rgb[a]!) * f + 0.5;
      out[o + 1] = rgb[a + 1]! + (rgb[b + 1]! - rgb[a + 1]!) * f + 0.5;
      out[o + 2] = rgb[a + 2]! + (rgb[b + 2]! - rgb[a + 2]!) * f + 0.5;
    }
  }
  return out;
}
