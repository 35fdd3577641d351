// What a browser's MP4 recording holds. MediaRecorder writes fragmented MP4 (an empty moov, then moof/mdat pairs),
// whose length is the sum of its fragments; general parsers read the empty moov's duration instead (music-metadata
// answers a few milliseconds). This sums the fragments; a plain MP4 is left to music-metadata (`fragmented: false`).
import { NotThisFormat, type ContainerFacts } from './webmReader.ts';

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'moof', 'traf', 'mvex']);
const AUDIO_ENTRIES: Record<string, string> = { mp4a: 'aac', Opus: 'opus' };

export function readMp4(buf: Uint8Array): ContainerFacts & { fragmented: boolean } {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const type = (at: number) => Buffer.from(buf.subarray(at, at + 4)).toString('latin1');
  if (buf.length < 12 || type(4) !== 'ftyp') throw new NotThisFormat('not MP4');
  let timescale = 0;
  let declared = 0;
  let codec: string | null = null;
  let trexDuration = 0;
  let fragmentStart = 0;
  let fragmentDefault = 0;
  let fragments = 0;
  let end = 0;

  const walk = (from: number, to: number): void => {
    let pos = from;
    while (pos + 8 <= to) {
      let size = view.getUint32(pos);
      const name = type(pos + 4);
      let header = 8;
      if (size === 1) {
        size = Number(view.getBigUint64(pos + 8));
        header = 16;
      } else if (size === 0) size = to - pos;
      if (size < header) throw new NotThisFormat(`bad box size for ${name}`);
      const body = pos + header;
      const stop = Math.min(pos + size, to);
      if (CONTAINERS.has(name)) {
        if (name === 'traf') fragmentDefault = trexDuration;
        walk(body, stop);
      } else if (name === 'mdhd' && stop - body >= 24) {
        const v1 = buf[body] === 1;
        timescale = view.getUint32(body + (v1 ? 20 : 12));
        declared = v1 ? Number(view.getBigUint64(body + 24)) : view.getUint32(body + 16);
      } else if (name === 'stsd') {
        // version/flags and entry count, then sample entries: the first one's type names the codec.
        codec = AUDIO_ENTRIES[type(body + 12)] ?? codec ?? `unknown:${type(body + 12)}`;
      } else if (name === 'trex' && stop - body >= 16) {
        trexDuration = view.getUint32(body + 12);
      } else if (name === 'tfhd') {
        const flags = view.getUint32(body) & 0xffffff;
        const at = body + 8 + (flags & 0x1 ? 8 : 0) + (flags & 0x2 ? 4 : 0);
        if (flags & 0x8) fragmentDefault = view.getUint32(at);
      } else if (name === 'tfdt') {
        fragmentStart = buf[body] === 1 ? Number(view.getBigUint64(body + 4)) : view.getUint32(body + 4);
      } else if (name === 'trun' && stop - body >= 8) {
        const flags = view.getUint32(body) & 0xffffff;
        const count = view.getUint32(body + 4);
        let at = body + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
        const per = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
        let total = 0;
        for (let i = 0; i < count && at + per <= stop; i++, at += per) total += flags & 0x100 ? view.getUint32(at) : fragmentDefault;
        end = Math.max(end, fragmentStart + total);
        fragmentStart += total;
        fragments++;
      }
      pos += size;
    }
  };
  walk(0, buf.length);
  if (!codec) throw new NotThisFormat('no audio track');
  if (!timescale) throw new NotThisFormat('no media header');
  const fragmented = fragments > 0;
  return { codec, durationMs: Math.round(((fragmented ? end : declared) / timescale) * 1000), fragmented };
}
