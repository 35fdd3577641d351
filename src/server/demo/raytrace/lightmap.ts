import { shadeInterior } from './shading.ts';
import { Hit, contains } from './shapes.ts';
import type { Room } from './world.ts';

// Light on a room's floor, ceiling and walls changes slowly (window light, soft corners, contact
// shadows, soft-edged sun patches), so it is computed on a 2.5 cm lattice, only where a ray
// actually asks, and interpolated in between. This replaces ~8 million lighting evaluations per
// panorama by a few hundred thousand.

const STEP = 0.025;
const WHITE = new Float64Array([1, 1, 1]);

/** Faces: 0 west, 1 east (u = z), 2 floor, 3 ceiling (u = x, v = z), 4 north, 5 south (u = x); walls have v = y. */
export class SurfaceLightmap {
  private readonly u0: number;
  private readonly v0: number;
  private readonly nu: number;
  private readonly nv: number;
  private readonly values: Float32Array;
  private readonly done: Uint8Array;
  private readonly scratch = new Hit();
  private readonly light = new Float64Array(3);

  constructor(private readonly room: Room, private readonly face: number) {
    const wall = face === 0 || face === 1 || face === 4 || face === 5;
    this.u0 = face === 0 || face === 1 ? room.z0 : room.x0;
    const u1 = face === 0 || face === 1 ? room.z1 : room.x1;
    this.v0 = wall ? 0 : room.z0;
    const v1 = wall ? room.height : room.z1;
    this.nu = Math.ceil((u1 - this.u0) / STEP) + 1;
    this.nv = Math.ceil((v1 - this.v0) / STEP) + 1;
    this.values = new Float32Array(this.nu * this.nv * 3);
    this.done = new Uint8Array(this.nu * this.nv);
  }

  /** Irradiance (RGB) at surface coordinates (u, v), bilinearly interpolated, into out. */
  sample(u: number, v: number, out: Float64Array): void {
    let fu = (u - this.u0) / STEP; let fv = (v - this.v0) / STEP;
    fu = fu < 0 ? 0 : fu > this.nu - 1.001 ? this.nu - 1.001 : fu;
    fv = fv < 0 ? 0 : fv > this.nv - 1.001 ? this.nv - 1.001 : fv;
    const i = fu | 0; const j = fv | 0;
    const a = fu - i; const b = fv - j;
    const p00 = this.point(i, j); const p10 = this.point(i + 1, j);
    const p01 = this.point(i, j + 1); const p11 = this.point(i + 1, j + 1);
    const w00 = (1 - a) * (1 - b); const w10 = a * (1 - b); const w01 = (1 - a) * b; const w11 = a * b;
    const vals = this.values;
    for (let c = 0; c < 3; c++) {
      out[c] = vals[p00 + c]! * w00 + vals[p10 + c]! * w10 + vals[p01 + c]! * w01 + vals[p11 + c]! * w11;
    }
  }

  /** Offset of lattice point (i, j) in values, computing it on first use. */
  private point(i: number, j: number): number {
    const k = j * this.nu + i;
    if (!this.done[k]) {
      this.compute(i, j, k * 3);
      this.done[k] = 1;
    }
    return k * 3;
  }

  private compute(i: number, j: number, at: number): void {
    const room = this.room; const f = this.face;
    const u = this.u0 + i * STEP; const v = this.v0 + j * STEP;
    let x = u; let y = 0; let z = v; let nx = 0; let ny = 0; let nz = 0;
    if (f === 2) { ny = 1; }
    else if (f === 3) { y = room.height; ny = -1; }
    else if (f === 0 || f === 1) { x = f === 0 ? room.x0 : room.x1; y = v; z = u; nx = f === 0 ? 1 : -1; }
    else { y = v; z = f === 4 ? room.z0 : room.z1; nz = f === 4 ? 1 : -1; }
    // Keep lattice points just inside the room so they see the room, not the wall they sit on.
    x = Math.min(room.x1 - 1e-4, Math.max(room.x0 + 1e-4, x));
    y = Math.min(room.height - 1e-4, Math.max(1e-4, y));
    z = Math.min(room.z1 - 1e-4, Math.max(room.z0 + 1e-4, z));
    shadeInterior(room, null, x, y, z, nx, ny, nz, -nx, -ny, -nz, WHITE, 0, this.scratch, this.light);
    // Points hidden inside furniture would brighten the contact edge when interpolated: darken them.
    const k = insideFurniture(room, x, y, z) ? 0.25 : 1;
    this.values[at] = this.light[0]! * k; this.values[at + 1] = this.light[1]! * k; this.values[at + 2] = this.light[2]! * k;
  }
}

function insideFurniture(room: Room, x: number, y: number, z: number): boolean {
  const near = room.grid.near(x, z);
  for (let i = 0; i < near.length; i++) if (contains(near[i]!, x, y, z)) return true;
  return false;
}

/** The room's lightmap for one of its six surfaces, made on first use and kept on the room. */
export function lightmapOf(room: Room, face: number): SurfaceLightmap {
  let map = room.lightmaps[face] as SurfaceLightmap | undefined;
  if (!map) {
    map = new SurfaceLightmap(room, face);
    room.lightmaps[face] = map;
  }
  return map;
}
