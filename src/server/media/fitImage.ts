import fs from 'node:fs';
import sharp from 'sharp';

/** The longest side, in pixels, kept for pictures people upload beside a tour. */
export const FIT_SIDES = { logo: 800, markerPhoto: 2048 } as const;

/**
 * Shrinks a picture in place so its longest side is at most `maxSide` (never enlarges), turned upright by its EXIF
 * orientation and kept in its own format: a 24-megapixel camera logo becomes a logo, and a visitor's phone does
 * not download 8 MB to show a marker photo. Answers the size it now has.
 */
export async function fitImage(file: string, maxSide: number): Promise<{ width: number; height: number }> {
  const meta = await sharp(file).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width <= maxSide && height <= maxSide) return { width, height };
  const resized = await sharp(file).rotate().resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true }).toBuffer({ resolveWithObject: true });
  await fs.promises.writeFile(file, resized.data);
  return { width: resized.info.width, height: resized.info.height };
}
