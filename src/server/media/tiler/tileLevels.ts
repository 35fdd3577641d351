import type { TileLevel } from '../../../protocol/tiles.ts';

export const TILE_SIZE = 512;

/**
 * Top-level cube face size for an equirect `width` wide: width / pi keeps the source's full
 * resolution (at the face edges a face pixel spans about as much angle as an equirect pixel),
 * rounded to an even number so the first halving is exact.
 */
export function faceSizeForEquirect(width: number): number {
  return Math.max(2, 2 * Math.round(width / Math.PI / 2));
}

/** Equirect width for a cube of `faceSize`: the inverse of faceSizeForEquirect, even, at most `maxWidth`. */
export function equirectWidthForFace(faceSize: number, maxWidth: number): number {
  return Math.min(maxWidth, 2 * Math.round((faceSize * Math.PI) / 2));
}

/**
 * The pyramid, smallest first: each level halves the one above (rounding up) until a level fits in
 * one tile; that level is index 0.
 */
export function tileLevels(topFaceSize: number, tileSize = TILE_SIZE): TileLevel[] {
  const sizes = [topFaceSize];
  while (sizes[sizes.length - 1]! > tileSize) sizes.push(Math.ceil(sizes[sizes.length - 1]! / 2));
  return sizes.reverse().map((faceSize, index) => ({ index, faceSize, tilesPerSide: Math.ceil(faceSize / tileSize) }));
}

/** Tiles per face summed over all levels. */
export function tilesPerFace(levels: readonly TileLevel[]): number {
  return levels.reduce((sum, l) => sum + l.tilesPerSide * l.tilesPerSide, 0);
}
