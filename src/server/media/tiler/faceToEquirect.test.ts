import { describe, expect, it } from 'vitest';
import { CUBE_FACES, type CubeFace } from '../../../protocol/tileNames.ts';
import { directionToFace, equirectToDirection } from './cubeFaces.ts';
import type { RgbImage } from './rgbImage.ts';
import { fillEquirectFromFace } from './faceToEquirect.ts';
import { bilinear, noiseImage } from './testImages.ts';

function emptyEquirect(width: number): RgbImage {
  return { data: new Uint8Array(width * (width / 2) * 3), width, height: width / 2 };
}

describe('cube face -> equirect projection', () => {
  const size = 16;
  const faces = Object.fromEntries(CUBE_FACES.map((f, i) => [f, noiseImage(size, size, i + 1)])) as Record<CubeFace, RgbImage>;

  it('matches sampling each face through directionToFace', () => {
    const out = emptyEquirect(64);
    for (const face of CUBE_FACES) fillEquirectFromFace(face, faces[face], out);
    let worst = 0;
    for (let j = 0; j < out.height; j++) {
      for (let i = 0; i < out.width; i++) {
        const hit = directionToFace(equirectToDirection((i + 0.5) / out.width, (j + 0.5) / out.height));
        const expected = bilinear(faces[hit.face], hit.x * size - 0.5, hit.y * size - 0.5, false);
        for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(expected[c]! - out.data[(j * out.width + i) * 3 + c]!));
      }
    }
    expect(worst).toBeLessThanOrEqual(0.5 + 1e-6);
  });

  it('covers every equirect pixel exactly by the face it looks at', () => {
    // Each face one flat colour, nothing black: a pixel no face wrote would stay black.
    const flat = (value: number): RgbImage => ({ data: new Uint8Array(size * size * 3).fill(value), width: size, height: size });
    const out = emptyEquirect(200);
    CUBE_FACES.forEach((face, i) => fillEquirectFromFace(face, flat(40 + 30 * i), out));
    for (let p = 0; p < out.width * out.height; p++) expect(out.data[p * 3]).not.toBe(0);
    // The centre column (f) and the top row (u) land where the table says.
    expect(out.data[((out.height / 2) * out.width + out.width / 2) * 3]).toBe(40);
    expect(out.data[(out.width / 4) * 3]).toBe(40 + 30 * CUBE_FACES.indexOf('u'));
  });
});
