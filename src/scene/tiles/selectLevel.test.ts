import { describe, expect, it } from 'vitest';
import { selectLevel } from './selectLevel.ts';

const levels = [
  { index: 0, faceSize: 324, tilesPerSide: 1 },
  { index: 1, faceSize: 648, tilesPerSide: 2 },
  { index: 2, faceSize: 1296, tilesPerSide: 3 },
  { index: 3, faceSize: 2592, tilesPerSide: 6 },
];

describe('selectLevel', () => {
  it('picks the smallest level that is sharp for the viewport', () => {
    // vfov 90: cover 1 -> needs faceSize >= 600 device pixels
    expect(selectLevel(levels, { viewportHeight: 600, devicePixelRatio: 1, verticalFov: 90 }).index).toBe(1);
    // same viewport on a 2x screen needs 1200
    expect(selectLevel(levels, { viewportHeight: 600, devicePixelRatio: 2, verticalFov: 90 }).index).toBe(2);
  });
  it('needs more pixels when zoomed in', () => {
    // tan(50deg) = 1.19: 648 px faces cover 772 device pixels; tan(20deg) = 0.36: 2592 covers 943
    expect(selectLevel(levels, { viewportHeight: 700, devicePixelRatio: 1, verticalFov: 100 }).index).toBe(1);
    expect(selectLevel(levels, { viewportHeight: 700, devicePixelRatio: 1, verticalFov: 40 }).index).toBe(3);
    expect(selectLevel(levels, { viewportHeight: 700, devicePixelRatio: 1, verticalFov: 60 }).index).toBe(2);
  });
  it('falls back to the largest level when none is sharp enough', () => {
    expect(selectLevel(levels, { viewportHeight: 4000, devicePixelRatio: 3, verticalFov: 30 }).index).toBe(3);
  });
  it('honours a cap (XR) and unordered input', () => {
    const shuffled = [levels[3]!, levels[0]!, levels[2]!, levels[1]!];
    expect(selectLevel(shuffled, { viewportHeight: 4000, devicePixelRatio: 1, verticalFov: 30, maxIndex: 2 }).index).toBe(2);
    expect(selectLevel(shuffled, { viewportHeight: 10, devicePixelRatio: 1, verticalFov: 90 }).index).toBe(0);
  });
  it('is exact at the boundary', () => {
    expect(selectLevel(levels, { viewportHeight: 648, devicePixelRatio: 1, verticalFov: 90 }).index).toBe(1);
    expect(selectLevel(levels, { viewportHeight: 649, devicePixelRatio: 1, verticalFov: 90 }).index).toBe(2);
  });
});
