import { describe, expect, it } from 'vitest';
import { CUBE_FACES, type CubeFace } from '../../../protocol/tileNames.ts';
import { directionToEquirect, directionToFace, equirectToDirection, faceDirection, type Vec3 } from './cubeFaces.ts';

const normalise = ([x, y, z]: Vec3): Vec3 => {
  const n = Math.hypot(x, y, z);
  return [x / n, y / n, z / n];
};

function expectDirection(actual: Vec3, expected: Vec3) {
  const [a, e] = [normalise(actual), normalise(expected)];
  for (let i = 0; i < 3; i++) expect(a[i]).toBeCloseTo(e[i]!, 9);
}

describe('cube face table', () => {
  it('points each face centre along its axis (three.js axes: -Z forward, +Y up)', () => {
    const axes: Record<CubeFace, Vec3> = { f: [0, 0, -1], r: [1, 0, 0], b: [0, 0, 1], l: [-1, 0, 0], u: [0, 1, 0], d: [0, -1, 0] };
    for (const face of CUBE_FACES) expectDirection(faceDirection(face, 0.5, 0.5), axes[face]);
  });

  it('keeps side faces upright, with image right turning right', () => {
    // Top edge looks up, and moving right in f's image turns towards r (+X).
    expect(faceDirection('f', 0.5, 0)[1]).toBeGreaterThan(0);
    expectDirection(faceDirection('f', 1, 0.5), faceDirection('r', 0, 0.5));
    expectDirection(faceDirection('r', 1, 0.5), faceDirection('b', 0, 0.5));
    expectDirection(faceDirection('b', 1, 0.5), faceDirection('l', 0, 0.5));
    expectDirection(faceDirection('l', 1, 0.5), faceDirection('f', 0, 0.5));
  });

  it('joins u by its bottom edge and d by its top edge to f', () => {
    for (const x of [0.1, 0.5, 0.9]) {
      expectDirection(faceDirection('u', x, 1), faceDirection('f', x, 0));
      expectDirection(faceDirection('d', x, 0), faceDirection('f', x, 1));
    }
  });

  it('finds the face and position of any direction (inverse of faceDirection)', () => {
    for (const face of CUBE_FACES) {
      for (const [x, y] of [[0.5, 0.5], [0.1, 0.8], [0.95, 0.05], [0.3, 0.6]] as const) {
        const hit = directionToFace(faceDirection(face, x, y));
        expect(hit.face).toBe(face);
        expect(hit.x).toBeCloseTo(x, 9);
        expect(hit.y).toBeCloseTo(y, 9);
      }
    }
  });
});

describe('equirect mapping', () => {
  it('puts f in the centre column, r at three quarters, l at one quarter, b at the seam', () => {
    const centre = (face: CubeFace) => directionToEquirect(faceDirection(face, 0.5, 0.5));
    expect(centre('f')).toEqual({ u: 0.5, v: 0.5 });
    expect(centre('r').u).toBeCloseTo(0.75, 12);
    expect(centre('l').u).toBeCloseTo(0.25, 12);
    const seam = centre('b').u;
    expect(Math.min(seam, 1 - seam)).toBeCloseTo(0, 12);
    expect(centre('u').v).toBeCloseTo(0, 12);
    expect(centre('d').v).toBeCloseTo(1, 12);
  });

  it('is inverted by equirectToDirection', () => {
    for (const [u, v] of [[0.5, 0.5], [0.1, 0.2], [0.8, 0.9], [0.33, 0.51]] as const) {
      const back = directionToEquirect(equirectToDirection(u, v));
      expect(back.u).toBeCloseTo(u, 12);
      expect(back.v).toBeCloseTo(v, 12);
    }
  });
});
