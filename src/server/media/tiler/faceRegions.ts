import type { CubeFace } from '../../../protocol/tiles.ts';
import { SIDE_FACE_LONGITUDE } from './cubeFaces.ts';

/** A rectangle of the equirect: columns x0 .. x0 + width - 1 (wrapping past the right edge), rows y0 .. y0 + height - 1. */
export interface SourceRect {
  x0: number;
  y0: number;
  width: number;
  height: number;
}

/** Rows [y0, y1) of a face and the part of the equirect they sample. */
export interface FaceSlice {
  y0: number;
  y1: number;
  rect: SourceRect;
}

/** Extra columns and rows around each rectangle: the bilinear neighbour and floating-point rounding. */
const MARGIN = 2;

/**
 * Which part of a `width` x `height` equirect each face samples, so the tiler can read just that part of the decoded
 * source (7-15% of it for an 8K panorama) instead of holding it all. From the face table (cubeFaces.ts):
 * - a side face spans 90 degrees of longitude around its centre and at most 45 degrees of latitude (at its centre
 *   column): a quarter of the width, half of the height; one slice.
 * - up and down reach from the pole to 35.3 degrees (the corners, atan(1 / sqrt(2))), all around; but each half of
 *   the face looks at one half of the longitudes (the rows nearer the back at |lon| >= 90 degrees, the others at
 *   |lon| <= 90), so they are two slices of half the width.
 * equirectToFace.test.ts checks that projecting from these slices gives the same pixels as from the whole image.
 */
export function faceSlices(face: CubeFace, size: number, width: number, height: number): FaceSlice[] {
  const edge = 1 - 1 / size; // |a| and |b| of the outermost pixel centres
  const toRow = (lat: number) => (0.5 - lat / Math.PI) * height - 0.5;
  const lon0 = SIDE_FACE_LONGITUDE[face];
  if (lon0 !== undefined) {
    const toColumn = (lon: number) => (lon / (2 * Math.PI) + 0.5) * width - 0.5;
    const first = Math.floor(toColumn(lon0 - Math.atan(edge))) - MARGIN;
    const last = Math.floor(toColumn(lon0 + Math.atan(edge))) + 1 + MARGIN;
    const top = Math.max(0, Math.floor(toRow(Math.atan(edge))) - MARGIN);
    const rect = { x0: wrap(first, width), y0: top, width: Math.min(width, last - first + 1), height: height - 2 * top };
    return [{ y0: 0, y1: size, rect }];
  }
  // The lowest latitude a cap reaches, at its corners; rows from the pole to there.
  const rows = Math.min(height, Math.ceil(toRow(Math.atan2(1, Math.SQRT2 * edge))) + 1 + MARGIN);
  const y0 = face === 'u' ? 0 : height - rows;
  const half = (longitudes: 'front' | 'back'): SourceRect => ({
    x0: wrap(Math.floor(width * (longitudes === 'front' ? 0.25 : 0.75)) - MARGIN, width),
    y0,
    width: Math.min(width, Math.ceil(width / 2) + 1 + 2 * MARGIN),
    height: rows,
  });
  // Rows above the face's middle (b < 0) look backwards from u and forwards from d (see fillCapRows); the middle row
  // of an odd size (b = 0) looks forwards from both.
  const middle = face === 'u' ? size >> 1 : (size + 1) >> 1;
  return [
    { y0: 0, y1: middle, rect: half(face === 'u' ? 'back' : 'front') },
    { y0: middle, y1: size, rect: half(face === 'u' ? 'front' : 'back') },
  ];
}

function wrap(x: number, width: number): number {
  return ((x % width) + width) % width;
}
