import { applyHaze, sky } from './environment.ts';
import type { Material } from './material.ts';
import { noise3 } from './noise.ts';
import { groundDistance, shadeOutdoor, shadeSea } from './outdoor.ts';
import { lightmapOf } from './lightmap.ts';
import { shadeInterior, surfaceSpecular } from './shading.ts';
import type { BlockCuller } from './blockCuller.ts';
import { Hit, type Shape, intersect } from './shapes.ts';
import { type Opening, type Room, type World, openingAt } from './world.ts';

// Follows one ray through the house: inside a room it meets furniture or the room's own walls;
// an opening hands the ray to the space behind it (next room, or outdoors through glass).
// Returns an id of what was seen so the renderer can find silhouettes to anti-alias.

export const SKY_ID = 1;
export const GROUND_ID = 2;
export const SEA_ID = 3;
const SURFACE_ID = 100_000;
const MAX_DEPTH = 4;
const DOOR_ARCHITRAVE = 0.07;
const BASEBOARD = 0.1;
const WINDOW_FRAME = 0.05;
const MULLION = 0.025;

export class Tracer {
  private readonly hit = new Hit();
  private readonly scratch = new Hit();
  private readonly albedo = new Float64Array(3);
  private readonly light = new Float64Array(3);
  private readonly spare: Float64Array[] = Array.from({ length: MAX_DEPTH + 2 }, () => new Float64Array(3));

  /** Camera rays are culled per block of pixels; set by the renderer before each primary ray. */
  culler: BlockCuller | null = null;
  block = 0;
  private readonly outdoorSpace: number;

  constructor(private readonly world: World, private readonly outdoorFrame: Material) {
    this.outdoorSpace = world.rooms.length;
  }

  /**
   * Radiance along the ray into out (linear RGB). `straight` says the ray is still the camera's
   * own line (not reflected), so the block's culled shape lists apply in every space it enters.
   */
  trace(room: Room | null, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number,
    depth: number, out: Float64Array, straight: boolean): number {
    const culler = straight ? this.culler : null;
    return room
      ? this.traceRoom(room, ox, oy, oz, dx, dy, dz, depth, out, culler ? culler.candidates(this.block, room.index) : room.shapes, straight)
      : this.traceOutdoor(ox, oy, oz, dx, dy, dz, depth, out, culler ? culler.candidates(this.block, this.outdoorSpace) : this.world.outdoorShapes, straight);
  }

  private traceRoom(room: Room, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number,
    depth: number, out: Float64Array, shapes: readonly Shape[], straight: boolean): number {
    // Where the ray leaves the room box: 0 west, 1 east, 2 floor, 3 ceiling, 4 north, 5 south.
    let tExit = Infinity; let face = 0; let t = 0;
    if (dx > 1e-12) { t = (room.x1 - ox) / dx; if (t < tExit) { tExit = t; face = 1; } }
    else if (dx < -1e-12) { t = (room.x0 - ox) / dx; if (t < tExit) { tExit = t; face = 0; } }
    if (dy > 1e-12) { t = (room.height - oy) / dy; if (t < tExit) { tExit = t; face = 3; } }
    else if (dy < -1e-12) { t = -oy / dy; if (t < tExit) { tExit = t; face = 2; } }
    if (dz > 1e-12) { t = (room.z1 - oz) / dz; if (t < tExit) { tExit = t; face = 5; } }
    else if (dz < -1e-12) { t = (room.z0 - oz) / dz; if (t < tExit) { tExit = t; face = 4; } }
    const hit = this.hit;
    hit.t = tExit; hit.shape = null;
    for (let i = 0; i < shapes.length; i++) intersect(shapes[i]!, ox, oy, oz, dx, dy, dz, hit);
    if (hit.shape) return this.shadeShape(room, dx, dy, dz, depth, out);

    const px = ox + dx * tExit; const py = oy + dy * tExit; const pz = oz + dz * tExit;
    const f = room.finish;
    const base = SURFACE_ID + room.index * 64;
    let nx = 0; let ny = 0; let nz = 0; let u = px; let v = pz;
    let mat = f.wall; let id = base + 2;
    if (face === 2) { mat = f.floor; ny = 1; id = base; }
    else if (face === 3) { mat = f.ceiling; ny = -1; id = base + 1; }
    else {
      const axis = face < 2 ? 'x' : 'z';
      const at = face === 0 ? room.x0 : face === 1 ? room.x1 : face === 4 ? room.z0 : room.z1;
      if (face < 2) nx = face === 0 ? 1 : -1; else nz = face === 4 ? 1 : -1;
      const a = axis === 'x' ? pz : px;
      u = a; v = py;
      const o = openingAt(room.openings, axis, at, a, py, DOOR_ARCHITRAVE);
      if (o) {
        const inside = a >= o.a0 && a <= o.a1 && py >= o.y0 && py <= o.y1;
        if (!inside) {
          if (o.kind !== 'window') { mat = f.frame; id = base + 3; }
        } else if (o.kind === 'closedDoor') {
          mat = f.door; id = base + 5; u = a - o.a0;
        } else if (o.kind === 'window' && onWindowBar(o, a, py)) {
          mat = f.frame; id = base + 4;
        } else {
          return this.throughOpening(room, o, px, py, pz, dx, dy, dz, depth, out, straight);
        }
      }
      if (mat === f.wall && py < BASEBOARD) { mat = f.baseboard; id = base + 6; }
    }
    hit.shape = null; hit.x = px; hit.y = py; hit.z = pz; hit.nx = nx; hit.ny = ny; hit.nz = nz;
    hit.face = face; hit.u = u; hit.v = v; hit.t = tExit;
    mat.albedo(hit, this.albedo);
    const light = this.light;
    if (face < 2) lightmapOf(room, face).sample(pz, py, light);
    else if (face < 4) lightmapOf(room, face).sample(px, pz, light);
    else lightmapOf(room, face).sample(px, py, light);
    const spec = mat.gloss > 0 ? surfaceSpecular(room, px, py, pz, nx, ny, nz, dx, dy, dz, mat.gloss) : 0;
    const alb = this.albedo;
    out[0] = alb[0]! * light[0]! + spec; out[1] = alb[1]! * light[1]! + spec; out[2] = alb[2]! * light[2]! + spec;
    return id;
  }

  private throughOpening(room: Room, o: Opening, px: number, py: number, pz: number,
    dx: number, dy: number, dz: number, depth: number, out: Float64Array, straight: boolean): number {
    const other = o.sides[0] === room ? o.sides[1] : o.sides[0];
    if (o.frosted) {
      out[0] = 1.05; out[1] = 1.08; out[2] = 1.12;
      return SURFACE_ID - 1 - o.index;
    }
    if (depth >= MAX_DEPTH) { out[0] = 0.1; out[1] = 0.1; out[2] = 0.1; return 0; }
    const id = this.trace(other, px, py, pz, dx, dy, dz, depth + 1, out, straight);
    if (o.kind === 'window') { out[0] = out[0]! * 0.9; out[1] = out[1]! * 0.93; out[2] = out[2]! * 0.92; }
    return id;
  }

  private shadeShape(room: Room | null, dx: number, dy: number, dz: number, depth: number, out: Float64Array): number {
    const hit = this.hit;
    const s = hit.shape!;
    const m = s.material;
    const x = hit.x; const y = hit.y; const z = hit.z; let nx = hit.nx; let ny = hit.ny; let nz = hit.nz;
    if (m.bump > 0) {
      // Leaves: tilt the normal by noise so round clumps shade as many small ones.
      const f = 9;
      nx += m.bump * (noise3(x * f, y * f, z * f) - 0.5);
      ny += m.bump * (noise3(x * f + 17.1, y * f, z * f) - 0.5);
      nz += m.bump * (noise3(x * f, y * f + 31.7, z * f) - 0.5);
      const inv = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz);
      nx *= inv; ny *= inv; nz *= inv;
    }
    m.albedo(hit, this.albedo);
    const alb = this.albedo;
    if (m.emission > 0) {
      out[0] = alb[0]! * m.emission; out[1] = alb[1]! * m.emission; out[2] = alb[2]! * m.emission;
      return s.id;
    }
    if (room) shadeInterior(room, s, x, y, z, nx, ny, nz, dx, dy, dz, alb, m.gloss, this.scratch, out);
    else shadeOutdoor(this.world, s, x, y, z, nx, ny, nz, dx, dy, dz, alb, m.gloss, this.scratch, out);
    if (m.mirror > 0 && depth < MAX_DEPTH) {
      const r = out[0]!; const g = out[1]!; const b = out[2]!;
      const dn = dx * nx + dy * ny + dz * nz;
      const refl = this.spare[depth]!;
      this.trace(room, x, y, z, dx - 2 * dn * nx, dy - 2 * dn * ny, dz - 2 * dn * nz, depth + 1, refl, false);
      const k = m.mirror;
      out[0] = r * (1 - k) + refl[0]! * k; out[1] = g * (1 - k) + refl[1]! * k; out[2] = b * (1 - k) + refl[2]! * k;
    }
    return s.id;
  }

  private traceOutdoor(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number,
    depth: number, out: Float64Array, shapes: readonly Shape[], straight: boolean): number {
    const world = this.world;
    const hit = this.hit;
    hit.t = groundDistance(oy, dy); hit.shape = null;
    const groundT = hit.t;
    for (let i = 0; i < shapes.length; i++) intersect(shapes[i]!, ox, oy, oz, dx, dy, dz, hit);
    if (hit.shape === world.houseShape && hit.face !== 3 && hit.face !== 2) {
      const r = this.facadeOpening(dx, dy, dz, depth, out, straight);
      if (r !== -1) return r;
    }
    if (hit.shape) {
      const id = this.shadeShape(null, dx, dy, dz, depth, out);
      applyHaze(out, hit.t);
      return id;
    }
    if (groundT < Infinity) {
      const gx = ox + dx * groundT; const gz = oz + dz * groundT;
      if (gz > world.shoreZ) {
        shadeSea(ox, oy, oz, dx, dy, dz, this.spare[depth]!, out);
        return SEA_ID;
      }
      world.groundAlbedo(gx, gz, groundT, this.albedo);
      shadeOutdoor(world, null, gx, 0, gz, 0, 1, 0, dx, dy, dz, this.albedo, 0, this.scratch, out);
      applyHaze(out, groundT);
      return GROUND_ID;
    }
    sky(dx, dy, dz, out);
    return SKY_ID;
  }

  /** A facade hit inside a window or the open front door; -1 when the hit is plain wall. */
  private facadeOpening(dx: number, dy: number, dz: number, depth: number, out: Float64Array, straight: boolean): number {
    const hit = this.hit;
    const face = hit.face;
    const house = this.world.houseShape;
    const axis = face < 2 ? 'x' : 'z';
    const at = face === 0 ? house.x0 : face === 1 ? house.x1 : face === 4 ? house.z0 : house.z1;
    const a = axis === 'x' ? hit.z : hit.x;
    const o = openingAt(this.world.openings, axis, at, a, hit.y, 0);
    if (!o || (o.sides[0] !== null && o.sides[1] !== null) || o.kind === 'closedDoor') return -1;
    if (o.kind === 'window' && onWindowBar(o, a, hit.y)) {
      hit.u = a; hit.v = hit.y;
      this.outdoorFrame.albedo(hit, this.albedo);
      shadeOutdoor(this.world, null, hit.x, hit.y, hit.z, hit.nx, hit.ny, hit.nz, dx, dy, dz, this.albedo, 0.3, this.scratch, out);
      return SURFACE_ID - 100 - o.index;
    }
    const room = o.sides[0] ?? o.sides[1]!;
    const x = hit.x; const y = hit.y; const z = hit.z; const nx = hit.nx; const nz = hit.nz;
    if (o.kind === 'door' || depth >= MAX_DEPTH) return this.trace(room, x, y, z, dx, dy, dz, depth + 1, out, straight);
    // Glass seen from outside: mostly the reflected garden and sky, some of the room behind.
    const dn = dx * nx + dz * nz;
    const refl = this.spare[depth]!;
    if (o.frosted) { out[0] = 0.5; out[1] = 0.52; out[2] = 0.55; }
    else this.trace(room, x, y, z, dx, dy, dz, depth + 1, out, straight);
    const r = out[0]!; const g = out[1]!; const b = out[2]!;
    this.trace(null, x, y, z, dx - 2 * dn * nx, dy, dz - 2 * dn * nz, depth + 1, refl, false);
    const c = Math.min(1, Math.abs(dn)); const m = 1 - c; const m2 = m * m;
    const f = 0.12 + 0.88 * m2 * m2 * m;
    out[0] = r * (1 - f) * 0.85 + refl[0]! * f;
    out[1] = g * (1 - f) * 0.88 + refl[1]! * f;
    out[2] = b * (1 - f) * 0.88 + refl[2]! * f;
    return SURFACE_ID - 200 - o.index;
  }
}

/** Whether a point inside a window opening lies on its frame or on a bar between panes. */
function onWindowBar(o: Opening, a: number, y: number): boolean {
  if (a - o.a0 < WINDOW_FRAME || o.a1 - a < WINDOW_FRAME || y - o.y0 < WINDOW_FRAME || o.y1 - y < WINDOW_FRAME) return true;
  if (o.panes <= 1) return false;
  const pane = (o.a1 - o.a0) / o.panes;
  const m = (a - o.a0) / pane;
  return Math.abs(m - Math.round(m)) * pane < MULLION;
}
