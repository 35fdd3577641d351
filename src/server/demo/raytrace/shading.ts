import { SKY_RADIANCE, SUN_COLOUR, SUN_X, SUN_Y, SUN_Z } from './environment.ts';
import { smoothstep } from './noise.ts';
import { type Hit, type Shape, closestPoint, occluded } from './shapes.ts';
import { AO_REACH, type Opening, type Room } from './world.ts';

const nearest = new Float64Array(3);

// Cheap stand-ins for global illumination, tuned by eye: windows act as area lights, bounce light is a
// constant softened near corners and furniture (ambient occlusion from distances, no extra rays),
// the sun draws patches through the panes, and lamps add a warm glow. The only shadow rays are for
// sun patches, and only where a patch can fall at all.

const WINDOW_SPLIT = [0.25, 0.75];

/** Irradiance-weighted colour at an interior point: out = albedo * light + highlights. */
export function shadeInterior(room: Room, self: Shape | null,
  x: number, y: number, z: number, nx: number, ny: number, nz: number,
  vx: number, vy: number, vz: number, albedo: Float64Array, gloss: number, scratch: Hit, out: Float64Array): void {
  const ao = roomOcclusion(room, x, y, z, nx, ny, nz) * shapeOcclusion(room.grid.near(x, z), self, x, y, z, nx, ny, nz);
  const amb = room.ambient * (0.82 + 0.18 * ny) * ao;
  let er = amb * 1.0; let eg = amb * 0.96; let eb = amb * 0.9;
  // Reflected view direction, for highlights.
  const dn = vx * nx + vy * ny + vz * nz;
  const rx = vx - 2 * dn * nx; const ry = vy - 2 * dn * ny; const rz = vz - 2 * dn * nz;
  let spec = 0;
  for (let i = 0; i < room.openings.length; i++) {
    const o = room.openings[i]!;
    if (o.kind === 'closedDoor' || (o.sides[0] !== null && o.sides[1] !== null)) continue;
    const k = o.frosted ? 0.55 : o.kind === 'door' ? 0.8 : 1;
    const w = windowLight(room, o, x, y, z, nx, ny, nz, rx, ry, rz, gloss) * k;
    er += w * SKY_RADIANCE[0]; eg += w * SKY_RADIANCE[1]; eb += w * SKY_RADIANCE[2];
    spec += specular[0]! * k;
    if (o.kind === 'window' && !o.frosted) {
      const sun = sunThrough(room, o, self, x, y, z, nx, ny, nz, scratch);
      er += sun * SUN_COLOUR[0]; eg += sun * SUN_COLOUR[1]; eb += sun * SUN_COLOUR[2];
    }
  }
  for (let i = 0; i < room.lamps.length; i++) {
    const l = room.lamps[i]!;
    const lx = l.x - x; const ly = l.y - y; const lz = l.z - z;
    const d2 = lx * lx + ly * ly + lz * lz;
    const inv = 1 / Math.sqrt(d2);
    const c = (lx * nx + ly * ny + lz * nz) * inv;
    if (c <= 0) continue;
    const e = (l.power * c) / (d2 + 0.15);
    er += e * l.colour[0]; eg += e * l.colour[1]; eb += e * l.colour[2];
    if (gloss > 0) {
      const s = Math.max(0, (rx * lx + ry * ly + rz * lz) * inv);
      const s4 = s * s * s * s; const s16 = s4 * s4 * s4 * s4;
      spec += gloss * s16 * s16 * l.power * 2 / (d2 + 0.3);
    }
  }
  out[0] = albedo[0]! * er + spec;
  out[1] = albedo[1]! * eg + spec;
  out[2] = albedo[2]! * eb + spec * 1.05;
}

/**
 * Highlights on a room surface whose diffuse light comes from a lightmap: one sample at the
 * centre of each window and at each lamp.
 */
export function surfaceSpecular(room: Room, x: number, y: number, z: number, nx: number, ny: number, nz: number,
  vx: number, vy: number, vz: number, gloss: number): number {
  const dn = vx * nx + vy * ny + vz * nz;
  const rx = vx - 2 * dn * nx; const ry = vy - 2 * dn * ny; const rz = vz - 2 * dn * nz;
  let spec = 0;
  for (let i = 0; i < room.openings.length; i++) {
    const o = room.openings[i]!;
    if (o.kind !== 'window' || o.frosted) continue;
    const a = (o.a0 + o.a1) / 2;
    const lx = (o.axis === 'z' ? a : o.at) - x; const ly = (o.y0 + o.y1) / 2 - y; const lz = (o.axis === 'z' ? o.at : a) - z;
    const s = Math.max(0, (rx * lx + ry * ly + rz * lz) / Math.sqrt(lx * lx + ly * ly + lz * lz));
    const s4 = s * s * s * s; const s16 = s4 * s4 * s4 * s4; const s64 = s16 * s16 * s16 * s16;
    spec += s64 * gloss * 0.6;
  }
  for (let i = 0; i < room.lamps.length; i++) {
    const l = room.lamps[i]!;
    const lx = l.x - x; const ly = l.y - y; const lz = l.z - z;
    const d2 = lx * lx + ly * ly + lz * lz;
    const s = Math.max(0, (rx * lx + ry * ly + rz * lz) / Math.sqrt(d2));
    const s4 = s * s * s * s; const s16 = s4 * s4 * s4 * s4;
    spec += gloss * s16 * s16 * l.power * 2 / (d2 + 0.3);
  }
  return spec;
}

/** Highlight strength left by windowLight (a typed slot: a module-level double would allocate per write). */
const specular = new Float64Array(1);

/** Light from one window treated as two small area lights side by side (no occlusion). */
function windowLight(room: Room, o: Opening, x: number, y: number, z: number, nx: number, ny: number, nz: number,
  rx: number, ry: number, rz: number, gloss: number): number {
  // Inward normal of the window plane.
  let wx = 0; let wz = 0;
  if (o.axis === 'z') wz = Math.abs(o.at - room.z0) < 1e-3 ? 1 : -1; else wx = Math.abs(o.at - room.x0) < 1e-3 ? 1 : -1;
  const area = ((o.a1 - o.a0) * (o.y1 - o.y0)) / 2;
  const soft = area / Math.PI;
  let e = 0;
  let sp = 0;
  const wide = o.a1 - o.a0 > o.y1 - o.y0;
  for (let i = 0; i < 2; i++) {
    const a = o.a0 + (o.a1 - o.a0) * (wide ? WINDOW_SPLIT[i]! : 0.5);
    const qy = o.y0 + (o.y1 - o.y0) * (wide ? 0.5 : WINDOW_SPLIT[i]!);
    const qx = o.axis === 'z' ? a : o.at;
    const qz = o.axis === 'z' ? o.at : a;
    const lx = qx - x; const ly = qy - y; const lz = qz - z;
    const d2 = lx * lx + ly * ly + lz * lz;
    const inv = 1 / Math.sqrt(d2);
    const cp = (lx * nx + ly * ny + lz * nz) * inv;
    const cw = -(lx * wx + lz * wz) * inv;
    if (cp <= 0 || cw <= 0) continue;
    e += (area * cp * cw) / (d2 + soft);
    if (gloss > 0) {
      const s = Math.max(0, (rx * lx + ry * ly + rz * lz) * inv);
      const s2 = s * s; const s4 = s2 * s2; const s8 = s4 * s4;
      const s32 = s8 * s8 * s8 * s8;
      sp += gloss * s32 * 0.35;
    }
  }
  specular[0] = sp;
  return e / Math.PI;
}

/** Share of direct sun reaching the point through this window (soft-edged, blocked by furniture). */
function sunThrough(room: Room, o: Opening, self: Shape | null, x: number, y: number, z: number,
  nx: number, ny: number, nz: number, scratch: Hit): number {
  const cosN = nx * SUN_X + ny * SUN_Y + nz * SUN_Z;
  if (cosN <= 0) return 0;
  const along = o.axis === 'z' ? SUN_Z : SUN_X;
  const from = o.axis === 'z' ? z : x;
  const t = (o.at - from) / along;
  if (t <= 0) return 0;
  const a = o.axis === 'z' ? x + SUN_X * t : z + SUN_Z * t;
  const h = y + SUN_Y * t;
  // Penumbra widens with distance from the window, like a real sun patch.
  const pen = 0.015 + t * 0.012;
  const inside = Math.min(a - o.a0 - 0.05, o.a1 - 0.05 - a, h - o.y0 - 0.05, o.y1 - 0.05 - h);
  if (inside < -pen) return 0;
  let k = smoothstep(-pen, pen, inside);
  // Shadows of the mullions between panes.
  if (o.panes > 1) {
    const pane = (o.a1 - o.a0) / o.panes;
    const m = (a - o.a0) / pane;
    const dist = Math.abs(m - Math.round(m)) * pane;
    k *= smoothstep(0.02, 0.03 + pen, dist);
  }
  if (k <= 0) return 0;
  if (occluded(room.shapes, self, x + nx * 1e-3, y + ny * 1e-3, z + nz * 1e-3, SUN_X, SUN_Y, SUN_Z, t, scratch)) return 0;
  return k * cosN;
}

/** Darkening where the surface meets another room surface (corners, skirting, ceiling edges). */
function roomOcclusion(room: Room, x: number, y: number, z: number, nx: number, ny: number, nz: number): number {
  let v = 1;
  v *= 1 - edge(x - room.x0, nx);
  v *= 1 - edge(room.x1 - x, nx);
  v *= 1 - edge(z - room.z0, nz);
  v *= 1 - edge(room.z1 - z, nz);
  v *= 1 - edge(y, ny);
  v *= 1 - edge(room.height - y, ny);
  return v;
}

function edge(distance: number, normalAlong: number): number {
  const w = 1 - Math.abs(normalAlong);
  if (w <= 0.01 || distance > 1.2) return 0;
  const q = distance / 0.22;
  return (0.32 * w) / (1 + q * q);
}

/** Contact shadows of furniture: each nearby box dims the point by its apparent size. */
export function shapeOcclusion(shapes: readonly Shape[], self: Shape | null, x: number, y: number, z: number,
  nx: number, ny: number, nz: number): number {
  let v = 1;
  const R = AO_REACH;
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i]!;
    if (s === self || !s.occludes) continue;
    if (x < s.ax0 - R || x > s.ax1 + R || y < s.ay0 - R || y > s.ay1 + R || z < s.az0 - R || z > s.az1 + R) continue;
    closestPoint(s, x, y, z, nearest);
    const dx = nearest[0]! - x; const dy = nearest[1]! - y; const dz = nearest[2]! - z;
    const d2 = dx * dx + dy * dy + dz * dz;
    if (d2 >= R * R) continue;
    if (d2 < 1e-6) { v *= 0.35; continue; }
    const d = Math.sqrt(d2);
    const facing = (dx * nx + dy * ny + dz * nz) / d;
    if (facing < -0.3) continue;
    const sx = s.ax1 - s.ax0; const sy = s.ay1 - s.ay0; const sz = s.az1 - s.az0;
    // The face turned to the point: footprint for floors below, a side for walls and neighbours.
    const area = Math.abs(ny) > 0.5 ? sx * sz : Math.abs(nx) > 0.5 ? sy * sz : sx * sy;
    const a = Math.min(area, 2.5);
    // Fades to nothing at the reach so no outline of the influence zone shows.
    const fade = (1 - d / R) * (1 - d / R);
    v *= 1 - (0.85 * (0.55 + 0.45 * Math.max(0, facing)) * a * fade) / (a + 4 * d2);
  }
  return v;
}
