import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { MARKER_ASSET_LIMITS, type MarkerAssetKind } from '../../../protocol/studioMarkers.ts';
import { AppError } from '../../errors.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import { FIT_SIDES, fitImage } from '../../media/fitImage.ts';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp', 'application/pdf': '.pdf',
  'audio/mpeg': '.mp3', 'audio/mp4': '.m4a', 'audio/ogg': '.ogg', 'audio/wav': '.wav',
};

/** The content type of a file by its first bytes (never by its name or the type the browser claims). */
export async function sniffContentType(file: string): Promise<string | null> {
  const handle = await fs.promises.open(file, 'r');
  const head = Buffer.alloc(16);
  try {
    await handle.read(head, 0, 16, 0);
  } finally {
    await handle.close();
  }
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (ascii(0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(4, 8) === 'ftyp' && /^(M4A |M4B |mp42|isom)/.test(ascii(8, 12))) return 'audio/mp4';
  try {
    const { format } = await sharp(file).metadata();
    if (format === 'jpeg') return 'image/jpeg';
    if (format === 'png') return 'image/png';
    if (format === 'webp') return 'image/webp';
  } catch {
    // not an image sharp can read
  }
  return null;
}

const describe = (kind: MarkerAssetKind) => ({ photo: 'a JPEG, PNG or WebP photo', icon: 'a PNG, WebP or JPEG icon', pdf: 'a PDF', audio: 'an MP3, M4A, OGG or WAV audio file' })[kind];

/**
 * Writes an uploaded stream to a temporary file, checks its size and real type for the asset kind, then stores it
 * content-addressed (the same bytes twice are stored once). The temporary file is always removed.
 */
export async function storeMarkerAsset(
  media: MediaStorage, kind: MarkerAssetKind, upload: { fileName: string; stream: Readable & { truncated?: boolean } },
): Promise<{ url: string; contentType: string; bytes: number }> {
  const limit = MARKER_ASSET_LIMITS[kind];
  const temp = path.join(os.tmpdir(), `atrium-asset-${randomBytes(6).toString('hex')}`);
  try {
    await pipeline(upload.stream, fs.createWriteStream(temp));
    if (upload.stream.truncated) {
      throw new AppError('PAYLOAD_TOO_LARGE', `${upload.fileName}: the file is larger than ${Math.round(limit.bytes / 1024 / 1024)} MB.`, 'file');
    }
    const bytes = (await fs.promises.stat(temp)).size;
    if (bytes === 0) throw new AppError('VALIDATION_FAILED', `${upload.fileName}: the file is empty.`, 'file');
    const contentType = await sniffContentType(temp);
    if (!contentType || !limit.types.includes(contentType)) {
      throw new AppError('UNSUPPORTED_MEDIA', `${upload.fileName}: not ${describe(kind)}.`, 'file');
    }
    // Photos are shown in a panel: at most FIT_SIDES.markerPhoto on the longest side (checked by content above).
    if (kind === 'photo') await fitImage(temp, FIT_SIDES.markerPhoto);
    const named = `${temp}${EXTENSIONS[contentType] ?? ''}`;
    await fs.promises.rename(temp, named);
    try {
      const { url } = await media.storeAsset(named);
      return { url, contentType, bytes: kind === 'photo' ? (await fs.promises.stat(named)).size : bytes };
    } finally {
      await fs.promises.rm(named, { force: true });
    }
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
}
