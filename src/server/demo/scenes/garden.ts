import { MEDIA } from '../demoMedia.ts';
import { type Material, put, solid, srgb, textured } from '../raytrace/material.ts';
import { hash2, noise2 } from '../raytrace/noise.ts';
import { bark, foliage, grass, paving, slats } from '../raytrace/outdoorTextures.ts';
import { type Shape, box, cylinder, sphere } from '../raytrace/shapes.ts';
import { chair, plant, table } from './furniture.ts';
import { EYE_HEIGHT, HOUSE } from './housePlan.ts';
import { BLACK_METAL, OAK } from './palette.ts';
import { placerFor } from './placer.ts';
import type { PanoramaSpec } from './sceneTypes.ts';
import { multi } from './texts.ts';

// The south garden: a sandstone terrace along the facade, a lawn with a path down to a low
// harbour wall, a quay, and the water with a few moored boats and a lighthouse on the breakwater.

const SANDSTONE = srgb('#a89a84');
const QUAY = srgb('#8e8a84');
const CEDAR = srgb('#8a5a3a');
const LEAF_GREEN = srgb('#3d6a27');
const LEAF_OLIVE = srgb('#5b7a2e');
const STONE = srgb('#b7ab98');
const WALL_STONE = textured((h, out) => put(out, STONE, 0.8 + 0.3 * noise2(h.u * 5, h.v * 9)));
const FENCE = textured((h, out) => slats(h.v, h.u, h.t, CEDAR, out));
const HULL = solid(srgb('#f2f2ee'), { gloss: 0.4 });
const HULL_BLUE = solid(srgb('#23406a'), { gloss: 0.4 });
const MAST = solid(srgb('#d8d8d8'));
const LIGHTHOUSE_WHITE = srgb('#f0eee8');
const LIGHTHOUSE_RED = srgb('#b02a22');
const LIGHTHOUSE = textured((h, out) => put(out, Math.floor(h.v / 2.2) % 2 === 0 ? LIGHTHOUSE_WHITE : LIGHTHOUSE_RED, 1));
const BARK = textured((h, out) => bark(h.u, h.v, out));
const ROOF_EDGE = solid(srgb('#2e3033'));
const CANVAS = solid(srgb('#efe7d6'));

function leaves(base: readonly [number, number, number]) {
  return textured((h, out) => foliage(h.x, h.y, h.z, base, out), { bump: 1.6 });
}
const HEDGE = leaves(srgb('#3b5a22'));

/** A round-headed tree: trunk and a cluster of leafy spheres. */
function tree(shapes: Shape[], x: number, z: number, size: number, olive: boolean): void {
  const m = leaves(olive ? LEAF_OLIVE : LEAF_GREEN);
  shapes.push(cylinder(x, z, 0.14 * size, 0, 2.6 * size, BARK));
  // A big core and clumps scattered over it (golden-angle spiral) read as a leafy crown.
  shapes.push(sphere(x, 3.7 * size, z, 1.35 * size, m));
  const seed = Math.round(x * 13 + z * 7);
  for (let i = 0; i < 12; i++) {
    const a = i * 2.4 + seed; const up = -0.5 + (i / 11) * 1.3;
    const ring = 1.25 * Math.sqrt(1 - Math.min(0.9, up * up));
    const r = (0.55 + 0.25 * hash2(i, seed)) * size;
    shapes.push(sphere(x + Math.cos(a) * ring * size, (3.7 + up * 1.2) * size, z + Math.sin(a) * ring * size, r, m));
  }
}

function boat(shapes: Shape[], x: number, z: number, length: number, hull = HULL): void {
  shapes.push(box(x - length / 2, -1.0, z - length * 0.18, x + length / 2, -0.35, z + length * 0.18, hull));
  shapes.push(box(x - length * 0.2, -0.35, z - length * 0.1, x + length * 0.1, 0.25, z + length * 0.1, HULL));
  shapes.push(cylinder(x + length * 0.05, z, 0.05, -0.35, length * 1.1, MAST));
}

/** A long wall or fence as 3 m pieces: small bounding spheres keep view culling and shadows cheap. */
function segments(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, m: Material): Shape[] {
  const alongX = x1 - x0 > z1 - z0;
  const length = alongX ? x1 - x0 : z1 - z0;
  const n = Math.ceil(length / 3);
  return Array.from({ length: n }, (_, i) => {
    const a = (length * i) / n; const b = (length * (i + 1)) / n;
    return alongX ? box(x0 + a, y0, z0, x0 + b, y1, z1, m) : box(x0, y0, z0 + a, x1, y1, z0 + b, m);
  });
}

export function gardenShapes(): Shape[] {
  const shapes: Shape[] = [];
  const at = placerFor(shapes);
  // Flat roof with a slim dark fascia overhanging the facade.
  shapes.push(box(HOUSE.x0 - 0.35, HOUSE.height - 0.08, HOUSE.z0 - 0.35, HOUSE.x1 + 0.35, HOUSE.height + 0.18, HOUSE.z1 + 0.35, ROOF_EDGE));
  // Harbour wall with a gap for the path, side fences towards the neighbours.
  shapes.push(...segments(-4, 0, 21.6, 5.5, 0.6, 21.95, WALL_STONE), ...segments(6.9, 0, 21.6, 18, 0.6, 21.95, WALL_STONE));
  shapes.push(...segments(-4.1, 0, -9, -3.95, 1.7, 21.6, FENCE), ...segments(17.95, 0, -9, 18.1, 1.7, 21.6, FENCE));
  // The back garden behind the bedroom and study: a beech hedge and a few trees.
  shapes.push(...segments(-3.95, 0, -9.6, 17.95, 1.9, -8.8, HEDGE));
  tree(shapes, 1.8, -5.2, 1.0, true);
  tree(shapes, 7.2, -6.8, 1.25, false);
  tree(shapes, 12.5, -4.6, 0.9, true);
  tree(shapes, 16.5, -1.5, 0.8, false);
  tree(shapes, -1.6, 15.2, 1.05, false);
  tree(shapes, 15.6, 13.4, 1.2, false);
  tree(shapes, 12.6, 19.0, 0.85, true);
  tree(shapes, 0.9, 19.6, 0.8, true);
  tree(shapes, -9, 6, 1.4, false);
  tree(shapes, 24, 4, 1.3, false);
  // Terrace dining set with a parasol.
  table(at(10.6, 10.7), 1.6, 0.9, 0.74, OAK, BLACK_METAL);
  for (const [x, z, f] of [[10.2, 10.05, 'south'], [11.0, 10.05, 'south'], [10.2, 11.35, 'north'], [11.0, 11.35, 'north']] as const) {
    chair(at(x, z, f), OAK, BLACK_METAL);
  }
  shapes.push(cylinder(10.6, 10.7, 0.025, 0.74, 2.45, BLACK_METAL), cylinder(10.6, 10.7, 1.35, 2.45, 2.52, CANVAS));
  // A bench by the path and planters either side of the front door.
  const bench = at(3.4, 17.2, 'east');
  bench.box(-0.8, 0.4, 0, 0.8, 0.45, 0.42, OAK);
  bench.box(-0.75, 0, 0.05, -0.68, 0.4, 0.37, BLACK_METAL);
  bench.box(0.68, 0, 0.05, 0.75, 0.4, 0.37, BLACK_METAL);
  plant(at(5.2, 9.5), 1.2);
  plant(at(7.0, 9.5), 1.2);
  // Outside lamp beside the door.
  shapes.push(box(6.85, 1.9, 9.0, 7.0, 2.15, 9.1, BLACK_METAL));
  // The harbour: moored boats, a breakwater and its lighthouse.
  boat(shapes, -6, 34, 7);
  boat(shapes, 9, 41, 9, HULL_BLUE);
  boat(shapes, 21, 37, 6);
  boat(shapes, 40, 70, 11);
  shapes.push(box(-70, -1, 140, 55, 1.4, 148, WALL_STONE));
  shapes.push(cylinder(52, 144, 2.2, 1.4, 16, LIGHTHOUSE), cylinder(52, 144, 1.6, 16, 18.5, solid(srgb('#fff6dd'), { emission: 1.4 })));
  for (const s of shapes) if (s.ay0 < -0.5 || s.bz > 60) s.occludes = false;
  return shapes;
}

/** Ground colour: terrace and path paving, lawn, the quay along the water. */
export function gardenGround(x: number, z: number, t: number, out: Float64Array): void {
  if (z > 21.95 && z < 24.6) { paving(x * 0.8, z, t, QUAY, out); return; }
  if (z >= 24.6) { put(out, QUAY, 0.7); return; }
  const terrace = z > 9 && z < 11.9 && x > -0.4 && x < 14.4;
  const path = x > 5.5 && x < 6.9 && z >= 11.9 && z < 21.95;
  const besideHouse = x > -1 && x < 15 && z > -1 && z < 9;
  if (terrace || path || besideHouse) { paving(x, z, t, SANDSTONE, out); return; }
  grass(x, z, t, out);
}

export const gardenPanorama: PanoramaSpec = {
  id: 'garden',
  name: 'Garden and harbour view',
  nameMulti: multi('Garden and harbour view', 'Jardin et vue sur le port', '庭と港の眺め', 'الحديقة وإطلالة الميناء', 'Garten mit Hafenblick'),
  category: 'garden',
  room: null,
  camera: [6.1, EYE_HEIGHT, 13.8],
  exposure: 0.78,
  initialView: { ath: 8, atv: 0, fov: 100 },
  markers: [
    {
      type: 'sticker', anchor: [7.35, 1.5, 9.02],
      name: 'Welcome sign', description: 'Harbour House, number 12.',
      photos: [MEDIA.welcomeSign],
    },
    {
      type: 'popup', anchor: [9, 1.2, 41],
      name: 'Live harbour camera',
      nameMulti: multi('Live harbour camera', 'Caméra du port en direct', '港のライブカメラ', 'كاميرا الميناء المباشرة', 'Live-Hafenkamera'),
      description: 'Boats coming and going, streamed from the harbour office.',
      link: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      attributes: { iconType: 'video' },
    },
    {
      type: 'videoplay', anchor: [52, 9, 144],
      name: 'Drone flight to the lighthouse',
      description: 'Two minutes over the breakwater at sunset.',
      link: 'https://www.youtube.com/watch?v=ScMzIvxBSi4',
      attributes: { autoplay: false },
    },
    {
      type: 'tag', anchor: [10.6, 0.76, 10.7],
      name: 'Terrace table, solid oak',
      description: 'Oiled oak on powder-coated steel, seats four. 160 x 90 cm.',
      photos: [MEDIA.terraceTablePhoto, MEDIA.terraceTableCard], price: '€680', link: 'https://example.com/shop/terrace-table',
      category: ['furniture', 'garden'],
    },
  ],
};
