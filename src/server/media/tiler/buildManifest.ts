import { readTileManifest } from '../../../protocol/readTileManifest.ts';
import { CUBE_FACES } from '../../../protocol/tileNames.ts';
import type { TileLevel, TileManifest } from '../../../protocol/tiles.ts';
import { FIRST_VIEW_FACE_SIZE, OUTPUT_FILES, TILE_URL } from './outputFiles.ts';
import { TILE_SIZE } from './tileLevels.ts';

export function buildManifest(levels: TileLevel[], source: TileManifest['source']): TileManifest {
  // Checked, not just typed: the manifest is a contract with the viewer, so a bug here fails the job. With the viewer's
  // own reader, which holds a manifest to TileManifestSchema's rules without zod (readTileManifest.test.ts): loading
  // zod for this one check, at the end of the job, made `atrium tile` of an 8K source 3-7% slower (two series of 12
  // paired runs).
  return readTileManifest({
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
