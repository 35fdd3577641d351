import os from 'node:os';
import path from 'node:path';
import type { CubeFace, TileManifest } from '../../../protocol/tiles.ts';
import { buildManifest } from './buildManifest.ts';
import { collectGarbage } from './collectGarbage.ts';
import { decoder } from './decodeRgb.ts';
import { decodeToFile } from './decodedSource.ts';
import { writeEquirectImages } from './equirectImages.ts';
import { buildProjectionTables, createFaceProjector, type EquirectRegion } from './equirectToFace.ts';
import { faceSlices, type FaceSlice } from './faceRegions.ts';
import { BAND_MARGIN, writeFaceTiles, writeTopBand } from './faceTiles.ts';
import { OUTPUT_FILES } from './outputFiles.ts';
import { reusableSource } from './reusableSource.ts';
import { stageCounter, type TileProgressListener } from './progress.ts';
import { writeSmallViews } from './smallViews.ts';
import { TaskGroup, yieldToEventLoop } from './taskGroup.ts';
import type { TileLimits } from './tileInput.ts';
import { faceSizeForEquirect, TILE_SIZE, tileLevels, tilesPerFace } from './tileLevels.ts';
import { createWorkQueue } from './workQueue.ts';

/**
 * Projection between two turns of the event loop, 5-10 ms. Each turn collects the encodes that finished and starts the
 * queued ones (sharpQueue hands a freed slot on only then), so in longer slices the encoder threads sat idle and this
 * thread then waited for the band before (0.9 s of an 8K job with 1 Mpx slices). Measured, 12 paired runs of the whole
 * command (8K source): 1 Mpx -> 256 kpx, wall 0.91x.
 */
const PIXELS_PER_SLICE = 1 << 18;

/**
 * Bands of a face's top level (a tile row each, writeTopBand) whose tiles may still be encoding while the next band is
 * projected, 4 MB each for an 8K source. One is enough on 2 cores: a band's tiles encode in about the time the next band
 * takes to project. With two the peak memory was 149 MB against 137 (8K source), for no shorter wall time.
 */
const BANDS_IN_FLIGHT = 1;

/** The caps first, with their tables, which are then dropped for the side faces' (see buildProjectionTables). */
const PROJECTION_ORDER: readonly CubeFace[] = ['u', 'd', 'f', 'r', 'b', 'l'];

/** The decoded source while the job runs, inside the job's partial folder (removed with it on failure). */
const DECODED_FILE = '.decoded-source.v';

/**
 * Equirect -> everything. libvips decodes the source once, as a stream, into a raw file (decodedSource.ts); this thread
 * projects one face at a time from just the part of the source the face samples (faceSlices), a tile row of its top
 * level at a time (writeTopBand), while sharp encodes earlier bands' tiles, lower levels and the equirect images on
 * libuv's threads. So no more than a face's part of the source (at most 15 MB for an 8K panorama), a few bands and the
 * level below the top are in memory, never the whole decoded image nor a whole top-level face.
 * Splitting the projection over worker threads was measured on 2 cores: 0.15 s faster on its own, but +0.5 s of CPU
 * (a tsx start per worker, copying the source into shared memory, tables per worker) that the encodes running
 * alongside need. Measured again with this pipeline, a helper thread started from a bundle (no tsx) projecting every
 * other band, the source's part, tables and bands in SharedArrayBuffers: no faster on the shared 2 cores (wall 1.07x
 * of one thread, median of 6 paired runs at load 8) and 20 MB more. Measured once more on a quiet machine, the helper
 * taking half of every row's columns (the same shared buffers, so no band more): wall 0.93x, CPU 1.06x, peak 150
 * against 136 MB (10 paired runs). The process is then bound by its total CPU, and the 14 MB would break the 2x memory
 * target (libvips' own tool peaks at 70-78 MB).
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
      // One buffer for every part of the source; bands are reused once their tiles are written.
      const regionBuffer = Buffer.allocUnsafe(Math.max(...[...slices.values()].flat().map(({ rect }) => rect.width * rect.height * 3)));
      const top = levels[levels.length - 1]!;
      // A face of one tile is projected whole (it is small); larger ones a tile row at a time.
      const banded = levels.length > 1;
      const freeBands: Uint8Array[] = [];
      const bandsBeingTiled: Promise<unknown>[] = [];
      for (const face of PROJECTION_ORDER) {
        if (face === 'f') tables = buildProjectionTables(header.height, faceSize, ['side']);
        const projector = createFaceProjector(header.height, faceSize, tables);
        let loaded: { slice: FaceSlice; region: EquirectRegion } | undefined;
        /** Rows [from, to) of the face into `out`, which holds rows from `from` on; the source's part read as needed. */
        const project = async (out: Uint8Array, from: number, to: number) => {
          for (const slice of slices.get(face)!) {
            const [y0, y1] = [Math.max(from, slice.y0), Math.min(to, slice.y1)];
            if (y0 >= y1) continue;
            if (loaded?.slice !== slice) loaded = { slice, region: source.read(slice.rect, regionBuffer) };
            for (let y = y0; y < y1; y += rowsPerSlice) {
              projector.fillRows(face, out, y, Math.min(y1, y + rowsPerSlice), loaded.region, from);
              await yieldToEventLoop();
              background.throwIfFailed();
            }
          }
        };
        const keepSmall = (view: Buffer) => {
          small[face] = view;
        };
        if (!banded) {
          const pixels = new Uint8Array(faceSize * faceSize * 3);
          await project(pixels, 0, faceSize);
          faceProjected();
          background.add(writeFaceTiles({ face, pixels, levels, tilesDir, sharpQueue, onTileWritten: tileWritten }).then(keepSmall));
          continue;
        }
        const half = new Uint8Array((faceSize / 2) * (faceSize / 2) * 3);
        const bands: Promise<unknown>[] = [];
        for (let ty = 0; ty < top.tilesPerSide; ty++) {
          const band0 = Math.max(0, ty * TILE_SIZE - BAND_MARGIN);
          const band1 = Math.min(faceSize, (ty + 1) * TILE_SIZE + BAND_MARGIN);
          const band = freeBands.pop() ?? new Uint8Array(faceSize * (TILE_SIZE + 2 * BAND_MARGIN) * 3);
          await project(band, band0, band1);
          while (bandsBeingTiled.length >= BANDS_IN_FLIGHT) await bandsBeingTiled.shift();
          const written = background.add(writeTopBand({
            face, band, band0, band1, ty, size: faceSize, half, tilesDir, topLevel: top.index, onTileWritten: tileWritten, sharpQueue,
          }).then(() => {
            freeBands.push(band);
          }));
          bands.push(written);
          bandsBeingTiled.push(written);
        }
        faceProjected();
        // Each face leaves about 13 MB of buffers behind (its half level, the bands' reductions, its lower levels),
        // counted by V8 only as external memory and collected late: up to six faces' worth piled up (peak 184 against
        // 150 MB for an 8K source, with atrium.mjs's allocator settings). One collection per face, about 5 ms.
        collectGarbage();
        // The levels below the top once every band has put its rows into `half`.
        const lower = levels.slice(0, -1);
        background.add(Promise.all(bands).then(() =>
          writeFaceTiles({ face, pixels: half, levels: lower, tilesDir, sharpQueue, onTileWritten: tileWritten })).then(keepSmall));
      }
    });
    await writeSmallViews(small, dir, sharpQueue, imageWritten);
    return buildManifest(levels, { width: source.width, height: source.height, kind: 'equirect' });
  } finally {
    await source.remove();
  }
}
