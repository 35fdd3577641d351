import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { PANORAMA_IMAGES } from '../../../protocol/constants.ts';
import type { RgbImage } from './rgbImage.ts';
import { OUTPUT_FILES } from './outputFiles.ts';
import { copyWithoutMetadata, type ReusableSource } from './reusableSource.ts';
import { settleAll } from './taskGroup.ts';
import type { WorkQueue } from './workQueue.ts';

/** Where the equirect's pixels come from: a fresh sharp pipeline each call (one per output), and its size. */
export interface EquirectPixels {
  open: () => Sharp;
  width: number;
}

/** Pixels already in memory (the cube pipeline's equirect). */
export function pixelsInMemory(image: RgbImage): EquirectPixels {
  return { open: () => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }), width: image.width };
}

/**
 * desktop.jpg (progressive), adjusted.jpg and preview.jpg. Input pixels are oriented sRGB (decodeRgb's decoder, or
 * pixels made by the tiler); outputs carry no metadata (sharp's default). Each image is reported through onWritten as
 * it lands. A suitable source is copied instead of encoded (see reusableSource.ts). From a JPEG file each output
 * decodes it anew, which libvips does as a stream (and for the preview at 1/8 scale, as libjpeg can): cheaper in
 * memory than keeping the decoded image for them.
 */
export async function writeEquirectImages(
  pixels: EquirectPixels, dir: string, sharpQueue: WorkQueue, onWritten: () => void, reuse?: ReusableSource,
): Promise<void> {
  const maxWidth = Math.min(PANORAMA_IMAGES.adjustedRaw.width, PANORAMA_IMAGES.desktop.width);
  // Fit inside, never enlarge.
  const large = () => (pixels.width > maxWidth ? pixels.open().resize({ width: maxWidth, fit: 'inside' }) : pixels.open());
  const write = (file: string, encode: () => Sharp, copy = false) =>
    (copy ? copyWithoutMetadata(reuse!.file, path.join(dir, file)) : sharpQueue.run(() => encode().toFile(path.join(dir, file)))).then(onWritten);
  // Queued first because it is the longest single encode (a progressive JPEG is written in one pass
  // at the end); started early it overlaps the face projection instead of trailing the job.
  await settleAll([
    write(OUTPUT_FILES.desktop, () => large().jpeg({ quality: PANORAMA_IMAGES.desktop.quality, progressive: true }), reuse?.desktop),
    // Without Huffman optimisation: 3x faster to encode for a file ~5% larger, fine for the archive copy.
    write(OUTPUT_FILES.adjustedRaw, () => large().jpeg({ quality: PANORAMA_IMAGES.adjustedRaw.quality, optimiseCoding: false }), reuse?.adjusted),
    write(OUTPUT_FILES.preview, () =>
      pixels.open()
        .resize({ width: PANORAMA_IMAGES.preview.width, withoutEnlargement: true })
        .jpeg({ quality: PANORAMA_IMAGES.preview.quality })),
  ]);
}
