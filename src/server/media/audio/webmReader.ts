// What a browser's WebM recording holds: its audio codec and how long it plays. MediaRecorder writes WebM as a live
// stream: the Segment and every Cluster have the EBML "unknown size" and there is usually no Duration element, which
// general parsers (music-metadata among them) refuse or misread. So this walks the elements itself: master elements
// are entered without needing their size, and the duration is the latest block's time.

export interface ContainerFacts {
  codec: string;
  durationMs: number;
}

const ID = {
  ebml: 0x1a45dfa3, docType: 0x4282, segment: 0x18538067, info: 0x1549a966, timecodeScale: 0x2ad7b1, duration: 0x4489,
  tracks: 0x1654ae6b, trackEntry: 0xae, trackType: 0x83, codecId: 0x86, cluster: 0x1f43b675, timecode: 0xe7,
  simpleBlock: 0xa3, blockGroup: 0xa0, block: 0xa1,
} as const;

/** Entered in place: their children follow, whatever their size says (it may be unknown). */
const MASTERS = new Set<number>([ID.ebml, ID.segment, ID.info, ID.tracks, ID.trackEntry, ID.cluster, ID.blockGroup]);
const AUDIO_CODECS: Record<string, string> = { A_OPUS: 'opus', A_VORBIS: 'vorbis' };
const TRACK_AUDIO = 2;

export class NotThisFormat extends Error {}

function readVint(buf: Uint8Array, pos: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = buf[pos];
  if (first === undefined || first === 0) throw new NotThisFormat('bad EBML number');
  const length = Math.clz32(first) - 23;
  if (length > 8 || pos + length > buf.length) throw new NotThisFormat('bad EBML number');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[pos + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const readUint = (buf: Uint8Array, start: number, size: number): number => {
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + buf[start + i]!;
  return v;
};

export function readWebm(buf: Uint8Array): ContainerFacts {
  let pos = 0;
  let docType: string | null = null;
  let scaleNs = 1_000_000;
  let declaredDuration: number | null = null;
  let trackType: number | null = null;
  const codecs: string[] = [];
  let clusterTime = 0;
  let lastBlock = -1;
  let blocks = 0;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (readUint(buf, 0, 4) !== ID.ebml) throw new NotThisFormat('not EBML');

  while (pos < buf.length) {
    const id = readVint(buf, pos, true);
    const size = readVint(buf, pos + id.length, false);
    const start = pos + id.length + size.length;
    if (MASTERS.has(id.value)) {
      pos = start;
      continue;
    }
    if (size.unknown) throw new NotThisFormat('an element of unknown size that is not a container');
    const end = start + size.value;
    // A file cut inside its last element: what came before still counts (the multipart layer refuses cut uploads).
    if (end > buf.length) break;
    switch (id.value) {
      case ID.docType: docType = Buffer.from(buf.subarray(start, end)).toString('latin1').replace(/\0+$/, ''); break;
      case ID.timecodeScale: scaleNs = readUint(buf, start, size.value) || scaleNs; break;
      case ID.duration: declaredDuration = size.value === 4 ? view.getFloat32(start) : size.value === 8 ? view.getFloat64(start) : null; break;
      case ID.trackType: trackType = readUint(buf, start, size.value); break;
      case ID.codecId: {
        const codec = Buffer.from(buf.subarray(start, end)).toString('latin1');
        // CodecID may come before or after TrackType within the entry: A_ codecs are audio by definition.
        if (trackType === null || trackType === TRACK_AUDIO || codec.startsWith('A_')) codecs.push(codec);
        trackType = null;
        break;
      }
      case ID.timecode: clusterTime = readUint(buf, start, size.value); break;
      case ID.simpleBlock:
      case ID.block: {
        const track = readVint(buf, start, false);
        const relative = view.getInt16(start + track.length);
        lastBlock = Math.max(lastBlock, clusterTime + relative);
        blocks++;
        break;
      }
    }
    pos = end;
  }
  if (docType !== 'webm' && docType !== 'matroska') throw new NotThisFormat(`document type ${docType ?? 'missing'}`);
  const codec = codecs.map((c) => AUDIO_CODECS[c]).find(Boolean);
  if (!codec) throw new NotThisFormat(`no Opus or Vorbis audio track (${codecs.join(', ') || 'no tracks'})`);
  if (blocks === 0) throw new NotThisFormat('no audio data');
  const fromBlocks = (lastBlock * scaleNs) / 1e6;
  const declared = declaredDuration !== null && Number.isFinite(declaredDuration) ? (declaredDuration * scaleNs) / 1e6 : 0;
  return { codec, durationMs: Math.round(Math.max(fromBlocks, declared)) };
}
