// A minimal WebM as MediaRecorder writes it (unknown-size Segment and Cluster, no Duration), with one Opus block
// at a chosen time: lets tests make a "recording" of any length without recording it.

const vint = (n: number): number[] => {
  for (let length = 1; length <= 8; length++) {
    if (n < 2 ** (7 * length) - 1) {
      const bytes: number[] = [];
      let v = n;
      for (let i = 0; i < length; i++) {
        bytes.unshift(v % 256);
        v = Math.floor(v / 256);
      }
      bytes[0]! |= 0x80 >> (length - 1);
      return bytes;
    }
  }
  throw new Error('too large');
};
const idBytes = (id: number): number[] => {
  const out: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return out;
};
const el = (id: number, payload: number[]): number[] => [...idBytes(id), ...vint(payload.length), ...payload];
const uint = (n: number, size: number): number[] => Array.from({ length: size }, (_, i) => Math.floor(n / 256 ** (size - 1 - i)) % 256);
const text = (s: string): number[] => [...Buffer.from(s, 'latin1')];
const UNKNOWN = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

export function syntheticWebm(lastBlockMs: number, codec = 'A_OPUS'): Buffer {
  const header = el(0x1a45dfa3, [...el(0x4282, text('webm')), ...el(0x4287, [4]), ...el(0x4285, [2])]);
  const info = el(0x1549a966, el(0x2ad7b1, uint(1_000_000, 3)));
  const tracks = el(0x1654ae6b, el(0xae, [...el(0xd7, [1]), ...el(0x83, [2]), ...el(0x86, text(codec))]));
  const block = (rel: number) => el(0xa3, [0x81, ...uint(rel, 2), 0x80, 0xfc, 0xff, 0xfe]);
  const cluster = (at: number) => [...idBytes(0x1f43b675), ...UNKNOWN, ...el(0xe7, uint(at, 4)), ...block(0), ...block(20)];
  const clusters = [...cluster(0), ...cluster(Math.max(0, lastBlockMs - 20))];
  return Buffer.from([...header, ...idBytes(0x18538067), ...UNKNOWN, ...info, ...tracks, ...clusters]);
}
