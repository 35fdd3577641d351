import fs from 'node:fs';
import { decoder, toInputError, type DecodeOptions } from './decodeRgb.ts';
import type { EquirectRegion } from './equirectToFace.ts';
import type { SourceRect } from './faceRegions.ts';

/**
 * The decoded source in a file of raw pixels, read back a rectangle at a time. libvips decodes a JPEG in one streaming
 * pass, a strip at a time, so writing the pixels to a file never holds the whole image (100 MB for an 8K panorama, 400
 * MB for a 16K one): the tiler keeps only the part each face samples (faceRegions.ts). The file sits in the page cache
 * and is deleted before the job ends.
 */
export interface DecodedSource {
  width: number;
  height: number;
  /** The rectangle's pixels, in `into` when it is large enough (the caller reuses one buffer for every face). */
  read(rect: SourceRect, into?: Buffer): EquirectRegion;
  remove(): Promise<void>;
}

/** libvips' own format (.v): a 64-byte header, then the pixels as they are in memory, row by row. */
const HEADER_BYTES = 64;
/** Full rows read per system call: few calls, a small buffer (0.8 MB for an 8K source). */
const ROWS_PER_READ = 32;

export async function decodeToFile(file: string, target: string, options: DecodeOptions): Promise<DecodedSource> {
  if (!target.endsWith('.v')) throw new Error(`${target}: the decoded source is written in libvips' format, .v`);
  try {
    await decoder(file, options).toFile(target);
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw toInputError(file, error);
  }
  const fd = fs.openSync(target, 'r');
  try {
    const { width, height } = readHeader(fd, target);
    return openSource(fd, target, width, height);
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
}

/** Width and height from the header, after checking it holds what the reads below assume: 3 bands of 8 bits. */
function readHeader(fd: number, target: string): { width: number; height: number } {
  const header = Buffer.alloc(HEADER_BYTES);
  fs.readSync(fd, header, 0, HEADER_BYTES, 0);
  const width = header.readInt32LE(4);
  const height = header.readInt32LE(8);
  const bands = header.readInt32LE(12);
  const format = header.readInt32LE(20); // 0: unsigned char
  const coding = header.readInt32LE(24); // 0: none
  if (header.readUInt32BE(0) !== 0xb6a6f208 || bands !== 3 || format !== 0 || coding !== 0) {
    throw new Error(`${target} is not 8-bit RGB in little-endian libvips format (bands ${bands}, format ${format}, coding ${coding})`);
  }
  return { width, height };
}

function openSource(fd: number, target: string, width: number, height: number): DecodedSource {
  const rowBytes = width * 3;
  const chunk = Buffer.allocUnsafe(ROWS_PER_READ * rowBytes);
  let open = true;
  return {
    width,
    height,
    read(rect, into) {
      if (!open) throw new Error(`${target} was removed`);
      const outRow = rect.width * 3;
      const bytes = outRow * rect.height;
      const data = into && into.length >= bytes ? into.subarray(0, bytes) : Buffer.allocUnsafe(bytes);
      // Columns x0 .. width - 1, then (when the rectangle wraps) 0 .. the rest.
      const firstPart = Math.min(rect.width, width - rect.x0) * 3;
      for (let y = 0; y < rect.height; y += ROWS_PER_READ) {
        const rows = Math.min(ROWS_PER_READ, rect.height - y);
        const position = HEADER_BYTES + (rect.y0 + y) * rowBytes;
        const got = fs.readSync(fd, chunk, 0, rows * rowBytes, position);
        if (got !== rows * rowBytes) throw new Error(`${target} ended early (row ${rect.y0 + y})`);
        for (let r = 0; r < rows; r++) {
          const from = r * rowBytes;
          const to = (y + r) * outRow;
          chunk.copy(data, to, from + rect.x0 * 3, from + rect.x0 * 3 + firstPart);
          if (firstPart < outRow) chunk.copy(data, to + firstPart, from, from + outRow - firstPart);
        }
      }
      return { data, width: rect.width, height: rect.height, x0: rect.x0, y0: rect.y0, fullWidth: width, fullHeight: height };
    },
    async remove() {
      if (open) fs.closeSync(fd);
      open = false;
      await fs.promises.rm(target, { force: true });
    },
  };
}
