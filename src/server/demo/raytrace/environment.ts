import { clamp01, fbm2, noise2, smoothstep } from './noise.ts';

// The sky, the distant hills and the haze shared by every panorama. All colours are linear RGB.
// The sun stands in the south-west (the sea side of Harbour House), high enough to throw sun
// patches through the south windows.

const SUN_LON = (-138 * Math.PI) / 180;
const SUN_LAT = (43 * Math.PI) / 180;
export const SUN_X = Math.sin(SUN_LON) * Math.cos(SUN_LAT);
export const SUN_Y = Math.sin(SUN_LAT);
export const SUN_Z = -Math.cos(SUN_LON) * Math.cos(SUN_LAT);
/** Direct sun irradiance (warm white). */
export const SUN_COLOUR = [2.7, 2.45, 2.1] as const;
/** Light a window lets in from the sky, per unit of solid angle (cool white). */
export const SKY_RADIANCE = [0.95, 1.05, 1.2] as const;
export const HAZE = [0.62, 0.7, 0.8] as const;

const ZENITH = [0.16, 0.32, 0.72];
const HORIZON = [0.6, 0.72, 0.86];

/** Sky seen along the unit direction (dx, dy, dz), with clouds, sun and hills on the horizon. */
export function sky(dx: number, dy: number, dz: number, out: Float64Array): void {
  if (dy < 0.09 && hills(dx, dy, dz, out)) return;
  const up = dy < 0 ? 0 : dy;
  const t = Math.sqrt(up);
  let r = HORIZON[0]! + (ZENITH[0]! - HORIZON[0]!) * t;
  let g = HORIZON[1]! + (ZENITH[1]! - HORIZON[1]!) * t;
  let b = HORIZON[2]! + (ZENITH[2]! - HORIZON[2]!) * t;
  const mu = dx * SUN_X + dy * SUN_Y + dz * SUN_Z;
  if (mu > 0) {
    const m2 = mu * mu; const m4 = m2 * m2; const m8 = m4 * m4;
    const glow = m8 * 0.35 + m8 * m8 * m8 * m8 * 1.2;
    r += glow * 1.0; g += glow * 0.85; b += glow * 0.6;
    if (mu > 0.99996) { r += 40; g += 38; b += 33; }
  }
  if (up > 0.015) {
    // Clouds on a flat layer: its coordinates stretch towards the horizon like real cloud decks.
    const inv = 1 / (up + 0.08);
    const u = dx * inv * 1.1 + 3.1;
    const v = dz * inv * 1.1 - 7.4;
    const c = fbm2(u * 1.3, v * 2.1, 5);
    // Fair-weather cumulus: broken clouds, thinning overhead so the zenith stays blue.
    const cover = smoothstep(0.58, 0.7, c) * smoothstep(0.015, 0.12, up) * (1 - 0.6 * smoothstep(0.5, 0.95, up));
    if (cover > 0) {
      const thick = smoothstep(0.62, 0.85, c);
      const lit = 1.05 - thick * 0.35 + clamp01(mu) * 0.25;
      r += (lit * 1.02 - r) * cover;
      g += (lit * 1.02 - g) * cover;
      b += (lit * 1.06 - b) * cover;
    }
  }
  out[0] = r; out[1] = g; out[2] = b;
}

/** Rolling hills along the horizon: low far shore over the sea (south), greener hills inland. */
function hills(dx: number, dy: number, dz: number, out: Float64Array): boolean {
  const lon = Math.atan2(dx, -dz);
  const south = smoothstep(0.45, 0.85, dz / Math.hypot(dx, dz));
  const inland = 0.045 + 0.03 * noise2(lon * 2.2, 1.7) + 0.012 * noise2(lon * 9, 4.2);
  const shore = 0.009 + 0.012 * noise2(lon * 3.1, 8.3) * smoothstep(-0.2, 0.6, Math.sin(lon * 1.3 + 0.4));
  const top = inland + (shore - inland) * south;
  if (dy >= top || dy < -0.02) return false;
  const depth = clamp01((top - dy) / top);
  const far = 0.55 + 0.45 * south;
  const trees = noise2(lon * 180, dy * 90) * 0.25;
  const r = 0.1 + trees * 0.1; const g = 0.19 + trees * 0.12; const b = 0.1;
  const haze = far - depth * 0.15;
  out[0] = r + (HAZE[0] - r) * haze;
  out[1] = g + (HAZE[1] - g) * haze;
  out[2] = b + (HAZE[2] - b) * haze;
  return true;
}

/** Blend toward the haze colour with distance (aerial perspective). */
export function applyHaze(out: Float64Array, distance: number): void {
  const k = 1 - Math.exp(-distance / 900);
  out[0] = out[0]! + (HAZE[0] - out[0]!) * k;
  out[1] = out[1]! + (HAZE[1] - out[1]!) * k;
  out[2] = out[2]! + (HAZE[2] - out[2]!) * k;
}
