import { describe, expect, it } from 'vitest';
import { CUBE_FACES, type CubeFace } from '../../../protocol/tiles.ts';
import { directionToEquirect, faceDirection } from './cubeFaces.ts';
import { createFaceProjector, projectFace } from './equirectToFace.ts';
import type { RgbImage } from './rgbImage.ts';
import { bilinear, noiseImage } from './testImages.ts';

/** The obvious, slow projection straight from the face table: what the fast kernel must reproduce. */
function referenceFace(src: RgbImage, face: CubeFace, size: number): Float64Array {
  const out = new Float64Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const { u, v } = directionToEquirect(faceDirection(face, (x + 0.5) / size, (y + 0.5) / size));
      const rgb = bilinear(src, u * src.width - 0.5, v * src.height - 0.5, true);
      out.set(rgb, (y * size + x) * 3);
    }
  }
  return out;
}

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

/** Noise, except the top and bottom rows, which are one point each (the poles) in a real equirect. */
function equirectNoise(width: number, height: number): RgbImage {
  const image = noiseImage(width, height);
  image.data.fill(90, 0, width * 3);
  image.data.fill(200, (height - 1) * width * 3);
  return image;
}

describe('equirect -> cube face projection', () => {
  const src = equirectNoise(96, 48);

  for (const size of [16, 17]) {
    it(`matches the reference for every face (${size % 2 ? 'odd' : 'even'} face size)`, () => {
      for (const face of CUBE_FACES) {
        // Rounding only: the kernel rounds to bytes, the reference does not.
        expect(maxDifference(projectFace(src, face, size), referenceFace(src, face, size)), face).toBeLessThanOrEqual(0.5 + 1e-6);
      }
    });
  }

  it('gives the same pixels when filled in slices of rows', () => {
    const size = 20;
    const projector = createFaceProjector(src, size);
    for (const face of CUBE_FACES) {
      const sliced = new Uint8Array(size * size * 3);
      for (let y = 0; y < size; y += 3) projector.fillRows(face, sliced, y, Math.min(size, y + 3));
      expect(sliced).toEqual(projectFace(src, face, size));
    }
  });

  it('wraps around the seam behind the viewer instead of clamping', () => {
    // Left half black, right half white: face b straddles the seam, so its left half samples the
    // white right edge of the equirect and its right half the black left edge.
    const w = 64;
    const h = 32;
    const data = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) data.fill(255, (y * w + w / 2) * 3, (y + 1) * w * 3);
    const back = projectFace({ data, width: w, height: h }, 'b', 8);
    const at = (x: number, y: number) => back[(y * 8 + x) * 3]!;
    expect(at(1, 4)).toBe(255);
    expect(at(6, 4)).toBe(0);
  });
});
