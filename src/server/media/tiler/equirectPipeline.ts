import os from 'node:os';
import path from 'node:path';
import type { CubeFace, TileManifest } from '../../../protocol/tiles.ts';
import { buildManifest } from './buildManifest.ts';
import { decoder } from './decodeRgb.ts';
import { decodeToFile } from './decodedSource.ts';
import { writeEquirectImages } from './equirectImages.ts';
import { buildProjectionTables, createFaceProjector } from './equirectToFace.ts';
import { faceSlices } from './faceRegions.ts';
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
 * Faces whose tiles may still be encoding while the next face is projected. One keeps the projection going (a face's
 * tiles encode in less time than the next face takes to project) while holding at most two top-level faces (2 x 20 MB
 * for an 8K source).
 */
const FACES_IN_FLIGHT = 1;

/** The caps first, with their tables, which are then dropped for the side faces' (see buildProjectionTables). */
const PROJECTION_ORDER: readonly CubeFace[] = ['u', 'd', 'f', 'r', 'b', 'l'];

/** The decoded source while the job runs, inside the job's partial folder (removed with it on failure). */
const DECODED_FILE = '.decoded-source.v';

/**
 * Equirect -> everything. libvips decodes the source once, as a stream, into a raw file (decodedSource.ts); this thread
 * projects one face at a time from just the part of the source the face samples (faceSlices), in slices of rows,
 * while sharp encodes earlier faces' tiles and the equirect images on libuv's threads. So no more than a face's part of
 * the source (at most 15 MB for an 8K panorama) and two top-level faces are in memory, never the whole decoded image.
 * Splitting the projection over worker threads was measured on 2 cores: 0.15 s faster on its own, but +0.5 s of CPU
 * (a tsx start per worker, copying the source into shared memory, tables per worker) that the encodes running
 * alongside need.
 */
export async function tileEquirect(
  file: string, header: { width: number; height: number }, dir: string, limits: TileLimits,
  onProgress: TileProgressListener | undefined,
): Promise<TileManifest> {
  const decoded = stageCounter(onProgress, 'decode', 1);
  const decodeOptions = { maxPixels: limits.maxEquirectWidth * limits.maxEquirectHeight };
  const decoding = decodeToFile(file, path.join(dir, DECODED_FILE), decodeOptions);
  // The decode runs on a libuv thread: build the caps' projection tables on this one meanwhile.
  const faceSize = faceSizeForEquirect(header.width);
  let tables = buildProjectionTables(header.height, faceSize, ['cap']);
  // Both awaited together: a source that fails to decode must reject here, not later as an unhandled rejection while
  // the reuse check is still reading the file.
  const [reuse, source] = await Promise.all([reusableSource(file), decoding]);
  try {
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
    const sourcePixels = { open: () => decoder(file, decodeOptions), width: source.width };

    await background.run(async () => {
      background.add(writeEquirectImages(sourcePixels, dir, sharpQueue, imageWritten, reuse));
      const rowsPerSlice = Math.max(1, Math.floor(PIXELS_PER_SLICE / faceSize));
      const slices = new Map(PROJECTION_ORDER.map((face) => [face, faceSlices(face, faceSize, source.width, source.height)]));
      // One buffer for every part of the source; top-level faces are reused once their tiles are written.
      const regionBuffer = Buffer.allocUnsafe(Math.max(...[...slices.values()].flat().map(({ rect }) => rect.width * rect.height * 3)));
      const freeFaces: Uint8Array[] = [];
      const facesBeingTiled: Promise<unknown>[] = [];
      for (const face of PROJECTION_ORDER) {
        if (face === 'f') tables = buildProjectionTables(header.height, faceSize, ['side']);
        const projector = createFaceProjector(header.height, faceSize, tables);
        const pixels = freeFaces.pop() ?? new Uint8Array(faceSize * faceSize * 3);
        for (const slice of slices.get(face)!) {
          const region = source.read(slice.rect, regionBuffer);
          for (let y = slice.y0; y < slice.y1; y += rowsPerSlice) {
            projector.fillRows(face, pixels, y, Math.min(slice.y1, y + rowsPerSlice), region);
            await yieldToEventLoop();
            background.throwIfFailed();
          }
        }
        faceProjected();
        while (facesBeingTiled.length >= FACES_IN_FLIGHT) await facesBeingTiled.shift();
        const tiled = writeFaceTiles({ face, pixels, levels, tilesDir, sharpQueue, onTileWritten: tileWritten });
        facesBeingTiled.push(background.add(tiled.then((view) => {
          small[face] = view;
          freeFaces.push(pixels);
        })));
      }
    });
    await writeSmallViews(small, dir, sharpQueue, imageWritten);
    return buildManifest(levels, { width: source.width, height: source.height, kind: 'equirect' });
  } finally {
    await source.remove();
  }
}
