import { type Rgb, put, putMix } from './material.ts';
import { clamp01, fbm2, hash2, noise2, smoothstep } from './noise.ts';

// Procedural surface patterns. Each writes a linear colour into out. Fine details (seams, grout)
// widen and fade with the viewing distance t, a poor man's mip-mapping that keeps far floors calm.

/** Wooden floor boards running along x, `width` metres wide, staggered like a real floor. */
export function woodPlanks(x: number, z: number, t: number, light: Rgb, dark: Rgb, width: number, out: Float64Array): void {
  const row = Math.floor(z / width);
  const across = z - row * width;
  const length = 1.45 + hash2(row, 7) * 0.6;
  const s = x + hash2(row, 3) * 5;
  const seg = Math.floor(s / length);
  const along = s - seg * length;
  const tone = hash2(row, seg);
  const detail = clamp01(1.4 - t * 0.12);
  const grain = noise2(s * 1.3 + tone * 40, across * 55 + row * 3.3) * 0.55 + noise2(s * 7, across * 160) * 0.45;
  const streak = noise2(s * 0.35 + row * 11.1, across * 9);
  let k = 0.2 + tone * 0.45 + (grain - 0.5) * 0.35 * detail + (streak - 0.5) * 0.3;
  k = clamp01(k);
  const seam = Math.max(0.0022, t * 0.0007);
  const gap = Math.min(across, width - across) < seam || Math.min(along, length - along) < seam;
  putMix(out, light, dark, k, gap ? 0.5 + 0.4 * (1 - detail) : 1);
}

/** Square tiles of `size` metres with grout lines; vary gives the tile-to-tile colour spread. */
export function tiles(u: number, v: number, t: number, size: number, tile: Rgb, grout: Rgb, vary: number, out: Float64Array): void {
  const iu = Math.floor(u / size); const iv = Math.floor(v / size);
  const fu = u / size - iu; const fv = v / size - iv;
  const g = Math.max(0.004, t * 0.0009) / size;
  if (fu < g || fv < g || fu > 1 - g || fv > 1 - g) {
    const fade = clamp01(t * 0.12 - 0.4);
    putMix(out, grout, tile, fade * 0.6);
    return;
  }
  const h = hash2(iu * 7 + 3, iv * 13 + 1);
  const n = noise2(u * 9, v * 9) * 0.5 + 0.5;
  const k = 1 + (h - 0.5) * vary + (n - 0.75) * vary * 0.5;
  out[0] = tile[0] * k; out[1] = tile[1] * k; out[2] = tile[2] * k;
}

/** Upholstery: a faint weave plus soft mottling. */
export function fabric(u: number, v: number, t: number, base: Rgb, out: Float64Array): void {
  const detail = clamp01(1.5 - t * 0.3);
  const weave = (noise2(u * 260, v * 40) + noise2(u * 40, v * 260) - 1) * 0.09 * detail;
  const mottle = (noise2(u * 3, v * 3) - 0.5) * 0.12;
  const k = 1 + weave + mottle;
  out[0] = base[0] * k; out[1] = base[1] * k; out[2] = base[2] * k;
}

/** Painted plaster: almost flat colour with a very soft cloudiness. */
export function plaster(a: number, b: number, base: Rgb, out: Float64Array): void {
  const k = 0.97 + 0.06 * noise2(a * 1.7, b * 1.7);
  out[0] = base[0] * k; out[1] = base[1] * k; out[2] = base[2] * k;
}

const BOOK_COLOURS: Rgb[] = [
  [0.35, 0.06, 0.04], [0.06, 0.12, 0.25], [0.42, 0.33, 0.16], [0.08, 0.2, 0.12], [0.6, 0.55, 0.45],
  [0.5, 0.2, 0.05], [0.12, 0.12, 0.13], [0.55, 0.45, 0.3], [0.22, 0.08, 0.2], [0.7, 0.66, 0.58],
];

/** Front of an open shelf unit: boards every `rowHeight`, rows of book spines between them. */
export function bookshelfFront(u: number, v: number, w: number, h: number, t: number, wood: Rgb, seed: number, out: Float64Array): void {
  const side = 0.025;
  const rowHeight = 0.38;
  if (u < side || u > w - side || v < side || v > h - side) { putMix(out, wood, wood, 0); return; }
  const row = Math.floor((v - side) / rowHeight);
  const inRow = v - side - row * rowHeight;
  if (inRow < 0.022) { putMix(out, wood, wood, 0, 0.95); return; }
  const slotWidth = 0.034;
  const slot = Math.floor((u + hash2(row, seed) * 0.2) / slotWidth);
  // Runs of books with gaps, some taller, a few shelves half empty for decor.
  const run = hash2(Math.floor(slot / 7), row * 31 + seed);
  const hb = hash2(slot, row + seed * 5);
  const bookTop = 0.2 + hb * 0.12;
  const shadow = 0.55 + 0.45 * smoothstep(0, 0.12, rowHeight - inRow);
  if (run < 0.22 || inRow - 0.022 > bookTop) {
    const back = 0.2 * shadow;
    out[0] = wood[0] * back; out[1] = wood[1] * back; out[2] = wood[2] * back;
    return;
  }
  const c = BOOK_COLOURS[Math.floor(hash2(slot * 3 + 1, row * 7 + seed) * BOOK_COLOURS.length)]!;
  const edgeDist = ((u + hash2(row, seed) * 0.2) / slotWidth) % 1;
  const edge = Math.max(0.06, t * 0.01);
  const k = (edgeDist < edge || edgeDist > 1 - edge ? 0.55 : 1) * shadow * (0.9 + 0.2 * hb);
  const band = Math.abs(inRow - 0.022 - bookTop * 0.8) < 0.008 ? 1.6 : 1;
  out[0] = c[0] * k * band; out[1] = c[1] * k * band; out[2] = c[2] * k * band;
}

/** Kitchen cabinet fronts: doors `doorWidth` wide with shadow gaps and a slim handle near the top. */
export function cabinetFront(u: number, v: number, w: number, h: number, t: number, doorWidth: number, base: Rgb, handle: Rgb, handleAtTop: boolean, out: Float64Array): void {
  const n = Math.max(1, Math.round(w / doorWidth));
  const dw = w / n;
  const du = u - Math.floor(u / dw) * dw;
  const gap = Math.max(0.004, t * 0.0012);
  if (du < gap || du > dw - gap || v < gap || v > h - gap) { putMix(out, base, base, 0, 0.35); return; }
  if (h > 1.5) {
    // Tall doors: a vertical bar at hand height beside the meeting edge of each pair.
    const door = Math.floor(u / dw);
    const edgeU = door % 2 === 0 ? dw - 0.06 : 0.06;
    if (Math.abs(du - edgeU) < 0.01 && Math.abs(v - 1.05) < 0.25) { put(out, handle, 1); return; }
  } else {
    const hy = handleAtTop ? h - 0.09 : 0.09;
    if (Math.abs(v - hy) < 0.012 && Math.abs(du - dw / 2) < dw * 0.3) { put(out, handle, 1); return; }
  }
  const k = 0.97 + 0.05 * noise2(u * 4, v * 4);
  putMix(out, base, base, 0, k);
}

const SEASCAPE = {
  dusk: [0.85, 0.55, 0.3] as Rgb, sky: [0.2, 0.35, 0.62] as Rgb, sun: [1, 0.8, 0.45] as Rgb,
  deep: [0.03, 0.1, 0.16] as Rgb, shallow: [0.15, 0.3, 0.4] as Rgb, sail: [0.9, 0.88, 0.8] as Rgb,
};

/** A framed seascape: sky, sun, sea and a sail, loosely brushed. u, v in metres from the lower left. */
export function seascape(u: number, v: number, w: number, h: number, out: Float64Array): void {
  if (frame(u, v, w, h, out)) return;
  const x = (u - 0.07) / (w - 0.14); const y = (v - 0.07) / (h - 0.14);
  const brush = (fbm2(x * 30, y * 8, 3) - 0.5) * 0.12;
  const horizon = 0.42 + (noise2(x * 3, 1) - 0.5) * 0.02;
  if (y > horizon) {
    const s = (y - horizon) / (1 - horizon);
    putMix(out, SEASCAPE.dusk, SEASCAPE.sky, Math.sqrt(s), 1 + brush);
    const dx = x - 0.68; const dy = y - horizon - 0.12;
    if (dx * dx + dy * dy * 0.5 < 0.004) put(out, SEASCAPE.sun, 1.1);
  } else {
    const s = y / horizon;
    putMix(out, SEASCAPE.deep, SEASCAPE.shallow, s, 1 + brush * 1.5 + (noise2(x * 40, y * 120) - 0.5) * 0.25);
  }
  // A small sail boat.
  const bx = x - 0.3; const by = y - horizon;
  if (by > 0 && by < 0.18 && bx > 0 && bx < 0.08 && bx < (0.18 - by) * 0.45) put(out, SEASCAPE.sail, 1);
}

/** Colour-field painting in warm blocks (like a Rothko print). */
export function colourField(u: number, v: number, w: number, h: number, a: Rgb, b: Rgb, c: Rgb, out: Float64Array): void {
  if (frame(u, v, w, h, out)) return;
  const y = (v - 0.07) / (h - 0.14);
  const x = (u - 0.07) / (w - 0.14);
  const wobble = (noise2(x * 6, y * 6) - 0.5) * 0.04;
  const tex = 1 + (fbm2(x * 25, y * 25, 3) - 0.5) * 0.18;
  const inset = Math.min(x, 1 - x, y, 1 - y);
  if (inset < 0.06 + wobble) { putMix(out, c, c, 0, tex * 0.9); return; }
  putMix(out, a, b, smoothstep(0.45, 0.55, y + wobble), tex);
}

/** A thin black frame with a white mount; true when (u, v) is on it. */
function frame(u: number, v: number, w: number, h: number, out: Float64Array): boolean {
  const d = Math.min(u, v, w - u, h - v);
  if (d < 0.025) { out[0] = 0.02; out[1] = 0.02; out[2] = 0.02; return true; }
  if (d < 0.07) { out[0] = 0.78; out[1] = 0.77; out[2] = 0.74; return true; }
  return false;
}

/** A woven rug with a border and a soft lozenge pattern; u, v in metres from a corner. */
export function rug(u: number, v: number, w: number, d: number, t: number, field: Rgb, border: Rgb, accent: Rgb, out: Float64Array): void {
  const edge = Math.min(u, v, w - u, d - v);
  fabric(u, v, t, edge < 0.12 ? (edge < 0.035 || edge > 0.085 ? border : accent) : field, out);
  if (edge >= 0.12) {
    const px = Math.abs(((u - w / 2) / 0.22) % 1); const py = Math.abs(((v - d / 2) / 0.22) % 1);
    const lozenge = Math.abs(px - 0.5) + Math.abs(py - 0.5);
    const k = Math.abs(lozenge - 0.33) < 0.025 ? 0.35 : 0;
    out[0] = out[0]! + (accent[0] - out[0]!) * k; out[1] = out[1]! + (accent[1] - out[1]!) * k; out[2] = out[2]! + (accent[2] - out[2]!) * k;
  }
}

/** Continuous wood grain for furniture (no boards): streaks along u. */
export function woodGrain(u: number, v: number, light: Rgb, dark: Rgb, out: Float64Array): void {
  const k = 0.35 + 0.4 * noise2(u * 1.5, v * 28) + 0.25 * (noise2(u * 9, v * 90) - 0.5);
  putMix(out, light, dark, clamp01(k));
}

/** Polished stone with soft veins (counters, vanity top). */
export function marble(u: number, v: number, base: Rgb, vein: Rgb, out: Float64Array): void {
  const n = fbm2(u * 2.5, v * 2.5, 4);
  const veins = 1 - Math.min(1, Math.abs(Math.sin((u * 3 + n * 9) * 1.7)) * 9);
  putMix(out, base, vein, clamp01(veins * 0.35 + (n - 0.5) * 0.2));
}
