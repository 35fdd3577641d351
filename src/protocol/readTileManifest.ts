import { CUBE_FACES, type CubeFace } from './tileNames.ts';
import type { TileLevel, TileManifest } from './tiles.ts';

/*
 * The viewer's reading of a tile manifest, by hand rather than with TileManifestSchema. Why: the scene is the one
 * lazy chunk a visitor waits for before the first WebGL frame, and importing zod there would put zod and its
 * chunk (about 29 kB gzip, 100 kB of script to evaluate on a phone's slow core) in front of that frame. The rules
 * are the schema's, field for field, and readTileManifest.test.ts holds them to it (same result, or both refuse).
 * Manifests are written through this reader (the tiler's buildManifest) or the schema (the import's panoramaTiling), so
 * this catches a damaged or foreign file, and says which field is wrong.
 */

class ManifestError extends Error {
  constructor(field: string, rule: string) {
    super(`tile manifest: ${field} ${rule}`);
    this.name = 'ManifestError';
  }
}

type Fields = Record<string, unknown>;

function object(value: unknown, field: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ManifestError(field, 'must be an object');
  return value as Fields;
}

function string(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new ManifestError(field, 'must be a string');
  return value;
}

function integer(value: unknown, field: string, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) throw new ManifestError(field, `must be an integer >= ${min}`);
  return value;
}

function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw new ManifestError(field, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

function level(value: unknown, field: string): TileLevel {
  const l = object(value, field);
  return { index: integer(l.index, `${field}.index`, 0), faceSize: integer(l.faceSize, `${field}.faceSize`, 1), tilesPerSide: integer(l.tilesPerSide, `${field}.tilesPerSide`, 1) };
}

/** The manifest as TileManifestSchema.parse would return it (unknown keys dropped), or an Error naming the field. */
export function readTileManifest(json: unknown): TileManifest {
  const m = object(json, 'the manifest');
  if (m.version !== 1) throw new ManifestError('version', 'must be 1');
  if (m.type !== 'cube') throw new ManifestError('type', 'must be "cube"');
  if (!Array.isArray(m.faceOrder) || m.faceOrder.length !== 6) throw new ManifestError('faceOrder', 'must list 6 faces');
  const faceOrder: CubeFace[] = m.faceOrder.map((face, i) => oneOf(face, `faceOrder[${i}]`, CUBE_FACES));
  if (!Array.isArray(m.levels) || m.levels.length === 0) throw new ManifestError('levels', 'must list at least one level');
  const firstView = object(m.firstView, 'firstView');
  const source = object(m.source, 'source');
  const images = object(m.images, 'images');
  return {
    version: 1,
    type: 'cube',
    tileSize: integer(m.tileSize, 'tileSize', 1),
    format: oneOf(m.format, 'format', ['jpeg', 'webp'] as const),
    faceOrder,
    tileUrl: string(m.tileUrl, 'tileUrl'),
    levels: m.levels.map((l, i) => level(l, `levels[${i}]`)),
    firstView: { url: string(firstView.url, 'firstView.url'), faceSize: integer(firstView.faceSize, 'firstView.faceSize', 1) },
    source: {
      width: integer(source.width, 'source.width', 1),
      height: integer(source.height, 'source.height', 1),
      kind: oneOf(source.kind, 'source.kind', ['equirect', 'cube'] as const),
    },
    images: {
      adjustedRaw: string(images.adjustedRaw, 'images.adjustedRaw'),
      desktop: string(images.desktop, 'images.desktop'),
      preview: string(images.preview, 'images.preview'),
      thumbnail: string(images.thumbnail, 'images.thumbnail'),
    },
  };
}
