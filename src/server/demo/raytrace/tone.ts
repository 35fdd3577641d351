// Linear radiance to display bytes: a filmic curve (Narkowicz's fit of ACES) keeps bright windows
// and the sun from clipping harshly, then sRGB encoding. A table indexed by sqrt(value) keeps the
// per-pixel cost to one square root and a lookup.

const LUT_SIZE = 4096;
const LUT_MAX = 16;
const LUT = buildLut();

export function toneByte(v: number): number {
  if (!(v > 0)) return LUT[0]!;
  if (v >= LUT_MAX) return LUT[LUT_SIZE - 1]!;
  return LUT[(Math.sqrt(v / LUT_MAX) * (LUT_SIZE - 1) + 0.5) | 0]!;
}

function buildLut(): Uint8Array {
  const lut = new Uint8Array(LUT_SIZE);
  for (let i = 0; i < LUT_SIZE; i++) {
    const q = i / (LUT_SIZE - 1);
    const x = q * q * LUT_MAX;
    const f = Math.min(1, (x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14));
    const s = f <= 0.0031308 ? f * 12.92 : 1.055 * f ** (1 / 2.4) - 0.055;
    lut[i] = Math.round(Math.max(0, Math.min(1, s)) * 255);
  }
  return lut;
}
