import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { CUBE_FACES, type CubeFace } from '../../../protocol/tileNames.ts';
import { faceFilePath, type CubeFaceFile, type TileLimits } from './tileInput.ts';
import { TileInputError } from './tileInputError.ts';

/** What sharp reports for the formats we take; everything else it can read is refused. */
const ACCEPTED_FORMATS: Record<string, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', tiff: 'TIFF' };

interface ImageHeader {
  width: number;
  height: number;
}

/**
 * Reads only the file header (cheap: no pixels are decoded), so bad uploads fail before any heavy work.
 * Dimensions are those after EXIF auto-orientation, as the pipeline will see them.
 */
async function readHeader(file: string): Promise<ImageHeader> {
  const name = path.basename(file);
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) throw new TileInputError('NOT_AN_IMAGE', `${name} cannot be read: no such file`);
  let meta: Metadata;
  try {
    // No pixel limit here: we want to read the size of a huge image and refuse it with a clear message.
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/unsupported image format/i.test(reason)) {
      throw new TileInputError('NOT_AN_IMAGE', `${name} is not an image (use a JPEG, PNG, WebP or TIFF file)`);
    }
    throw new TileInputError('CORRUPT_IMAGE', `${name} is damaged and cannot be read (${reason.trim()})`);
  }
  const format = meta.format as string;
  if (!(format in ACCEPTED_FORMATS)) {
    throw new TileInputError(
      'UNSUPPORTED_FORMAT',
      `${name} is a ${format.toUpperCase()} image: use JPEG, PNG, WebP or TIFF`,
    );
  }
  return { width: meta.autoOrient.width, height: meta.autoOrient.height };
}

export async function inspectEquirect(file: string, limits: TileLimits): Promise<ImageHeader> {
  const { width, height } = await readHeader(file);
  const is = `${path.basename(file)} is ${width}x${height}`;
  if (width > limits.maxEquirectWidth || height > limits.maxEquirectHeight) {
    throw new TileInputError(
      'TOO_LARGE',
      `${is}: the largest panorama accepted is ${limits.maxEquirectWidth}x${limits.maxEquirectHeight}`,
    );
  }
  if (Math.abs(width / height / 2 - 1) > limits.ratioTolerance) {
    throw new TileInputError(
      'WRONG_RATIO',
      `${is}: an equirectangular panorama must be twice as wide as it is high (2:1)`,
    );
  }
  if (width < limits.minEquirectWidth || height < limits.minEquirectHeight) {
    throw new TileInputError(
      'TOO_SMALL',
      `${is}: a panorama must be at least ${limits.minEquirectWidth}x${limits.minEquirectHeight}`,
    );
  }
  return { width, height };
}

/** Checks the six faces: each square, all the same size, within limits. Returns the face size. */
export async function inspectCube(faces: Record<CubeFace, CubeFaceFile>, limits: TileLimits): Promise<number> {
  const headers = await Promise.all(CUBE_FACES.map((face) => readHeader(faceFilePath(faces[face]))));
  let first: { face: CubeFace; size: number } | undefined;
  for (const [i, face] of CUBE_FACES.entries()) {
    const { width, height } = headers[i]!;
    const name = path.basename(faceFilePath(faces[face]));
    const is = `${name} (face ${face}) is ${width}x${height}`;
    if (width !== height) throw new TileInputError('WRONG_RATIO', `${is}: a cube face must be square`);
    if (width > limits.maxFaceSize) {
      throw new TileInputError('TOO_LARGE', `${is}: the largest cube face accepted is ${limits.maxFaceSize}x${limits.maxFaceSize}`);
    }
    if (width < limits.minFaceSize) {
      throw new TileInputError('TOO_SMALL', `${is}: a cube face must be at least ${limits.minFaceSize}x${limits.minFaceSize}`);
    }
    if (!first) first = { face, size: width };
    else if (width !== first.size) {
      const firstName = path.basename(faceFilePath(faces[first.face]));
      throw new TileInputError(
        'FACES_MISMATCH',
        `${is} but ${firstName} (face ${first.face}) is ${first.size}x${first.size}: all six cube faces must be the same size`,
      );
    }
  }
  return first!.size;
}
