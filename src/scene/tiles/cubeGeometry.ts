import type { CubeFace, TileLevel, TileManifest } from '../../protocol/tiles.ts';
import type { Vec3 } from '../math/angles.ts';

/**
 * Direction (on the unit cube, not normalised) of face pixel (x, y) in [0,1]^2, x right, y DOWN in the image.
 * This is the table in src/protocol/tiles.ts; the tiler uses the same one, so keep them in lock-step.
 */
export function faceDirection(face: CubeFace, x: number, y: number): Vec3 {
  const a = 2 * x - 1;
  const b = 2 * y - 1;
  switch (face) {
    case 'f': return [a, -b, -1];
    case 'r': return [1, -b, a];
    case 'b': return [-a, -b, 1];
    case 'l': return [-1, -b, -a];
    case 'u': return [a, 1, -b];
    case 'd': return [a, -1, b];
  }
}

/** A tile's extent on its face as fractions [x0, y0, x1, y1]; edge tiles are smaller than tileSize. */
export function tileRect(level: TileLevel, tileSize: number, tx: number, ty: number): [number, number, number, number] {
  const s = level.faceSize;
  return [(tx * tileSize) / s, (ty * tileSize) / s, Math.min((tx + 1) * tileSize, s) / s, Math.min((ty + 1) * tileSize, s) / s];
}

/** Pixel size of a tile (edge tiles are cut short). */
export function tilePixelSize(level: TileLevel, tileSize: number, tx: number, ty: number): { width: number; height: number } {
  return {
    width: Math.min(tileSize, level.faceSize - tx * tileSize),
    height: Math.min(tileSize, level.faceSize - ty * tileSize),
  };
}

export function tileKey(level: number, face: CubeFace, x: number, y: number): string {
  return `${level}/${face}/${y}_${x}`;
}

/**
 * Absolute URL of a tile. The template is relative to the manifest; workers resolve relative URLs against
 * the worker script, so everything handed to the decoder must be absolute.
 */
export function tileUrl(manifestUrl: string, manifest: Pick<TileManifest, 'tileUrl'>, level: number, face: CubeFace, x: number, y: number): string {
  const path = manifest.tileUrl
    .replaceAll('{level}', String(level))
    .replaceAll('{face}', face)
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y));
  return new URL(path, manifestUrl).href;
}
