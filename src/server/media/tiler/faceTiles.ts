import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { CubeFace, TileLevel } from '../../../protocol/tiles.ts';
import { FIRST_VIEW_FACE_SIZE, TILE_QUALITY } from './outputFiles.ts';
import { TaskGroup } from './taskGroup.ts';
import { TILE_SIZE } from './tileLevels.ts';
import type { WorkQueue } from './workQueue.ts';

export interface FaceTilesJob {
  face: CubeFace;
  /** The top level, RGB, levels[levels.length - 1].faceSize square. */
  pixels: Uint8Array;
  levels: readonly TileLevel[];
  tilesDir: string;
  onTileWritten: () => void;
  /** Every sharp call goes through it (see workQueue.ts). */
  sharpQueue: WorkQueue;
}

/**
 * Writes one face's whole pyramid, tiles/{level}/{face}/{y}_{x}.jpg, from the top level down: each
 * lower level is resized from the one above it (cheap: a 2x reduction of an already small image).
 * Tiles are encoded on libuv's threads while the caller goes on (the next face's projection).
 * Returns the face at FIRST_VIEW_FACE_SIZE (raw RGB), for the first-view image and the thumbnail.
 */
export async function writeFaceTiles(job: FaceTilesJob): Promise<Buffer> {
  const { face, levels, tilesDir, sharpQueue: queue } = job;
  // The group makes sure no tile is still being written when we return or throw: the caller may
  // delete the folder on failure.
  const writes = new TaskGroup();
  return writes.run(async () => {
    let pixels: Uint8Array = job.pixels;
    let size = levels[levels.length - 1]!.faceSize;
    for (const level of [...levels].reverse()) {
      if (level.faceSize !== size) {
        const [above, from] = [pixels, size];
        pixels = await queue.run(() => resizeRaw(above, from, level.faceSize));
        size = level.faceSize;
      }
      const dir = path.join(tilesDir, String(level.index), face);
      await fs.mkdir(dir, { recursive: true });
      for (let ty = 0; ty < level.tilesPerSide; ty++) {
        for (let tx = 0; tx < level.tilesPerSide; tx++) {
          const top = ty * TILE_SIZE;
          const tile = { pixels, width: size, height: size, left: tx * TILE_SIZE, top, bottom: Math.min(size, top + TILE_SIZE), file: path.join(dir, `${ty}_${tx}.jpg`) };
          writes.add(queue.run(() => writeTile(tile)).then(job.onTileWritten));
        }
      }
    }
    const [smallest, from] = [pixels, size];
    return queue.run(() => resizeRaw(smallest, from, FIRST_VIEW_FACE_SIZE));
  });
}

/**
 * Rows above and below a band of the top level that the 2x reduction reads (libvips' lanczos3 reduce by 2 spans 6 rows
 * each side): with them the band's half-size rows are the very pixels a reduction of the whole face gives.
 */
export const BAND_MARGIN = 8;

export interface TopBandJob {
  face: CubeFace;
  /** Rows band0 .. band1 - 1 of the top level (size x size), RGB: tile row `ty` and up to BAND_MARGIN rows each side. */
  band: Uint8Array;
  band0: number;
  band1: number;
  ty: number;
  size: number;
  /** The level below (size / 2 square), which receives this tile row's half of it. */
  half: Uint8Array;
  tilesDir: string;
  topLevel: number;
  onTileWritten: () => void;
  sharpQueue: WorkQueue;
}

/**
 * One tile row of a face's top level, from a band of it: its tiles, and its rows of the level below (so the top level
 * is never whole in memory: 20 MB a face for an 8K source, against 4 MB a band). The size must be even (it is:
 * faceSizeForEquirect) and band0 and band1 even, so the band's reduction lines up with the whole face's.
 */
export async function writeTopBand(job: TopBandJob): Promise<void> {
  const { band, band0, band1, ty, size, half, sharpQueue: queue } = job;
  const rows = band1 - band0;
  const y0 = ty * TILE_SIZE;
  const y1 = Math.min(size, y0 + TILE_SIZE);
  const dir = path.join(job.tilesDir, String(job.topLevel), job.face);
  await fs.mkdir(dir, { recursive: true });
  const writes = new TaskGroup();
  await writes.run(async () => {
    for (let tx = 0; tx * TILE_SIZE < size; tx++) {
      const tile = { pixels: band, width: size, height: rows, left: tx * TILE_SIZE, top: y0 - band0, bottom: y1 - band0, file: path.join(dir, `${ty}_${tx}.jpg`) };
      writes.add(queue.run(() => writeTile(tile)).then(job.onTileWritten));
    }
    const reduced = await queue.run(() =>
      sharp(band, { raw: { width: size, height: rows, channels: 3 } }).resize(size / 2, rows / 2).raw().toBuffer());
    const rowBytes = (size / 2) * 3;
    reduced.copy(half, (y0 / 2) * rowBytes, ((y0 - band0) / 2) * rowBytes, ((y1 - band0) / 2) * rowBytes);
  });
}

interface Tile {
  pixels: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  /** The row after the tile's last (clipped to the image). */
  bottom: number;
  file: string;
}

async function writeTile({ pixels, width, height, left, top, bottom, file }: Tile): Promise<void> {
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .extract({ left, top, width: Math.min(TILE_SIZE, width - left), height: Math.min(TILE_SIZE, bottom - top) })
    // No Huffman optimisation, like vips dzsave and most tilers: tiles are ~5% larger but encode
    // about 30% faster, and a panorama has hundreds of them.
    .jpeg({ quality: TILE_QUALITY, optimiseCoding: false })
    .toFile(file);
}

async function resizeRaw(pixels: Uint8Array, from: number, to: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width: from, height: from, channels: 3 } }).resize(to, to).raw().toBuffer();
}
