import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/** One file of a multipart request, saved to a private temporary folder under (a cleaned) original name. */
export interface UploadedFile {
  /** The name the owner's computer gave the file: used in every message about it. */
  fileName: string;
  /** On disk, inside a folder of its own, under the original name (so tiler messages name it too). */
  path: string;
  /** True when the file was cut at the size limit: it must be refused, never half-processed. */
  truncated: boolean;
  bytes: number;
}

const safeName = (name: string): string => {
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(-120);
  return base && base !== '.' && base !== '..' ? base : 'upload';
};

/**
 * Streams every file part of the request to disk (never into memory), stopping each at `maxBytes`. The caller owns
 * the files and must call `discard` on each (the temporary folder goes with it).
 */
export async function receiveFiles(request: FastifyRequest, opts: { maxBytes: number; maxFiles: number }): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', 'files: send the images as multipart/form-data', 'files');
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.files({ limits: { fileSize: opts.maxBytes, files: opts.maxFiles }, throwFileSizeLimit: false })) {
      const fileName = part.filename || 'upload';
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atrium-upload-'));
      const target = path.join(dir, safeName(fileName));
      await pipeline(part.file, fs.createWriteStream(target));
      const { size } = await fs.promises.stat(target);
      files.push({ fileName, path: target, truncated: part.file.truncated, bytes: size });
    }
  } catch (error) {
    await Promise.all(files.map(discard));
    if (error instanceof Error && /files limit/i.test(error.message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', `files: send at most ${opts.maxFiles} files at once`, 'files');
    }
    throw error;
  }
  if (files.length === 0) throw new AppError('VALIDATION_FAILED', 'files: choose at least one image', 'files');
  return files;
}

export async function discard(file: UploadedFile): Promise<void> {
  await fs.promises.rm(path.dirname(file.path), { recursive: true, force: true });
}
