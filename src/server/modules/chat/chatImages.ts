import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_MAX_EDGE, CHAT_IMAGE_MAX_PIXELS, type ChatImage } from '../../../protocol/chat.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';

/** Formats taken from people's phones and desktops, as sharp names them after reading the bytes. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);
const CHAT_DIR = 'chat';
const STORED = /^\/media\/chat\/[A-Za-z0-9]{22}\.webp$/;

/**
 * Images sent in conversations: the bytes decide what a file is (never its name or declared type); it is decoded
 * whole (a truncated file fails), turned upright, scaled to at most CHAT_IMAGE_MAX_EDGE, re-encoded as WebP without
 * its metadata (no camera location leaks), and stored under a random name in the media store. The name is the
 * capability: only the conversation's members are sent it.
 */
export class ChatImages {
  constructor(private readonly storage: MediaStorage) {}

  async store(bytes: Buffer): Promise<ChatImage> {
    if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'The image is empty.', 'body');
    if (bytes.length > CHAT_IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `The image is larger than ${CHAT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`, 'body');
    let format: string | undefined;
    try {
      format = (await sharp(bytes).metadata()).format;
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA', 'This file is not an image (send a JPEG, PNG, WebP, GIF or HEIC picture).', 'body');
    }
    if (!format || !ACCEPTED.has(format)) throw new AppError('UNSUPPORTED_MEDIA', `${String(format).toUpperCase()} images are not accepted: send a JPEG, PNG, WebP, GIF or HEIC picture.`, 'body');
    let encoded: { data: Buffer; info: OutputInfo };
    try {
      encoded = await sharp(bytes, { limitInputPixels: CHAT_IMAGE_MAX_PIXELS, failOn: 'truncated' })
        .rotate()
        .resize({ width: CHAT_IMAGE_MAX_EDGE, height: CHAT_IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (/pixel limit/i.test(reason)) throw new AppError('PAYLOAD_TOO_LARGE', `The image has more than ${CHAT_IMAGE_MAX_PIXELS / 1e6} million pixels.`, 'body');
      throw new AppError('VALIDATION_FAILED', 'The image is damaged and cannot be read.', 'body');
    }
    const relative = path.join(CHAT_DIR, `${newId(22)}.webp`);
    const temp = path.join(os.tmpdir(), `atrium-chat-${newId(12)}.webp`);
    try {
      await fs.promises.writeFile(temp, encoded.data);
      await this.storage.copyAtomically(temp, relative);
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
    return { url: this.storage.url(relative), width: encoded.info.width, height: encoded.info.height };
  }

  /** Whether a url names an image this server stored for a conversation (anything else is refused in a message). */
  isStored = async (url: string): Promise<boolean> => STORED.test(url) && (await this.storage.stat(url.slice('/media/'.length))) !== null;
}
