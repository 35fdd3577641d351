import { CUBE_FACES, TileManifestSchema, type TileLevel, type TileManifest } from '../../../protocol/tiles.ts';
import { FIRST_VIEW_FACE_SIZE, OUTPUT_FILES, TILE_URL } from './outputFiles.ts';
import { TILE_SIZE } from './tileLevels.ts';

export function buildManifest(levels: TileLevel[], source: TileManifest['source']): TileManifest {
  // Parsed, not just typed: the manifest is a contract with the viewer, so a bug here fails the job.
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
