import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { PANORAMA_IMAGES } from '../../../protocol/constants.ts';
import type { RgbImage } from './rgbImage.ts';
import { OUTPUT_FILES } from './outputFiles.ts';
import { copyWithoutMetadata, type ReusableSource } from './reusableSource.ts';
import { settleAll } from './taskGroup.ts';
import type { WorkQueue } from './workQueue.ts';

/**
 * desktop.jpg (progressive), adjusted.jpg and preview.jpg from the decoded equirect, so the source
 * is decoded only once. Input pixels are already oriented sRGB; outputs carry no metadata (sharp's
 * default). Each image is reported through onWritten as it lands. A suitable source is copied instead
 * of encoded (see reusableSource.ts).
 */
export async function writeEquirectImages(
  image: RgbImage, dir: string, sharpQueue: WorkQueue, onWritten: () => void, reuse?: ReusableSource,
): Promise<void> {
  const maxWidth = Math.min(PANORAMA_IMAGES.adjustedRaw.width, PANORAMA_IMAGES.desktop.width);
  // Shrink once for both large outputs (fit inside, never enlarge).
  const large = image.width > maxWidth ? await sharpQueue.run(() => resizeRgb(image, maxWidth)) : image;
  const raw = () => sharp(large.data, { raw: { width: large.width, height: large.height, channels: 3 } });
  const write = (file: string, encode: () => Sharp, copy = false) =>
    (copy ? copyWithoutMetadata(reuse!.file, path.join(dir, file)) : sharpQueue.run(() => encode().toFile(path.join(dir, file)))).then(onWritten);
  // Queued first because it is the longest single encode (a progressive JPEG is written in one pass
  // at the end); started early it overlaps the face projection instead of trailing the job.
  await settleAll([
    write(OUTPUT_FILES.desktop, () => raw().jpeg({ quality: PANORAMA_IMAGES.desktop.quality, progressive: true }), reuse?.desktop),
    // Without Huffman optimisation: 3x faster to encode for a file ~5% larger, fine for the archive copy.
    write(OUTPUT_FILES.adjustedRaw, () => raw().jpeg({ quality: PANORAMA_IMAGES.adjustedRaw.quality, optimiseCoding: false }), reuse?.adjusted),
    write(OUTPUT_FILES.preview, () =>
      raw()
        .resize({ width: PANORAMA_IMAGES.preview.width, withoutEnlargement: true })
        .jpeg({ quality: PANORAMA_IMAGES.preview.quality })),
  ]);
}

async function resizeRgb(image: RgbImage, width: number): Promise<RgbImage> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize({ width, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
