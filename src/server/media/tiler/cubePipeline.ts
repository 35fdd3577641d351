import os from 'node:os';
import path from 'node:path';
import { PANORAMA_IMAGES } from '../../../protocol/constants.ts';
import type { TileManifest } from '../../../protocol/tiles.ts';
import { CUBE_FACES, type CubeFace } from '../../../protocol/tileNames.ts';
import { buildManifest } from './buildManifest.ts';
import { decodeRgb } from './decodeRgb.ts';
import { pixelsInMemory, writeEquirectImages } from './equirectImages.ts';
import type { RgbImage } from './rgbImage.ts';
import { fillEquirectFromFace } from './faceToEquirect.ts';
import { writeFaceTiles } from './faceTiles.ts';
import { OUTPUT_FILES } from './outputFiles.ts';
import { stageCounter, type TileProgressListener } from './progress.ts';
import { writeSmallViews } from './smallViews.ts';
import { settleAll, TaskGroup, yieldToEventLoop } from './taskGroup.ts';
import { faceFilePath, faceMirror, type CubeFaceFile, type TileLimits } from './tileInput.ts';
import { equirectWidthForFace, tileLevels, tilesPerFace } from './tileLevels.ts';
import { createWorkQueue } from './workQueue.ts';

/**
 * Six faces -> everything. The faces are tiled as they are (no reprojection); the equirect images are
 * built by reverse projection, one face at a time into one equirect buffer, so only one decoded face
 * (plus the one being tiled) is in memory.
 */
export async function tileCube(
  faces: Record<CubeFace, CubeFaceFile>, faceSize: number, dir: string, limits: TileLimits,
  onProgress: TileProgressListener | undefined,
): Promise<TileManifest> {
  const levels = tileLevels(faceSize);
  const width = equirectWidthForFace(faceSize, Math.min(PANORAMA_IMAGES.adjustedRaw.width, PANORAMA_IMAGES.desktop.width));
  const equirect: RgbImage = { data: new Uint8Array(width * (width / 2) * 3), width, height: width / 2 };
  const decoded = stageCounter(onProgress, 'decode', 6);
  const tileWritten = stageCounter(onProgress, 'tiles', 6 * tilesPerFace(levels));
  const faceProjected = stageCounter(onProgress, 'reproject', 6);
  const tilesDir = path.join(dir, OUTPUT_FILES.tilesDir);
  const small: Partial<Record<CubeFace, Buffer>> = {};
  const background = new TaskGroup();
  const sharpQueue = createWorkQueue(os.availableParallelism() + 1);

  await background.run(async () => {
    let previousFace: Promise<unknown> = Promise.resolve();
    for (const face of CUBE_FACES) {
      const file = faces[face];
      const image = await decodeRgb(faceFilePath(file), { maxPixels: limits.maxFaceSize ** 2, mirror: faceMirror(file) });
      decoded();
      await previousFace;
      previousFace = background.add(
        writeFaceTiles({ face, pixels: image.data, levels, tilesDir, sharpQueue, onTileWritten: tileWritten }).then((view) => {
          small[face] = view;
        }),
      );
      fillEquirectFromFace(face, image, equirect);
      faceProjected();
      await yieldToEventLoop();
      background.throwIfFailed();
    }
  });
  const imageWritten = stageCounter(onProgress, 'images', 5);
  await settleAll([
    writeEquirectImages(pixelsInMemory(equirect), dir, sharpQueue, imageWritten),
    writeSmallViews(small, dir, sharpQueue, imageWritten),
  ]);
  return buildManifest(levels, { width: faceSize, height: faceSize, kind: 'cube' });
}
