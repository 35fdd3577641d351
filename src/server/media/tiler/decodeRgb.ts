import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { RgbImage } from './rgbImage.ts';
import { TileInputError } from './tileInputError.ts';

export interface DecodeOptions {
  /** Refuse (TOO_LARGE) anything with more pixels: libvips' own guard against decompression bombs. */
  maxPixels: number;
  mirror?: 'horizontal' | 'vertical' | undefined;
}

/**
 * Decodes a whole image to 8-bit sRGB RGB: EXIF-oriented, ICC profiles and CMYK converted, 16-bit
 * reduced, transparency flattened onto black. A truncated or damaged file throws CORRUPT_IMAGE instead
 * of decoding to grey: failOn 'error' also fails on truncation, yet keeps the harmless warnings many
 * cameras' JPEGs trigger (failOn 'warning' would refuse those).
 */
export async function decodeRgb(file: string, options: DecodeOptions): Promise<RgbImage> {
  try {
    const { data, info } = await decoder(file, options).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels after conversion, got ${info.channels}`);
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw toInputError(file, error);
  }
}

/** The sharp pipeline of decodeRgb, for callers that send the pixels elsewhere (a file, an encoder). */
export function decoder(file: string, options: DecodeOptions): Sharp {
  let image = sharp(file, { failOn: 'error', limitInputPixels: options.maxPixels, autoOrient: true })
    .flatten({ background: '#000000' })
    .toColourspace('srgb');
  if (options.mirror === 'horizontal') image = image.flop();
  if (options.mirror === 'vertical') image = image.flip();
  return image;
}

/** A decoding failure as the TileInputError the uploader sees. */
export function toInputError(file: string, error: unknown): TileInputError {
  const name = path.basename(file);
  const reason = (error instanceof Error ? error.message : String(error)).trim();
  if (/pixel limit/i.test(reason)) {
    return new TileInputError('TOO_LARGE', `${name} has too many pixels to be tiled (${reason})`);
  }
  return new TileInputError('CORRUPT_IMAGE', `${name} is damaged or incomplete and cannot be decoded (${reason})`);
}
