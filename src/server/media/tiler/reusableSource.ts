import fs from 'node:fs/promises';
import sharp from 'sharp';
import { PANORAMA_IMAGES } from '../../../protocol/constants.ts';

/** Which of the large equirect outputs may be the source file itself rather than a new encode. */
export interface ReusableSource {
  file: string;
  /** adjusted.jpg and desktop.jpg are copies of the source. */
  adjusted: boolean;
  desktop: boolean;
}

/**
 * Above this (estimated IJG) quality the source is encoded again at the outputs' quality 80: a
 * q90 file is about 1.7x the bytes of a q80 one, a q98 one 4x, too heavy for desktop.jpg.
 */
export const MAX_REUSED_QUALITY = 90;

/**
 * Encoding the same pixels again only loses quality and is the heaviest single encode of a job
 * (0.5 s of CPU and 100 MB for an 8K progressive JPEG), so a source that is already an 8-bit sRGB
 * JPEG no wider than the outputs, upright (no EXIF rotation), without a colour profile to convert
 * and of quality <= MAX_REUSED_QUALITY is kept as it is, its metadata dropped (stripJpegMetadata)
 * as the encoded outputs carry none. desktop.jpg is then baseline when the source is: Atrium's
 * viewer loads it only for a panorama without tiles, which no panorama this tiler made is.
 */
export async function reusableSource(file: string): Promise<ReusableSource> {
  const meta = await sharp(file).metadata();
  const suitable = meta.format === 'jpeg' && meta.channels === 3 && meta.space === 'srgb' && meta.depth === 'uchar'
    && (meta.orientation ?? 1) === 1 && !meta.icc
    && meta.width <= Math.min(PANORAMA_IMAGES.adjustedRaw.width, PANORAMA_IMAGES.desktop.width)
    && (jpegQuality(await readHead(file)) ?? Infinity) <= MAX_REUSED_QUALITY;
  return { file, adjusted: suitable, desktop: suitable };
}

/** The part of a JPEG before its image data, where the quantisation tables are (EXIF included). */
async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(256 * 1024), position: 0 });
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The IJG (libjpeg) luminance table at quality 50, which quality q scales by 5000/q (q < 50) or 200 - 2q. */
const IJG_LUMINANCE_SUM = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
  14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
  49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
].reduce((a, b) => a + b, 0);

/**
 * The quality a JPEG was saved at, estimated from its luminance quantisation table (table 0) the
 * way ImageMagick does; null when the header has none or is cut off.
 */
export function jpegQuality(jpeg: Buffer): number | null {
  try {
    return readQuality(jpeg);
  } catch {
    return null; // a header longer than what was read, or malformed: encode as before
  }
}

function readQuality(jpeg: Buffer): number | null {
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda) return null;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker === 0xdb) {
      for (let t = at + 4; t < at + 2 + length;) {
        const wide = jpeg[t]! >> 4;
        const id = jpeg[t]! & 0x0f;
        let sum = 0;
        for (let i = 0; i < 64; i++) sum += wide ? jpeg.readUInt16BE(t + 1 + 2 * i) : jpeg[t + 1 + i]!;
        if (id === 0) {
          const scale = (sum * 100) / IJG_LUMINANCE_SUM;
          return Math.round(scale <= 100 ? (200 - scale) / 2 : 5000 / scale);
        }
        t += 1 + 64 * (wide ? 2 : 1);
      }
    }
    at += 2 + length;
  }
  return null;
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
