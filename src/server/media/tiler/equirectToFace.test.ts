import { describe, expect, it } from 'vitest';
import { CUBE_FACES, type CubeFace } from '../../../protocol/tileNames.ts';
import { directionToEquirect, faceDirection } from './cubeFaces.ts';
import { createFaceProjector, projectFace, wholeImage, type EquirectRegion } from './equirectToFace.ts';
import { faceSlices, type SourceRect } from './faceRegions.ts';
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

/** The rectangle's pixels, wrapping past the right edge; everything outside it is left out, so a read there shows. */
function crop(image: RgbImage, rect: SourceRect): EquirectRegion {
  const data = new Uint8Array(rect.width * rect.height * 3);
  for (let y = 0; y < rect.height; y++) {
    for (let x = 0; x < rect.width; x++) {
      const from = ((rect.y0 + y) * image.width + ((rect.x0 + x) % image.width)) * 3;
      data.set(image.data.subarray(from, from + 3), (y * rect.width + x) * 3);
    }
  }
  return { data, width: rect.width, height: rect.height, x0: rect.x0, y0: rect.y0, fullWidth: image.width, fullHeight: image.height };
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
    const projector = createFaceProjector(src.height, size);
    for (const face of CUBE_FACES) {
      const sliced = new Uint8Array(size * size * 3);
      for (let y = 0; y < size; y += 3) projector.fillRows(face, sliced, y, Math.min(size, y + 3), wholeImage(src));
      expect(sliced).toEqual(projectFace(src, face, size));
    }
  });

  for (const [w, h, size] of [[96, 48, 16], [96, 48, 17], [200, 100, 63], [101, 50, 32]] as const) {
    it(`gives the same pixels from each slice's part of the source as from all of it (${w}x${h} -> ${size})`, () => {
      const image = equirectNoise(w, h);
      const projector = createFaceProjector(h, size);
      for (const face of CUBE_FACES) {
        const fromParts = new Uint8Array(size * size * 3);
        for (const slice of faceSlices(face, size, w, h)) {
          expect(slice.rect.width * slice.rect.height, face).toBeLessThan(w * h * 0.6);
          projector.fillRows(face, fromParts, slice.y0, slice.y1, crop(image, slice.rect));
        }
        expect(fromParts, face).toEqual(projectFace(image, face, size));
      }
    });
  }

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
