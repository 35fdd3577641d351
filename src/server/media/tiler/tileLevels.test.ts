import { describe, expect, it } from 'vitest';
import { equirectWidthForFace, faceSizeForEquirect, tileLevels, tilesPerFace } from './tileLevels.ts';

describe('tile levels', () => {
  it('keeps the full resolution of the source: face = width / pi, rounded to even', () => {
    expect(faceSizeForEquirect(8192)).toBe(2608);
    expect(faceSizeForEquirect(4096)).toBe(1304);
    expect(faceSizeForEquirect(16_384)).toBe(5216);
    expect(faceSizeForEquirect(1024)).toBe(326);
  });

  it('halves (rounding up) down to the first level that fits one tile, which is level 0', () => {
    expect(tileLevels(2608).map((l) => [l.index, l.faceSize, l.tilesPerSide])).toEqual([
      [0, 326, 1], [1, 652, 2], [2, 1304, 3], [3, 2608, 6],
    ]);
    expect(tileLevels(2600).map((l) => l.faceSize)).toEqual([325, 650, 1300, 2600]);
    expect(tileLevels(1026).map((l) => l.faceSize)).toEqual([257, 513, 1026]);
    expect(tileLevels(2048).map((l) => l.faceSize)).toEqual([512, 1024, 2048]);
    expect(tileLevels(400)).toEqual([{ index: 0, faceSize: 400, tilesPerSide: 1 }]);
  });

  it('counts tiles per face over all levels', () => {
    expect(tilesPerFace(tileLevels(2608))).toBe(36 + 9 + 4 + 1);
  });

  it('sizes the equirect built from a cube as the inverse, capped', () => {
    expect(equirectWidthForFace(2048, 8192)).toBe(6434);
    expect(equirectWidthForFace(4096, 8192)).toBe(8192);
    expect(faceSizeForEquirect(equirectWidthForFace(1304, 8192))).toBe(1304);
  });
});
