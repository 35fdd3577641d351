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
          const tile = { pixels, size, tx, ty, file: path.join(dir, `${ty}_${tx}.jpg`) };
          writes.add(queue.run(() => writeTile(tile)).then(job.onTileWritten));
        }
      }
    }
    const [smallest, from] = [pixels, size];
    return queue.run(() => resizeRaw(smallest, from, FIRST_VIEW_FACE_SIZE));
  });
}

interface Tile {
  pixels: Uint8Array;
  size: number;
  tx: number;
  ty: number;
  file: string;
}

async function writeTile({ pixels, size, tx, ty, file }: Tile): Promise<void> {
  const left = tx * TILE_SIZE;
  const top = ty * TILE_SIZE;
  await sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .extract({ left, top, width: Math.min(TILE_SIZE, size - left), height: Math.min(TILE_SIZE, size - top) })
    // No Huffman optimisation, like vips dzsave and most tilers: tiles are ~5% larger but encode
    // about 30% faster, and a panorama has hundreds of them.
    .jpeg({ quality: TILE_QUALITY, optimiseCoding: false })
    .toFile(file);
}

async function resizeRaw(pixels: Uint8Array, from: number, to: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width: from, height: from, channels: 3 } }).resize(to, to).raw().toBuffer();
}
