// Checks an uploaded recording by its content: which container and codec it really is and how long it plays.
// Ogg and plain MP4 are read by music-metadata; the shapes browsers' MediaRecorder writes that general parsers misread
// (live WebM with unknown sizes, fragmented MP4) by the small readers beside this file.
import fs from 'node:fs';
import { parseFile } from 'music-metadata';
import { PILOT_AUDIO_FORMATS } from '../../../protocol/pilot.ts';
import { readMp4 } from './mp4Reader.ts';
import { NotThisFormat, readWebm } from './webmReader.ts';

export interface AudioFacts {
  container: 'webm' | 'ogg' | 'mp4';
  codec: string;
  durationMs: number;
  contentType: string;
}

const OGG_CODECS: Record<string, string> = { opus: 'opus', 'vorbis i': 'vorbis', vorbis: 'vorbis' };

async function byMusicMetadata(file: string): Promise<{ codec: string | null; durationMs: number | null }> {
  // The file was read whole already, so a parser error here is about its content: unreadable means refused.
  const parsed = await parseFile(file, { duration: true, skipCovers: true }).catch(() => null);
  if (!parsed) return { codec: null, durationMs: null };
  const { format } = parsed;
  const codec = format.codec ?? format.trackInfo?.[0]?.codecName ?? null;
  return { codec: codec ? codec.replace(/[<>]/g, '').toLowerCase() : null, durationMs: format.duration !== undefined ? Math.round(format.duration * 1000) : null };
}

function allowed(container: AudioFacts['container'], codec: string): AudioFacts | null {
  const format = PILOT_AUDIO_FORMATS.find((f) => f.container === container);
  if (!format || !(format.codecs as readonly string[]).includes(codec)) return null;
  return { container, codec, durationMs: 0, contentType: format.contentType };
}

/** The recording's facts, or null when it is not audio of a kind browsers record (or is damaged). */
export async function inspectAudio(file: string): Promise<AudioFacts | null> {
  const bytes = new Uint8Array(await fs.promises.readFile(file));
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  try {
    if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
      const facts = readWebm(bytes);
      const ok = allowed('webm', facts.codec);
      return ok && { ...ok, durationMs: facts.durationMs };
    }
    if (ascii(4, 8) === 'ftyp') {
      const facts = readMp4(bytes);
      const ok = allowed('mp4', facts.codec === 'aac' ? 'aac' : facts.codec);
      if (!ok) return null;
      if (facts.fragmented) return { ...ok, durationMs: facts.durationMs };
      const read = await byMusicMetadata(file);
      return read.durationMs !== null ? { ...ok, durationMs: read.durationMs } : null;
    }
    if (ascii(0, 4) === 'OggS') {
      const read = await byMusicMetadata(file);
      const ok = allowed('ogg', OGG_CODECS[read.codec ?? ''] ?? '');
      return ok && read.durationMs !== null ? { ...ok, durationMs: read.durationMs } : null;
    }
    return null;
  } catch (error) {
    // A damaged file is "not audio we take", not a server failure.
    if (error instanceof NotThisFormat || error instanceof RangeError) return null;
    throw error;
  }
}
