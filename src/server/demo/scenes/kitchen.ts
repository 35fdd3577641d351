import { MEDIA } from '../demoMedia.ts';
import { type Rgb, put, solid, srgb, textured } from '../raytrace/material.ts';
import { marble } from '../raytrace/textures.ts';
import type { Shape } from '../raytrace/shapes.ts';
import type { Lamp } from '../raytrace/world.ts';
import { chair, cupboard, pendant, plant, table } from './furniture.ts';
import { CEILING, EYE_HEIGHT } from './housePlan.ts';
import { BRASS, C, CHROME, FABRIC_SAGE, GREY_FLOOR_TILES, OAK, finish } from './palette.ts';
import { type Placer, placerFor } from './placer.ts';
import type { RoomScene } from './sceneTypes.ts';
import { multi } from './texts.ts';

// Kitchen and dining (x 7.5..14, z 4..9): sage cabinets along the east wall with the sink under
// the window, a hob run on the north wall, an oak dining table by the big south window.

const SAGE_CABINET = srgb('#7f907c');
const HOB_X = 11.15;
const STEEL = solid([0.55, 0.56, 0.57], { gloss: 0.8 });
const SINK: Rgb = [0.32, 0.33, 0.34];
const GLASS_BLACK: Rgb = [0.02, 0.02, 0.025];
const TOP = [srgb('#e9e6e0'), srgb('#9c968d')] as const;
const PLINTH = solid(C.charcoal);

/** A base-cabinet run with a marble top; `cutouts` are local x centres of a sink (s) or hob (h). */
function counterRun(p: Placer, width: number, cutouts: readonly (readonly ['s' | 'h', number])[]): void {
  const w = width / 2;
  p.box(-w, 0, 0, w, 0.1, 0.55, PLINTH);
  cupboard(p, -w, 0.1, w, 0.88, 0.6, SAGE_CABINET, 0.6, true);
  const top = textured((h, out) => {
    const x = h.u - w; const z = h.v;
    for (let i = 0; i < cutouts.length; i++) {
      const kind = cutouts[i]![0]; const cx = cutouts[i]![1];
      if (kind === 's' && Math.abs(x - cx) < 0.3 && z > 0.12 && z < 0.52) { put(out, SINK, 0.7 + 0.3 * (z - 0.12)); return; }
      if (kind === 'h' && Math.abs(x - cx) < 0.36 && z > 0.1 && z < 0.56) {
        const rx = ((x - cx + 0.36) % 0.36) - 0.18; const rz = ((z - 0.1) % 0.23) - 0.115;
        put(out, GLASS_BLACK, Math.abs(Math.sqrt(rx * rx + rz * rz) - 0.08) < 0.006 ? 6 : 1);
        return;
      }
    }
    marble(h.u, h.v, TOP[0], TOP[1], out);
  }, { gloss: 0.6 });
  p.box(-w, 0.88, 0, w, 0.92, 0.64, top);
}

export const kitchen: RoomScene = {
  id: 'kitchen',
  finish: finish({ floor: GREY_FLOOR_TILES }),
  ambient: 0.42,
  furnish() {
    const shapes: Shape[] = [];
    const lamps: Lamp[] = [];
    const at = placerFor(shapes);
    // East run (faces west), sink under the window at z 6.55.
    const east = at(14, 6.5, 'west');
    counterRun(east, 3.6, [['s', 0.05]]);
    cupboard(east, -1.8, 1.45, -0.85, 2.3, 0.35, SAGE_CABINET, 0.48, false);
    cupboard(east, 0.9, 1.45, 1.8, 2.3, 0.35, SAGE_CABINET, 0.45, false);
    east.cylinder(0.05, 0.08, 0.015, 0.92, 1.22, CHROME);
    east.box(0.02, 1.18, 0.08, 0.08, 1.22, 0.3, CHROME);
    // Tall fridge unit in the north-east corner.
    const fridge = at(13.65, 4.0, 'south');
    cupboard(fridge, -0.35, 0, 0.35, 2.3, 0.65, SAGE_CABINET, 0.7, false);
    // North run with the hob and a hood.
    const north = at(HOB_X, 4.0, 'south');
    counterRun(north, 2.1, [['h', 0]]);
    north.box(-0.45, 1.6, 0, 0.45, 1.75, 0.5, STEEL);
    north.box(-0.14, 1.75, 0.05, 0.14, CEILING, 0.3, STEEL);
    north.box(-1.05, 1.45, 0, -0.5, 1.5, 0.28, OAK);
    north.box(0.5, 1.45, 0, 1.05, 1.5, 0.28, OAK);
    north.cylinder(-0.8, 0.12, 0.05, 1.5, 1.68, BRASS);
    north.cylinder(0.75, 0.12, 0.07, 1.5, 1.64, textured((h, out) => put(out, C.terracotta, 0.8 + h.v)));
    // Dining.
    table(at(10.4, 7.7), 1.9, 0.95, 0.75, OAK);
    for (const x of [9.9, 10.9]) {
      chair(at(x, 7.02, 'south'), FABRIC_SAGE);
      chair(at(x, 8.38, 'north'), FABRIC_SAGE);
    }
    for (const x of [9.95, 10.85]) lamps.push(pendant(at(x, 7.7), CEILING, 1.62, textured((_h, out) => put(out, C.brass, 0.9), { gloss: 0.8 }), 0.55));
    plant(at(13.45, 8.5), 1.15);
    return { shapes, lamps };
  },
  panorama: {
    id: 'kitchen',
    name: 'Kitchen and dining',
    nameMulti: multi('Kitchen and dining', 'Cuisine et salle à manger', 'キッチン・ダイニング', 'المطبخ وغرفة الطعام', 'Küche und Essbereich'),
    category: 'kitchen',
    room: 'kitchen',
    camera: [10.9, EYE_HEIGHT, 6.1],
    exposure: 1.05,
    initialView: { ath: 15, atv: 8, fov: 100 },
    markers: [
      {
        type: 'multitag', anchor: [HOB_X, 0.93, 4.33],
        name: 'Appliances included',
        description: 'Everything in the kitchen stays with the house.',
        multitag: [
          { name: 'Steam oven', hidden: false, photo: MEDIA.kitchenItems[0] },
          { name: 'Induction hob', hidden: false, photo: MEDIA.kitchenItems[1] },
          { name: 'Fridge-freezer', hidden: false, photo: MEDIA.kitchenItems[2] },
          { name: 'Dishwasher (on order)', hidden: true, photo: MEDIA.kitchenItems[3] },
        ],
      },
      {
        type: 'tag', anchor: [10.85, 1.74, 7.7],
        name: 'Tide pendant lamp',
        nameMulti: multi('Tide pendant lamp', 'Suspension Tide', 'タイド ペンダントライト', 'مصباح تايد المعلق', 'Tide Pendelleuchte'),
        description: 'Spun brass shade, warm 2700 K light, dimmable.',
        photos: [MEDIA.pendantPhoto, MEDIA.pendantCard], price: '€245', link: 'https://example.com/shop/tide-pendant',
        category: ['lighting'],
      },
      {
        type: 'sticker', anchor: [13.65, 1.5, 4.66],
        name: 'Energy label', description: 'A-rated appliances throughout.',
        photos: [MEDIA.ecoSign],
      },
      {
        type: 'memo', anchor: [13.5, 0.95, 6.55],
        name: 'Water',
        nameMulti: multi('Water', 'Eau', '水', 'الماء', 'Wasser'),
        description: 'The filtered tap on the right gives chilled drinking water.',
      },
    ],
  },
};
