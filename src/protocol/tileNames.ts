/**
 * The tile protocol's names that code needs at run time without zod (the tiler's command never loads it, see
 * buildManifest.ts). tiles.ts re-exports them with the schemas; see it for the face table.
 */
export const CUBE_FACES = ['f', 'r', 'b', 'l', 'u', 'd'] as const;
export type CubeFace = (typeof CUBE_FACES)[number];

export const MANIFEST_FILE = 'manifest.json';
