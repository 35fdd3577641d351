import { CUBE_FACES } from '../../../protocol/tileNames.ts';
import type { TileLevel, TileManifest } from '../../../protocol/tiles.ts';
import { FIRST_VIEW_FACE_SIZE, OUTPUT_FILES, TILE_URL } from './outputFiles.ts';
import { TILE_SIZE } from './tileLevels.ts';

export async function buildManifest(levels: TileLevel[], source: TileManifest['source']): Promise<TileManifest> {
  // Parsed, not just typed: the manifest is a contract with the viewer, so a bug here fails the job. Imported here
  // (with zod, 15 MB and 0.2 s to load) rather than when the command starts: `atrium tile` runs from a bundle that
  // keeps this import a chunk of its own (server/codeBundle.mjs).
  const { TileManifestSchema } = await import('../../../protocol/tiles.ts');
  return TileManifestSchema.parse({
    version: 1,
    type: 'cube',
    tileSize: TILE_SIZE,
    format: 'jpeg',
    faceOrder: [...CUBE_FACES],
    tileUrl: TILE_URL,
    levels,
    firstView: { url: OUTPUT_FILES.firstView, faceSize: FIRST_VIEW_FACE_SIZE },
    source,
    images: {
      adjustedRaw: OUTPUT_FILES.adjustedRaw,
      desktop: OUTPUT_FILES.desktop,
      preview: OUTPUT_FILES.preview,
      thumbnail: OUTPUT_FILES.thumbnail,
    },
  });
}
