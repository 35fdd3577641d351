import fs from 'node:fs/promises';
import sharp from 'sharp';
import { PANORAMA_IMAGES } from '../../../protocol/constants.ts';

/** Which of the large equirect outputs may be the source file itself rather than a new encode. */
export interface ReusableSource {
  file: string;
  /** adjusted.jpg: any baseline or progressive JPEG that decodes to the pixels the tiles are made of. */
  adjusted: boolean;
  /** desktop.jpg must be progressive (it is shown while it loads), so only a progressive source. */
  desktop: boolean;
}

/**
 * Encoding the same pixels again only loses quality and takes the longest single step of a job
 * (0.3-0.7 s of CPU per 8K image), so a source that is already an 8-bit sRGB JPEG no wider than the
 * outputs, upright (no EXIF rotation) and without a colour profile to convert is kept as it is,
 * its metadata dropped (stripJpegMetadata) like the encoded outputs carry none.
 */
export async function reusableSource(file: string): Promise<ReusableSource> {
  const meta = await sharp(file).metadata();
  const suitable = meta.format === 'jpeg' && meta.channels === 3 && meta.space === 'srgb' && meta.depth === 'uchar'
    && (meta.orientation ?? 1) === 1 && !meta.icc
    && meta.width <= Math.min(PANORAMA_IMAGES.adjustedRaw.width, PANORAMA_IMAGES.desktop.width);
  return { file, adjusted: suitable, desktop: suitable && meta.isProgressive === true };
}

/** Segments a decoder needs besides the image data: JFIF (APP0) and Adobe's colour transform (APP14). */
const KEPT_APP_MARKERS = new Set([0xe0, 0xee]);

/**
 * The JPEG without its metadata (EXIF with the camera and GPS position, XMP, IPTC, comments): the
 * segments before the scan are copied except APP1-APP13, APP15 and COM, the image data is copied
 * as it is, so not one pixel changes. Throws on anything that is not a well-formed JPEG header.
 */
export function stripJpegMetadata(jpeg: Buffer): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG file');
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (at + 4 > jpeg.length || jpeg[at] !== 0xff) throw new Error('malformed JPEG header');
    const marker = jpeg[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xda) {
      kept.push(jpeg.subarray(at)); // start of scan: the rest is image data
      return Buffer.concat(kept);
    }
    const end = at + 2 + jpeg.readUInt16BE(at + 2);
    if (end > jpeg.length) throw new Error('truncated JPEG header');
    const isMetadata = marker === 0xfe || (marker >= 0xe0 && marker <= 0xef && !KEPT_APP_MARKERS.has(marker));
    if (!isMetadata) kept.push(jpeg.subarray(at, end));
    at = end;
  }
}

/** Writes the source, metadata stripped, to `target`. */
export async function copyWithoutMetadata(source: string, target: string): Promise<void> {
  await fs.writeFile(target, stripJpegMetadata(await fs.readFile(source)));
}
