import type { CubeFace } from '../../../protocol/tiles.ts';
import { SIDE_FACE_LONGITUDE } from './cubeFaces.ts';
import type { RgbImage } from './rgbImage.ts';

/**
 * Cube face -> equirect: writes every pixel of `out` whose direction lands on `face`, sampling the face
 * bilinearly (clamped at its edges). Called once per face, so only one decoded face needs to be in memory.
 * Same mapping as directionToFace(equirectToDirection(u, v)) (see the unit test), with the trigonometry
 * hoisted into per-row and per-column tables.
 */
export function fillEquirectFromFace(face: CubeFace, faceImage: RgbImage, out: RgbImage): void {
  const lon0 = SIDE_FACE_LONGITUDE[face];
  if (lon0 === undefined) fillFromCap(face === 'u' ? 1 : -1, faceImage, out);
  else fillFromSide(lon0, faceImage, out);
}

/** Faces overlap by this much at their shared edges so no pixel falls between two faces by rounding. */
const EDGE = 1e-6;

const longitude = (i: number, w: number): number => ((i + 0.5) / w - 0.5) * 2 * Math.PI;
const latitude = (j: number, h: number): number => (0.5 - (j + 0.5) / h) * Math.PI;

/** Side face centred on lon0: a = tan(dLon), b = -tan(lat) / cos(dLon). */
function fillFromSide(lon0: number, faceImage: RgbImage, out: RgbImage): void {
  const { width: w, height: h } = out;
  const columns: number[] = [];
  const tanD: number[] = [];
  const secD: number[] = [];
  for (let i = 0; i < w; i++) {
    let d = longitude(i, w) - lon0;
    d = Math.atan2(Math.sin(d), Math.cos(d));
    if (Math.abs(d) > Math.PI / 4 + EDGE) continue;
    columns.push(i);
    tanD.push(Math.tan(d));
    secD.push(1 / Math.cos(d));
  }
  for (let j = 0; j < h; j++) {
    const tanLat = Math.tan(latitude(j, h));
    for (let k = 0; k < columns.length; k++) {
      const b = -tanLat * secD[k]!;
      if (b < -1 - EDGE || b > 1 + EDGE) continue;
      sampleInto(faceImage, tanD[k]!, b, out, j * w + columns[k]!);
    }
  }
}

/**
 * Up (sign 1) or down (sign -1): with c = cot(lat), u is (a, b) = (c sinLon, c cosLon) and
 * d is (-c sinLon, c cosLon) (c < 0 there). Rows with |c| > sqrt(2) cannot reach the face.
 */
function fillFromCap(sign: 1 | -1, faceImage: RgbImage, out: RgbImage): void {
  const { width: w, height: h } = out;
  const sinL = new Float64Array(w);
  const cosL = new Float64Array(w);
  for (let i = 0; i < w; i++) {
    sinL[i] = Math.sin(longitude(i, w));
    cosL[i] = Math.cos(longitude(i, w));
  }
  for (let j = 0; j < h; j++) {
    const lat = latitude(j, h);
    if (sign * lat <= 0) continue;
    const c = 1 / Math.tan(lat);
    if (Math.abs(c) > Math.SQRT2 + EDGE) continue;
    for (let i = 0; i < w; i++) {
      const a = sign * c * sinL[i]!;
      const b = c * cosL[i]!;
      if (Math.abs(a) > 1 + EDGE || Math.abs(b) > 1 + EDGE) continue;
      sampleInto(faceImage, a, b, out, j * w + i);
    }
  }
}

/** Bilinear sample of the face at (a, b) in [-1, 1]^2 into pixel index p of out. */
function sampleInto(faceImage: RgbImage, a: number, b: number, out: RgbImage, p: number): void {
  const n = faceImage.width;
  const src = faceImage.data;
  const sx = clamp(((a + 1) / 2) * n - 0.5, n - 1);
  const sy = clamp(((b + 1) / 2) * n - 0.5, n - 1);
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  const x1 = x0 + 1 < n ? x0 + 1 : x0;
  const y1 = y0 + 1 < n ? y0 + 1 : y0;
  const fx = sx - x0;
  const fy = sy - y0;
  const p00 = (y0 * n + x0) * 3;
  const p01 = (y0 * n + x1) * 3;
  const p10 = (y1 * n + x0) * 3;
  const p11 = (y1 * n + x1) * 3;
  const w11 = fx * fy;
  const w10 = fy - w11;
  const w01 = fx - w11;
  const w00 = 1 - fx - w10;
  const o = p * 3;
  const dst = out.data;
  dst[o] = src[p00]! * w00 + src[p01]! * w01 + src[p10]! * w10 + src[p11]! * w11 + 0.5;
  dst[o + 1] = src[p00 + 1]! * w00 + src[p01 + 1]! * w01 + src[p10 + 1]! * w10 + src[p11 + 1]! * w11 + 0.5;
  dst[o + 2] = src[p00 + 2]! * w00 + src[p01 + 2]! * w01 + src[p10 + 2]! * w10 + src[p11 + 2]! * w11 + 0.5;
}

function clamp(v: number, max: number): number {
  return v < 0 ? 0 : v > max ? max : v;
}
