import path from 'node:path';
import sharp from 'sharp';
import { CUBE_FACES, type CubeFace } from '../../../protocol/tileNames.ts';
import {
  FIRST_VIEW_FACE_SIZE, FIRST_VIEW_QUALITY, OUTPUT_FILES, THUMBNAIL_QUALITY, THUMBNAIL_SIZE,
} from './outputFiles.ts';
import { settleAll } from './taskGroup.ts';
import type { WorkQueue } from './workQueue.ts';

/**
 * first-view.jpg (the six faces side by side in faceOrder, so a viewer paints the whole cube from one
 * request) and thumb.jpg (the front face), from each face at FIRST_VIEW_FACE_SIZE, raw RGB.
 */
export async function writeSmallViews(
  faces: Partial<Record<CubeFace, Buffer>>, dir: string, sharpQueue: WorkQueue, onWritten: () => void,
): Promise<void> {
  const s = FIRST_VIEW_FACE_SIZE;
  const strip = Buffer.alloc(6 * s * s * 3);
  for (const [i, face] of CUBE_FACES.entries()) {
    const pixels = faces[face];
    if (!pixels || pixels.length !== s * s * 3) throw new Error(`first view: face ${face} is missing`);
    for (let y = 0; y < s; y++) pixels.copy(strip, (y * 6 * s + i * s) * 3, y * s * 3, (y + 1) * s * 3);
  }
  const front = faces.f!;
  await settleAll([
    sharpQueue.run(() =>
      sharp(strip, { raw: { width: 6 * s, height: s, channels: 3 } })
        .jpeg({ quality: FIRST_VIEW_QUALITY })
        .toFile(path.join(dir, OUTPUT_FILES.firstView))).then(onWritten),
    sharpQueue.run(() =>
      sharp(front, { raw: { width: s, height: s, channels: 3 } })
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE)
        .jpeg({ quality: THUMBNAIL_QUALITY })
        .toFile(path.join(dir, OUTPUT_FILES.thumbnail))).then(onWritten),
  ]);
}
