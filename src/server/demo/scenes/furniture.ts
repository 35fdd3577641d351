import { type Material, type Rgb, put, textured } from '../raytrace/material.ts';
import { type Shape, yawBox } from '../raytrace/shapes.ts';
import { bookshelfFront, cabinetFront, rug as rugPattern } from '../raytrace/textures.ts';
import type { Lamp } from '../raytrace/world.ts';
import { hash2 } from '../raytrace/noise.ts';
import { BLACK_METAL, BRASS, C, CERAMIC, FABRIC_LINEN, LEAVES, OAK, SHADE_LIGHT, SNAKE_LEAF, TERRACOTTA_POT, WALNUT } from './palette.ts';
import type { Placer } from './placer.ts';

// Furniture recipes in a Placer's frame: origin at the middle of the back edge on the floor,
// x across, +z towards the front. Sizes are real-world metres.

const WARM: Rgb = [1, 0.82, 0.6];

export function sofa(p: Placer, width: number, body: Material, pillows: readonly Material[]): Shape {
  const w = width / 2;
  for (const x of [-w + 0.08, w - 0.08]) for (const z of [0.08, 0.84]) p.cylinder(x, z, 0.02, 0, 0.1, BLACK_METAL);
  p.box(-w, 0.1, 0, w, 0.4, 0.92, body);
  p.box(-w, 0.4, 0, w, 0.82, 0.2, body);
  p.box(-w, 0.4, 0.2, -w + 0.17, 0.63, 0.92, body);
  p.box(w - 0.17, 0.4, 0.2, w, 0.63, 0.92, body);
  const inner = width - 0.34;
  const n = Math.max(1, Math.round(inner / 0.8));
  let seat: Shape | null = null;
  for (let i = 0; i < n; i++) {
    const x0 = -w + 0.17 + (inner * i) / n + 0.006; const x1 = -w + 0.17 + (inner * (i + 1)) / n - 0.006;
    const s = p.box(x0, 0.4, 0.2, x1, 0.52, 0.9, body);
    seat ??= s;
    p.box(x0, 0.52, 0.2, x1, 0.8, 0.36, body);
  }
  pillows.forEach((m, i) => {
    const x = i === 0 ? -w + 0.24 : w - 0.66;
    p.box(x, 0.52, 0.36, x + 0.42, 0.9, 0.5, m);
  });
  return seat!;
}

export function armchair(p: Placer, body: Material, legs: Material = WALNUT): void {
  for (const x of [-0.34, 0.34]) for (const z of [0.06, 0.74]) p.cylinder(x, z, 0.022, 0, 0.16, legs);
  p.box(-0.42, 0.16, 0, 0.42, 0.42, 0.82, body);
  p.box(-0.42, 0.42, 0, 0.42, 0.9, 0.18, body);
  p.box(-0.42, 0.42, 0.18, -0.3, 0.62, 0.82, body);
  p.box(0.3, 0.42, 0.18, 0.42, 0.62, 0.82, body);
  p.box(-0.3, 0.42, 0.18, 0.3, 0.52, 0.8, body);
}

export function roundTable(p: Placer, radius: number, height: number, top: Material = WALNUT): Shape {
  p.cylinder(0, 0, 0.2, 0, 0.02, BLACK_METAL);
  p.cylinder(0, 0, 0.04, 0.02, height - 0.04, BLACK_METAL);
  return p.cylinder(0, 0, radius, height - 0.04, height, top);
}

/** A rectangular table centred on the placer origin. */
export function table(p: Placer, width: number, depth: number, height: number, top: Material = OAK, legs: Material = BLACK_METAL): Shape {
  const w = width / 2; const d = depth / 2;
  for (const x of [-w + 0.06, w - 0.1]) for (const z of [-d + 0.06, d - 0.1]) p.box(x, 0, z, x + 0.04, height - 0.04, z + 0.04, legs);
  return p.box(-w, height - 0.04, -d, w, height, d, top);
}

/** A dining chair centred on the origin, facing +z. */
export function chair(p: Placer, seat: Material, frame: Material = OAK): void {
  for (const x of [-0.2, 0.2]) for (const z of [-0.2, 0.2]) p.cylinder(x, z, 0.018, 0, 0.45, frame);
  p.box(-0.23, 0.45, -0.23, 0.23, 0.5, 0.23, seat);
  p.box(-0.22, 0.5, -0.24, 0.22, 0.88, -0.21, frame);
}

/** A bed with its head against the wall at the origin. Returns the duvet (for markers). */
export function bed(p: Placer, width: number, head: Material, duvet: Material, throwMat: Material): Shape {
  const w = width / 2;
  p.box(-w - 0.06, 0, 0, w + 0.06, 1.15, 0.08, head);
  p.box(-w, 0.08, 0.08, w, 0.34, 2.12, OAK);
  p.box(-w + 0.02, 0.34, 0.1, w - 0.02, 0.55, 2.1, FABRIC_LINEN);
  const cover = p.box(-w - 0.03, 0.3, 0.62, w + 0.03, 0.6, 2.14, duvet);
  p.box(-w - 0.04, 0.42, 1.72, w + 0.04, 0.615, 2.16, throwMat);
  p.box(-w + 0.08, 0.55, 0.14, -0.04, 0.72, 0.56, FABRIC_LINEN);
  p.box(0.04, 0.55, 0.14, w - 0.08, 0.72, 0.56, FABRIC_LINEN);
  return cover;
}

/** A bedside table with a lit lamp; the lamp is returned for the room's lights. */
export function nightstand(p: Placer, lx: number): Lamp {
  p.box(lx - 0.22, 0, 0.02, lx + 0.22, 0.52, 0.44, WALNUT);
  p.cylinder(lx, 0.22, 0.06, 0.52, 0.8, BRASS);
  p.cylinder(lx, 0.22, 0.15, 0.8, 1.02, SHADE_LIGHT);
  const [x, z] = p.world(lx, 0.22);
  return { x, y: 0.9, z, colour: WARM, power: 0.35 };
}

export function floorLamp(p: Placer, power = 0.5): Lamp {
  p.cylinder(0, 0, 0.16, 0, 0.025, BLACK_METAL);
  p.cylinder(0, 0, 0.012, 0.025, 1.45, BLACK_METAL);
  p.cylinder(0, 0, 0.22, 1.45, 1.75, SHADE_LIGHT);
  const [x, z] = p.world(0, 0);
  return { x, y: 1.55, z, colour: WARM, power };
}

/** A pendant hanging from the ceiling at `ceiling`, its bottom at `bottom`. */
export function pendant(p: Placer, ceiling: number, bottom: number, shade: Material, power = 0.9): Lamp {
  p.cylinder(0, 0, 0.004, bottom + 0.2, ceiling, BLACK_METAL);
  p.cylinder(0, 0, 0.2, bottom + 0.12, bottom + 0.2, shade);
  p.cylinder(0, 0, 0.06, bottom + 0.06, bottom + 0.12, SHADE_LIGHT);
  const [x, z] = p.world(0, 0);
  return { x, y: bottom, z, colour: WARM, power };
}

/** A small olive tree in a pot: a thin trunk and a loose crown of leafy clumps. */
export function plant(p: Placer, scale = 1): Shape {
  p.cylinder(0, 0, 0.19 * scale, 0, 0.4 * scale, TERRACOTTA_POT);
  p.cylinder(0, 0, 0.025 * scale, 0.4 * scale, 1.0 * scale, WALNUT);
  let top: Shape | null = null;
  for (let i = 0; i < 9; i++) {
    const a = i * 2.4 + 0.3; const ring = 0.08 + 0.14 * hash2(i, 7);
    const y = (0.95 + 0.35 * hash2(i, 3)) * scale;
    top = p.sphere(Math.cos(a) * ring * scale, y, Math.sin(a) * ring * scale, (0.1 + 0.06 * hash2(i, 5)) * scale, LEAVES);
  }
  return top!;
}

/** A snake plant: a dozen upright blade leaves at random turns in a white pot. */
export function snakePlant(p: Placer, scale = 1): void {
  p.cylinder(0, 0, 0.16 * scale, 0, 0.34 * scale, CERAMIC);
  for (let i = 0; i < 12; i++) {
    const a = i * 2.4; const r = 0.03 + 0.08 * hash2(i, 11);
    const [x, z] = p.world(Math.cos(a) * r * scale, Math.sin(a) * r * scale);
    const leaf = yawBox(x, 0.3 * scale, z, 0.07 * scale, (0.45 + 0.45 * hash2(i, 13)) * scale, 0.012, hash2(i, 17) * 180, SNAKE_LEAF);
    leaf.occludes = false;
    p.shapes.push(leaf);
  }
}

/** A picture on the wall: its back on the wall at the origin, centred at height cy. */
export function picture(p: Placer, width: number, height: number, cy: number,
  paint: (u: number, v: number, w: number, h: number, out: Float64Array) => void): Shape {
  const m = textured((hit, out) => {
    if (hit.face === 5) paint(hit.u, hit.v, width, height, out); else put(out, C.charcoal, 1);
  });
  const s = p.box(-width / 2, cy - height / 2, 0, width / 2, cy + height / 2, 0.03, m);
  s.occludes = false;
  return s;
}

export function rug(p: Placer, width: number, depth: number, field: Rgb, border: Rgb, accent: Rgb): Shape {
  const m = textured((hit, out) => rugPattern(hit.u, hit.v, width, depth, hit.t, field, border, accent, out));
  const s = p.box(-width / 2, 0, -depth / 2, width / 2, 0.012, depth / 2, m);
  s.occludes = false;
  return s;
}

export function bookshelf(p: Placer, width: number, height: number, wood: Rgb, seed: number): Shape {
  const m = textured((hit, out) => {
    if (hit.face === 5) bookshelfFront(hit.u, hit.v, width, height, hit.t, wood, seed, out); else put(out, wood, 0.95);
  });
  return p.box(-width / 2, 0, 0, width / 2, height, 0.34, m);
}

/** Cupboards: a box whose front (face 5) is split into doors. */
export function cupboard(p: Placer, x0: number, y0: number, x1: number, y1: number, depth: number, colour: Rgb, doorWidth: number, handleAtTop: boolean): Shape {
  const w = x1 - x0; const h = y1 - y0;
  const m = textured((hit, out) => {
    if (hit.face === 5) cabinetFront(hit.u, hit.v, w, h, hit.t, doorWidth, colour, C.brass, handleAtTop, out); else put(out, colour, 0.97);
  }, { gloss: 0.06 });
  return p.box(x0, y0, 0, x1, y1, depth, m);
}

export function curtain(p: Placer, x0: number, x1: number, top: number, colour: Rgb): void {
  const m = textured((hit, out) => put(out, colour, 0.78 + 0.22 * Math.sin((hit.u / 0.11) * Math.PI * 2)));
  p.box(x0, 0.02, 0.02, x1, top, 0.1, m);
}
