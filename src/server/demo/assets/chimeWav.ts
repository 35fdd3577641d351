// The narration sound: a short chime melody (bell-like partials with soft attacks and exponential
// decays), 22.05 kHz mono 16-bit PCM WAV, about 4 s and 180 KB.

const NOTES: readonly (readonly [frequency: number, start: number, length: number])[] = [
  [659.25, 0.0, 1.2], [783.99, 0.35, 1.2], [1046.5, 0.7, 1.5], [783.99, 1.2, 1.2], [1318.51, 1.6, 2.3], [523.25, 1.6, 2.3],
];
const PARTIALS: readonly (readonly [ratio: number, gain: number, decay: number])[] = [
  [1, 1, 1.6], [2, 0.45, 2.6], [2.76, 0.25, 3.8], [5.4, 0.08, 6],
];

export function chimeWav(seconds = 4, sampleRate = 22050): Buffer {
  const n = Math.round(seconds * sampleRate);
  const mix = new Float64Array(n);
  for (const [freq, start, length] of NOTES) {
    const s0 = Math.round(start * sampleRate);
    const len = Math.min(n - s0, Math.round(length * sampleRate));
    for (let i = 0; i < len; i++) {
      const t = i / sampleRate;
      const attack = Math.min(1, t / 0.006);
      // Fade the tail so notes never click when they stop.
      const tail = Math.min(1, (len - i) / (0.08 * sampleRate));
      let v = 0;
      for (const [ratio, gain, decay] of PARTIALS) v += gain * Math.exp(-t * decay) * Math.sin(2 * Math.PI * freq * ratio * t);
      mix[s0 + i]! += v * attack * tail;
    }
  }
  let peak = 0;
  for (const v of mix) peak = Math.max(peak, Math.abs(v));
  const gain = peak > 0 ? 0.8 / peak : 0;
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) data.writeInt16LE(Math.round(mix[i]! * gain * 32767), i * 2);
  return Buffer.concat([wavHeader(data.length, sampleRate), data]);
}

function wavHeader(dataBytes: number, sampleRate: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16); // PCM header size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28); // byte rate
  h.writeUInt16LE(2, 32); // block align
  h.writeUInt16LE(16, 34); // bits per sample
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}
