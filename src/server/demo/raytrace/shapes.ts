import type { Material } from './material.ts';

// Analytic primitives for the demo scenes: axis-aligned boxes, boxes turned about the vertical axis,
// vertical cylinders and spheres. One class with a `kind` tag keeps the hot intersection loop
// monomorphic, which matters at ~8 million rays per panorama.

export const BOX = 0;
export const YAW_BOX = 1;
export const CYLINDER = 2;
export const SPHERE = 3;

const EPS = 1e-4;

export class Shape {
  /** Unique per world; used to find silhouette edges for anti-aliasing. */
  id = 0;
  /** Box: local extents (world extents when kind is BOX). Cylinder: y0/y1 are the height span. */
  x0 = 0; y0 = 0; z0 = 0; x1 = 0; y1 = 0; z1 = 0;
  /** Centre (yaw box, sphere; cylinder uses cx/cz) and radius. */
  cx = 0; cy = 0; cz = 0; r = 0;
  cos = 1; sin = 0;
  /** Bounding sphere for view-cone culling and cheap shadow rejection. */
  bx = 0; by = 0; bz = 0; br = 0;
  /** World axis-aligned bounds, for ambient occlusion. */
  ax0 = 0; ay0 = 0; az0 = 0; ax1 = 0; ay1 = 0; az1 = 0;
  /** Darkens surfaces near it (contact shadows). Off for thin wall decorations. */
  occludes = true;

  constructor(readonly kind: number, readonly material: Material) {}
}

/** The closest hit so far; mutated in place to avoid per-ray allocation. */
export class Hit {
  t = Infinity;
  nx = 0; ny = 0; nz = 0;
  shape: Shape | null = null;
  /** 0:-x 1:+x 2:-y 3:+y 4:-z 5:+z in the shape's own frame. */
  face = 0;
  /** Face coordinates in metres from the shape's low corner (see faceUv). */
  u = 0; v = 0;
  x = 0; y = 0; z = 0;
}

export function box(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, material: Material): Shape {
  const s = new Shape(BOX, material);
  s.x0 = Math.min(x0, x1); s.x1 = Math.max(x0, x1);
  s.y0 = Math.min(y0, y1); s.y1 = Math.max(y0, y1);
  s.z0 = Math.min(z0, z1); s.z1 = Math.max(z0, z1);
  s.ax0 = s.x0; s.ay0 = s.y0; s.az0 = s.z0; s.ax1 = s.x1; s.ay1 = s.y1; s.az1 = s.z1;
  return finish(s);
}

/** A box of size (sx, sy, sz) standing on y0, centred on (cx, cz), turned by yawDeg (positive turns +x towards +z). */
export function yawBox(cx: number, y0: number, cz: number, sx: number, sy: number, sz: number, yawDeg: number, material: Material): Shape {
  const s = new Shape(YAW_BOX, material);
  const a = (yawDeg * Math.PI) / 180;
  s.cos = Math.cos(a); s.sin = Math.sin(a);
  s.cx = cx; s.cy = y0; s.cz = cz;
  s.x0 = -sx / 2; s.x1 = sx / 2; s.y0 = 0; s.y1 = sy; s.z0 = -sz / 2; s.z1 = sz / 2;
  const ex = Math.abs(s.cos) * sx / 2 + Math.abs(s.sin) * sz / 2;
  const ez = Math.abs(s.sin) * sx / 2 + Math.abs(s.cos) * sz / 2;
  s.ax0 = cx - ex; s.ax1 = cx + ex; s.ay0 = y0; s.ay1 = y0 + sy; s.az0 = cz - ez; s.az1 = cz + ez;
  return finish(s);
}

export function cylinder(cx: number, cz: number, r: number, y0: number, y1: number, material: Material): Shape {
  const s = new Shape(CYLINDER, material);
  s.cx = cx; s.cz = cz; s.r = r; s.y0 = y0; s.y1 = y1;
  s.ax0 = cx - r; s.ax1 = cx + r; s.ay0 = y0; s.ay1 = y1; s.az0 = cz - r; s.az1 = cz + r;
  return finish(s);
}

export function sphere(cx: number, cy: number, cz: number, r: number, material: Material): Shape {
  const s = new Shape(SPHERE, material);
  s.cx = cx; s.cy = cy; s.cz = cz; s.r = r;
  s.ax0 = cx - r; s.ax1 = cx + r; s.ay0 = cy - r; s.ay1 = cy + r; s.az0 = cz - r; s.az1 = cz + r;
  return finish(s);
}

function finish(s: Shape): Shape {
  s.bx = (s.ax0 + s.ax1) / 2; s.by = (s.ay0 + s.ay1) / 2; s.bz = (s.az0 + s.az1) / 2;
  s.br = Math.hypot(s.ax1 - s.ax0, s.ay1 - s.ay0, s.az1 - s.az0) / 2;
  return s;
}

/**
 * Slab test against [x0,x1]x[y0,y1]x[z0,z1]; returns the entry face (or -1) and leaves the entry
 * distance in slabT[0]. (A typed slot: returning a double from a call that is not inlined allocates.)
 */
const slabT = new Float64Array(1);
function slab(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number,
  ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, tMax: number): number {
  const ix = 1 / (dx === 0 ? 1e-12 : dx);
  const iy = 1 / (dy === 0 ? 1e-12 : dy);
  const iz = 1 / (dz === 0 ? 1e-12 : dz);
  let tn = (x0 - ox) * ix; let tf = (x1 - ox) * ix; let face = ix < 0 ? 1 : 0;
  if (tn > tf) { const q = tn; tn = tf; tf = q; }
  let ty0 = (y0 - oy) * iy; let ty1 = (y1 - oy) * iy;
  if (ty0 > ty1) { const q = ty0; ty0 = ty1; ty1 = q; }
  if (ty0 > tn) { tn = ty0; face = iy < 0 ? 3 : 2; }
  if (ty1 < tf) tf = ty1;
  let tz0 = (z0 - oz) * iz; let tz1 = (z1 - oz) * iz;
  if (tz0 > tz1) { const q = tz0; tz0 = tz1; tz1 = q; }
  if (tz0 > tn) { tn = tz0; face = iz < 0 ? 5 : 4; }
  if (tz1 < tf) tf = tz1;
  if (tn > tf || tn < EPS || tn >= tMax) return -1;
  slabT[0] = tn;
  return face;
}

const FACE_NORMALS = [-1, 0, 0, 1, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, -1, 0, 0, 1];

/** Tests one shape; when it is closer than hit.t, fills hit (point, normal, face, uv) and returns true. */
export function intersect(s: Shape, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, hit: Hit): boolean {
  switch (s.kind) {
    case BOX: {
      const f = slab(s.x0, s.y0, s.z0, s.x1, s.y1, s.z1, ox, oy, oz, dx, dy, dz, hit.t);
      if (f < 0) return false;
      const t = slabT[0]!;
      setHit(hit, s, t, ox + dx * t, oy + dy * t, oz + dz * t, FACE_NORMALS[f * 3]!, FACE_NORMALS[f * 3 + 1]!, FACE_NORMALS[f * 3 + 2]!, f);
      faceUv(hit, hit.x - s.x0, hit.y - s.y0, hit.z - s.z0);
      return true;
    }
    case YAW_BOX: {
      // Into the box frame: translate, then turn by -yaw.
      const lx = ox - s.cx; const lz = oz - s.cz;
      const c = s.cos; const sn = s.sin;
      const px = c * lx + sn * lz; const pz = -sn * lx + c * lz;
      const qx = c * dx + sn * dz; const qz = -sn * dx + c * dz;
      const f = slab(s.x0, s.y0, s.z0, s.x1, s.y1, s.z1, px, oy - s.cy, pz, qx, dy, qz, hit.t);
      if (f < 0) return false;
      const t = slabT[0]!;
      const lnx = FACE_NORMALS[f * 3]!; const lnz = FACE_NORMALS[f * 3 + 2]!;
      setHit(hit, s, t, ox + dx * t, oy + dy * t, oz + dz * t, c * lnx - sn * lnz, FACE_NORMALS[f * 3 + 1]!, sn * lnx + c * lnz, f);
      faceUv(hit, px + qx * t - s.x0, oy - s.cy + dy * t, pz + qz * t - s.z0);
      return true;
    }
    case CYLINDER: return hitCylinder(s, ox, oy, oz, dx, dy, dz, hit);
    default: return hitSphere(s, ox, oy, oz, dx, dy, dz, hit);
  }
}

function hitCylinder(s: Shape, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, hit: Hit): boolean {
  const fx = ox - s.cx; const fz = oz - s.cz;
  const a = dx * dx + dz * dz;
  let best = -1; let side = true;
  if (a > 1e-12) {
    const b = fx * dx + fz * dz;
    const c = fx * fx + fz * fz - s.r * s.r;
    const disc = b * b - a * c;
    if (disc >= 0) {
      const t = (-b - Math.sqrt(disc)) / a;
      const y = oy + dy * t;
      if (t > EPS && t < hit.t && y >= s.y0 && y <= s.y1) best = t;
    }
  }
  // Caps: only the one facing the ray can be hit first.
  if (dy !== 0) {
    const capY = dy < 0 ? s.y1 : s.y0;
    const t = (capY - oy) / dy;
    if (t > EPS && t < hit.t && (best < 0 || t < best)) {
      const x = fx + dx * t; const z = fz + dz * t;
      if (x * x + z * z <= s.r * s.r) { best = t; side = false; }
    }
  }
  if (best < 0) return false;
  const x = ox + dx * best; const y = oy + dy * best; const z = oz + dz * best;
  if (side) {
    setHit(hit, s, best, x, y, z, (x - s.cx) / s.r, 0, (z - s.cz) / s.r, 0);
    hit.u = Math.atan2(z - s.cz, x - s.cx) * s.r; hit.v = y - s.y0;
  } else {
    setHit(hit, s, best, x, y, z, 0, dy < 0 ? 1 : -1, 0, dy < 0 ? 3 : 2);
    hit.u = x - s.cx; hit.v = z - s.cz;
  }
  return true;
}

function hitSphere(s: Shape, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, hit: Hit): boolean {
  const fx = ox - s.cx; const fy = oy - s.cy; const fz = oz - s.cz;
  const b = fx * dx + fy * dy + fz * dz;
  const c = fx * fx + fy * fy + fz * fz - s.r * s.r;
  const disc = b * b - c;
  if (disc < 0) return false;
  const t = -b - Math.sqrt(disc);
  if (t < EPS || t >= hit.t) return false;
  const x = ox + dx * t; const y = oy + dy * t; const z = oz + dz * t;
  setHit(hit, s, t, x, y, z, (x - s.cx) / s.r, (y - s.cy) / s.r, (z - s.cz) / s.r, 0);
  hit.u = x; hit.v = y;
  return true;
}

function setHit(hit: Hit, s: Shape, t: number, x: number, y: number, z: number, nx: number, ny: number, nz: number, face: number): void {
  hit.t = t; hit.shape = s; hit.x = x; hit.y = y; hit.z = z; hit.nx = nx; hit.ny = ny; hit.nz = nz; hit.face = face;
}

/** u runs along the face horizontally (x, or z on x-facing faces), v upwards (or along z on top/bottom faces). */
function faceUv(hit: Hit, lx: number, ly: number, lz: number): void {
  const f = hit.face;
  if (f < 2) { hit.u = lz; hit.v = ly; } else if (f < 4) { hit.u = lx; hit.v = lz; } else { hit.u = lx; hit.v = ly; }
}

/** The shape's surface point nearest to (x, y, z), into out (the point itself when inside). */
export function closestPoint(s: Shape, x: number, y: number, z: number, out: Float64Array): void {
  switch (s.kind) {
    case BOX:
      out[0] = x < s.x0 ? s.x0 : x > s.x1 ? s.x1 : x;
      out[1] = y < s.y0 ? s.y0 : y > s.y1 ? s.y1 : y;
      out[2] = z < s.z0 ? s.z0 : z > s.z1 ? s.z1 : z;
      return;
    case YAW_BOX: {
      const lx = x - s.cx; const lz = z - s.cz; const ly = y - s.cy;
      let px = s.cos * lx + s.sin * lz; let pz = -s.sin * lx + s.cos * lz;
      px = px < s.x0 ? s.x0 : px > s.x1 ? s.x1 : px;
      pz = pz < s.z0 ? s.z0 : pz > s.z1 ? s.z1 : pz;
      out[0] = s.cx + s.cos * px - s.sin * pz;
      out[1] = s.cy + (ly < s.y0 ? s.y0 : ly > s.y1 ? s.y1 : ly);
      out[2] = s.cz + s.sin * px + s.cos * pz;
      return;
    }
    case CYLINDER: {
      const dx = x - s.cx; const dz = z - s.cz;
      const d = Math.sqrt(dx * dx + dz * dz);
      const k = d > s.r ? s.r / d : 1;
      out[0] = s.cx + dx * k; out[2] = s.cz + dz * k;
      out[1] = y < s.y0 ? s.y0 : y > s.y1 ? s.y1 : y;
      return;
    }
    default: {
      const dx = x - s.cx; const dy = y - s.cy; const dz = z - s.cz;
      const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
      const k = d > s.r ? s.r / d : 1;
      out[0] = s.cx + dx * k; out[1] = s.cy + dy * k; out[2] = s.cz + dz * k;
    }
  }
}

/** Distance from the face's edges for a box hit (how far inside the face the point lies), in metres. */
export function faceEdgeDistance(hit: Hit): number {
  const s = hit.shape;
  if (!s || (s.kind !== BOX && s.kind !== YAW_BOX)) return 1;
  const f = hit.face;
  const w = f < 2 ? s.z1 - s.z0 : s.x1 - s.x0;
  const h = f < 2 || f > 3 ? s.y1 - s.y0 : s.z1 - s.z0;
  return Math.min(hit.u, w - hit.u, hit.v, h - hit.v);
}

/** Whether the point lies inside the shape (with a hair of tolerance). */
export function contains(s: Shape, x: number, y: number, z: number): boolean {
  switch (s.kind) {
    case BOX: return x > s.x0 && x < s.x1 && y > s.y0 - 0.002 && y < s.y1 && z > s.z0 && z < s.z1;
    case YAW_BOX: {
      const lx = x - s.cx; const lz = z - s.cz;
      const px = s.cos * lx + s.sin * lz; const pz = -s.sin * lx + s.cos * lz;
      return px > s.x0 && px < s.x1 && y - s.cy > s.y0 - 0.002 && y - s.cy < s.y1 && pz > s.z0 && pz < s.z1;
    }
    case CYLINDER: return y > s.y0 - 0.002 && y < s.y1 && (x - s.cx) ** 2 + (z - s.cz) ** 2 < s.r * s.r;
    default: return (x - s.cx) ** 2 + (y - s.cy) ** 2 + (z - s.cz) ** 2 < s.r * s.r;
  }
}

/** Whether anything in shapes blocks the segment from o along unit d up to tMax (bounding spheres first). */
export function occluded(shapes: readonly Shape[], skip: Shape | null, ox: number, oy: number, oz: number,
  dx: number, dy: number, dz: number, tMax: number, scratch: Hit): boolean {
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i]!;
    if (s === skip) continue;
    const vx = s.bx - ox; const vy = s.by - oy; const vz = s.bz - oz;
    const along = vx * dx + vy * dy + vz * dz;
    if (along < -s.br || along > tMax + s.br) continue;
    const perp2 = vx * vx + vy * vy + vz * vz - along * along;
    if (perp2 > s.br * s.br) continue;
    scratch.t = tMax;
    if (intersect(s, ox, oy, oz, dx, dy, dz, scratch)) return true;
  }
  return false;
}
