// Test helpers for the pixel code (imported by the *.test.ts files only).
import type { RgbImage } from './rgbImage.ts';

/** Deterministic pseudo-random RGB image (a fixed LCG), so reference comparisons see varied pixels. */
export function noiseImage(width: number, height: number, seed = 1): RgbImage {
  const data = new Uint8Array(width * height * 3);
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    data[i] = state >>> 24;
  }
  return { data, width, height };
}

/** Bilinear sample at pixel coordinates where (0, 0) is the centre of the first pixel; rows clamp, columns wrap or clamp. */
export function bilinear(image: RgbImage, sx: number, sy: number, wrapX: boolean): [number, number, number] {
  const { data, width: w, height: h } = image;
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  const fx = sx - x0;
  const fy = sy - y0;
  const col = (x: number) => (wrapX ? ((x % w) + w) % w : Math.min(w - 1, Math.max(0, x)));
  const row = (y: number) => Math.min(h - 1, Math.max(0, y));
  const px = (x: number, y: number, c: number) => data[(row(y) * w + col(x)) * 3 + c]!;
  const out: [number, number, number] = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    const top = px(x0, y0, c) * (1 - fx) + px(x0 + 1, y0, c) * fx;
    const bottom = px(x0, y0 + 1, c) * (1 - fx) + px(x0 + 1, y0 + 1, c) * fx;
    out[c] = top * (1 - fy) + bottom * fy;
  }
  return out;
}
