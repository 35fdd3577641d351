import os from 'node:os';
import path from 'node:path';
import { CUBE_FACES, type CubeFace, type TileManifest } from '../../../protocol/tiles.ts';
import { buildManifest } from './buildManifest.ts';
import { decodeRgb } from './decodeRgb.ts';
import { writeEquirectImages } from './equirectImages.ts';
import { buildProjectionTables, createFaceProjector } from './equirectToFace.ts';
import { writeFaceTiles } from './faceTiles.ts';
import { OUTPUT_FILES } from './outputFiles.ts';
import { reusableSource } from './reusableSource.ts';
import { stageCounter, type TileProgressListener } from './progress.ts';
import { writeSmallViews } from './smallViews.ts';
import { TaskGroup, yieldToEventLoop } from './taskGroup.ts';
import type { TileLimits } from './tileInput.ts';
import { faceSizeForEquirect, tileLevels, tilesPerFace } from './tileLevels.ts';
import { createWorkQueue } from './workQueue.ts';

/** About 15 ms of projection between two turns of the event loop, so finished encodes get collected. */
const PIXELS_PER_SLICE = 1 << 20;

/**
 * Faces whose tiles may still be encoding while the next face is projected. Sharp lags behind the
 * projection at first (desktop.jpg alone is a ~0.5 s encode), so with 1 the projection stalled;
 * 2 keeps it going while bounding memory to three top faces (3 x 82 MB for a 16K source).
 */
const FACES_IN_FLIGHT = 2;

/**
 * Equirect -> everything, decoding the source once. This thread projects one face at a time (in
 * slices) while sharp encodes the equirect images and earlier faces' tiles on libuv's threads.
 * Splitting the projection over worker threads instead was measured on 2 cores: 0.15 s faster on
 * its own, but +0.5 s of CPU (a tsx start per worker, copying the source into shared memory, tables
 * per worker) that the encodes running alongside need.
 */
export async function tileEquirect(
  file: string, header: { width: number; height: number }, dir: string, limits: TileLimits,
  onProgress: TileProgressListener | undefined,
): Promise<TileManifest> {
  const decoded = stageCounter(onProgress, 'decode', 1);
  const decoding = decodeRgb(file, { maxPixels: limits.maxEquirectWidth * limits.maxEquirectHeight });
  // The decode runs on a libuv thread: build the projection tables on this one meanwhile.
  const faceSize = faceSizeForEquirect(header.width);
  const tables = buildProjectionTables(header.height, faceSize);
  // Both awaited together: a source that fails to decode must reject here, not later as an unhandled rejection while
  // the reuse check is still reading the file.
  const [reuse, source] = await Promise.all([reusableSource(file), decoding]);
  decoded();
  if (source.width !== header.width || source.height !== header.height) {
    throw new Error(`${file} decoded to ${source.width}x${source.height}, its header said ${header.width}x${header.height}`);
  }

  const levels = tileLevels(faceSize);
  const tileWritten = stageCounter(onProgress, 'tiles', 6 * tilesPerFace(levels));
  const imageWritten = stageCounter(onProgress, 'images', 5);
  const faceProjected = stageCounter(onProgress, 'reproject', 6);
  const tilesDir = path.join(dir, OUTPUT_FILES.tilesDir);
  const small: Partial<Record<CubeFace, Buffer>> = {};
  // One sharp call more than cores keeps every core busy while this thread projects. Measured on
  // 2 shared cores (8K source, medians): one call at a time 2.2 s, two 1.8-1.9 s, three 1.7 s.
  const sharpQueue = createWorkQueue(os.availableParallelism() + 1);
  const background = new TaskGroup();

  await background.run(async () => {
    background.add(writeEquirectImages(source, dir, sharpQueue, imageWritten, reuse));
    const projector = createFaceProjector(source, faceSize, tables);
    const rowsPerSlice = Math.max(1, Math.floor(PIXELS_PER_SLICE / faceSize));
    const facesBeingTiled: Promise<unknown>[] = [];
    for (const face of CUBE_FACES) {
      const pixels = new Uint8Array(faceSize * faceSize * 3);
      for (let y = 0; y < faceSize; y += rowsPerSlice) {
        projector.fillRows(face, pixels, y, Math.min(faceSize, y + rowsPerSlice));
        await yieldToEventLoop();
        background.throwIfFailed();
      }
      faceProjected();
      while (facesBeingTiled.length >= FACES_IN_FLIGHT) await facesBeingTiled.shift();
      const tiled = writeFaceTiles({ face, pixels, levels, tilesDir, sharpQueue, onTileWritten: tileWritten });
      facesBeingTiled.push(background.add(tiled.then((view) => {
        small[face] = view;
      })));
    }
  });
  await writeSmallViews(small, dir, sharpQueue, imageWritten);
  return buildManifest(levels, { width: source.width, height: source.height, kind: 'equirect' });
}
