import fs from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { STUDIO_LIMITS } from '../../../protocol/studio.ts';
import { DEFAULT_TILE_LIMITS } from '../../media/tiler/index.ts';
import type { UploadedFile } from './uploadedFiles.ts';

/** Formats taken for panoramas, logos and floor plans, as sharp names them after reading the bytes. */
const ACCEPTED: Record<string, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', tiff: 'TIFF' };
const MB = 1024 * 1024;

export type ImageProblemCode = 'NOT_AN_IMAGE' | 'CORRUPT_IMAGE' | 'UNSUPPORTED_FORMAT' | 'TOO_LARGE' | 'TOO_SMALL' | 'WRONG_RATIO';

/** Why one file was refused: the message names the file and the problem, for the owner. */
export class ImageProblem extends Error {
  constructor(readonly code: ImageProblemCode, message: string) {
    super(message);
  }
}

export interface CheckedImage {
  width: number;
  height: number;
  format: string;
}

/**
 * Reads what the bytes are (never the extension) and decodes the whole image at a small scale, which finds a
 * truncated or damaged file in a fraction of the full decode (JPEG shrink-on-load).
 */
export async function checkImage(file: UploadedFile, maxBytes: number): Promise<CheckedImage> {
  const name = file.fileName;
  if (file.truncated) throw new ImageProblem('TOO_LARGE', `${name} is larger than ${Math.round(maxBytes / MB)} MB, the largest file accepted`);
  if (file.bytes === 0) throw new ImageProblem('NOT_AN_IMAGE', `${name} is empty`);
  let meta: Metadata;
  try {
    meta = await sharp(file.path, { limitInputPixels: false }).metadata();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/unsupported image format/i.test(reason)) throw new ImageProblem('NOT_AN_IMAGE', `${name} is not an image (use a JPEG, PNG, WebP or TIFF file)`);
    throw new ImageProblem('CORRUPT_IMAGE', `${name} is damaged and cannot be read`);
  }
  const format = String(meta.format);
  if (!(format in ACCEPTED)) throw new ImageProblem('UNSUPPORTED_FORMAT', `${name} is a ${format.toUpperCase()} image: use JPEG, PNG, WebP or TIFF`);
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > STUDIO_LIMITS.panoramaPixels) {
    throw new ImageProblem('TOO_LARGE', `${name} is ${width}x${height}: the largest image accepted has ${(STUDIO_LIMITS.panoramaPixels / 1e6).toFixed(0)} million pixels (16384x8192)`);
  }
  try {
    await sharp(file.path, { failOn: 'truncated' }).resize({ width: 64, height: 64, fit: 'inside' }).raw().toBuffer();
  } catch {
    throw new ImageProblem('CORRUPT_IMAGE', `${name} is damaged (the image data is cut short or broken) and cannot be read`);
  }
  return { width, height, format };
}

/** Everything checkImage checks, plus what the tiler needs: 2:1 and within its size bounds. */
export async function checkPanorama(file: UploadedFile): Promise<CheckedImage> {
  const image = await checkImage(file, STUDIO_LIMITS.panoramaBytes);
  const is = `${file.fileName} is ${image.width}x${image.height}`;
  if (Math.abs(image.width / image.height / 2 - 1) > STUDIO_LIMITS.ratioTolerance) {
    throw new ImageProblem('WRONG_RATIO', `${is}: a 360° panorama must be twice as wide as it is high (2:1, equirectangular)`);
  }
  if (image.width > DEFAULT_TILE_LIMITS.maxEquirectWidth || image.height > DEFAULT_TILE_LIMITS.maxEquirectHeight) {
    throw new ImageProblem('TOO_LARGE', `${is}: the largest panorama accepted is ${DEFAULT_TILE_LIMITS.maxEquirectWidth}x${DEFAULT_TILE_LIMITS.maxEquirectHeight}`);
  }
  if (image.width < DEFAULT_TILE_LIMITS.minEquirectWidth || image.height < DEFAULT_TILE_LIMITS.minEquirectHeight) {
    throw new ImageProblem('TOO_SMALL', `${is}: a panorama must be at least ${DEFAULT_TILE_LIMITS.minEquirectWidth}x${DEFAULT_TILE_LIMITS.minEquirectHeight}`);
  }
  return image;
}

const EXTENSIONS: Record<string, string> = { jpeg: '.jpg', png: '.png', webp: '.webp', tiff: '.tif' };

/** Renames a checked file so its extension says what its bytes are; answers the new path. */
export async function withFormatExtension(file: string, format: string): Promise<string> {
  const target = `${file.replace(/\.[^./\\]*$/, '')}${EXTENSIONS[format] ?? ''}`;
  if (target !== file) await fs.rename(file, target);
  return target;
}
