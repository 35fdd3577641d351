// Deterministic value noise for procedural textures. Everything is integer hashing on plain numbers:
// these run several times per pixel on 8-megapixel images, so no allocation and no Math.random.

/** Hash of two integers to [0, 1). */
export function hash2(ix: number, iy: number): number {
  let h = Math.imul(ix | 0, 0x27d4eb2d) ^ Math.imul(iy | 0, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}

/** Hash of three integers to [0, 1). */
export function hash3(ix: number, iy: number, iz: number): number {
  let h = Math.imul(ix | 0, 0x27d4eb2d) ^ Math.imul(iy | 0, 0x165667b1) ^ Math.imul(iz | 0, 0x1b873593);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}

/** Smooth 2D value noise in [0, 1]. */
export function noise2(x: number, y: number): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const fx = x - ix;
  const fy = y - iy;
  const ux = fx * fx * (3 - 2 * fx);
  const uy = fy * fy * (3 - 2 * fy);
  const a = hash2(ix, iy);
  const b = hash2(ix + 1, iy);
  const c = hash2(ix, iy + 1);
  const d = hash2(ix + 1, iy + 1);
  return a + (b - a) * ux + (c - a) * uy + (a - b - c + d) * ux * uy;
}

/** Smooth 3D value noise in [0, 1]. */
export function noise3(x: number, y: number, z: number): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const iz = Math.floor(z);
  const fx = x - ix;
  const fy = y - iy;
  const fz = z - iz;
  const ux = fx * fx * (3 - 2 * fx);
  const uy = fy * fy * (3 - 2 * fy);
  const uz = fz * fz * (3 - 2 * fz);
  const a0 = hash3(ix, iy, iz);
  const b0 = hash3(ix + 1, iy, iz);
  const c0 = hash3(ix, iy + 1, iz);
  const d0 = hash3(ix + 1, iy + 1, iz);
  const a1 = hash3(ix, iy, iz + 1);
  const b1 = hash3(ix + 1, iy, iz + 1);
  const c1 = hash3(ix, iy + 1, iz + 1);
  const d1 = hash3(ix + 1, iy + 1, iz + 1);
  const lo = a0 + (b0 - a0) * ux + (c0 - a0) * uy + (a0 - b0 - c0 + d0) * ux * uy;
  const hi = a1 + (b1 - a1) * ux + (c1 - a1) * uy + (a1 - b1 - c1 + d1) * ux * uy;
  return lo + (hi - lo) * uz;
}

/** Fractal sum of 2D noise, normalised to [0, 1]. */
export function fbm2(x: number, y: number, octaves: number): number {
  let sum = 0;
  let amp = 0.5;
  let norm = 0;
  for (let i = 0; i < octaves; i++) {
    sum += amp * noise2(x, y);
    norm += amp;
    // Rotate-ish offsets between octaves avoid visible axis-aligned repetition.
    const nx = x * 1.62 + y * 1.18 + 17.3;
    y = y * 1.62 - x * 1.18 + 5.1;
    x = nx;
    amp *= 0.5;
  }
  return sum / norm;
}

export function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

export function smoothstep(e0: number, e1: number, v: number): number {
  const t = clamp01((v - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
}
