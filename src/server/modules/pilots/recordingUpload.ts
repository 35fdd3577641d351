import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { PILOT_AUDIO_MAX_BYTES } from '../../../protocol/pilot.ts';
import { AppError } from '../../errors.ts';
import type { RecordingUpload } from './pilots.service.ts';

const MAX_FIELD_BYTES = 2_000_000;

/**
 * Reads the upload's parts in whatever order the browser sent them: text fields into memory (the route is at most
 * a couple of megabytes), the `audio` file streamed to a private temporary folder and cut at the size limit. The
 * caller must call `discard` whatever happens.
 */
export async function receiveRecording(request: FastifyRequest): Promise<RecordingUpload & { discard: () => Promise<void> }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', 'Send the recording as multipart/form-data (fields title, language, clientId, route and the file audio).', 'audio');
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atrium-pilot-'));
  const discard = () => fs.promises.rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let audio: RecordingUpload['audio'] = null;
  try {
    // parts() passes throwFileSizeLimit on at run time though its type leaves it out: a cut file is refused below, by name.
    const options = { limits: { fileSize: PILOT_AUDIO_MAX_BYTES, files: 1, fields: 8, fieldSize: MAX_FIELD_BYTES, parts: 9 }, throwFileSizeLimit: false };
    const parts = request.parts(options as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE', `${part.fieldname}: too long`, part.fieldname);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'audio') {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', `${part.fieldname}: the only file this takes is "audio"`, part.fieldname);
      }
      const target = path.join(dir, 'audio');
      await pipeline(part.file, fs.createWriteStream(target));
      audio = { path: target, bytes: (await fs.promises.stat(target)).size, truncated: part.file.truncated };
    }
  } catch (error) {
    await discard();
    if (error instanceof Error && /(files|fields|parts) limit/i.test(error.message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Send one audio file with the fields title, language, clientId and route.', 'audio');
    }
    throw error;
  }
  return { fields, audio, discard };
}
