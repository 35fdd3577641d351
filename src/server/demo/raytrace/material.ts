import type { Hit } from './shapes.ts';

/** A surface's look. Colours are linear RGB (0..1); write them with `srgb()` so palettes read like CSS. */
export interface Material {
  /** Writes the linear albedo at the hit into out[0..2]. */
  albedo(hit: Hit, out: Float64Array): void;
  /** Self-lit strength for lamp shades and screens; the albedo is then the emitted colour. */
  readonly emission: number;
  /** Share of mirror reflection (0..1). */
  readonly mirror: number;
  /** Strength of specular highlights (varnish, ceramic, metal). */
  readonly gloss: number;
  /** Noise tilt of the shading normal (leaves): 0 for smooth surfaces. */
  readonly bump: number;
}

export interface MaterialOptions { emission?: number; mirror?: number; gloss?: number; bump?: number }

export type Rgb = readonly [number, number, number];

/** sRGB hex (#rrggbb) to linear RGB. */
export function srgb(hex: string): Rgb {
  const v = Number.parseInt(hex.replace('#', ''), 16);
  return [toLinear((v >> 16) & 255), toLinear((v >> 8) & 255), toLinear(v & 255)];
}

function toLinear(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function solid(colour: Rgb, opts: MaterialOptions = {}): Material {
  const [r, g, b] = colour;
  return {
    albedo(_hit, out) { out[0] = r; out[1] = g; out[2] = b; },
    emission: opts.emission ?? 0,
    mirror: opts.mirror ?? 0,
    gloss: opts.gloss ?? 0,
    bump: opts.bump ?? 0,
  };
}

export function textured(albedo: (hit: Hit, out: Float64Array) => void, opts: MaterialOptions = {}): Material {
  return { albedo, emission: opts.emission ?? 0, mirror: opts.mirror ?? 0, gloss: opts.gloss ?? 0, bump: opts.bump ?? 0 };
}

/** out = colour * k */
export function put(out: Float64Array, c: Rgb, k: number): void {
  out[0] = c[0] * k; out[1] = c[1] * k; out[2] = c[2] * k;
}

/** out = mix(a, b, t) * k */
export function putMix(out: Float64Array, a: Rgb, b: Rgb, t: number, k = 1): void {
  out[0] = (a[0] + (b[0] - a[0]) * t) * k;
  out[1] = (a[1] + (b[1] - a[1]) * t) * k;
  out[2] = (a[2] + (b[2] - a[2]) * t) * k;
}
