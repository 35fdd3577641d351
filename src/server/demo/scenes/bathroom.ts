import { MEDIA } from '../demoMedia.ts';
import { put, srgb, textured } from '../raytrace/material.ts';
import type { Shape } from '../raytrace/shapes.ts';
import { plaster, tiles } from '../raytrace/textures.ts';
import type { Lamp } from '../raytrace/world.ts';
import { cupboard, plant } from './furniture.ts';
import { CEILING, EYE_HEIGHT } from './housePlan.ts';
import { BULB, C, CERAMIC, CHROME, FABRIC_LINEN, FABRIC_SAGE, MARBLE, MIRROR, SLATE_FLOOR_TILES, finish } from './palette.ts';
import { placerFor } from './placer.ts';
import type { RoomScene } from './sceneTypes.ts';
import { multi } from './texts.ts';

// Bathroom (x 8.5..11.5, z 0..4): tiled to 1.2 m, a bath under the frosted window, a walnut vanity
// with a mirror (real reflections), and ceiling spots.

const TILE_HEIGHT = 1.2;
const TILE = [srgb('#eeeeea'), srgb('#b5b3ac')] as const;
const WALL = textured((h, out) => {
  if (h.shape === null && h.v < TILE_HEIGHT) tiles(h.u, h.v, h.t, 0.15, TILE[0], TILE[1], 0.05, out);
  else plaster(h.u, h.v, C.warmWhite, out);
}, { gloss: 0.2 });

/** Bath top: a ceramic rim around a basin that reads as sunken (darker towards the middle). */
const BATH = textured((h, out) => {
  if (h.face !== 3) { put(out, C.ceramic, 1); return; }
  const rim = Math.min(h.u, h.v, 1.7 - h.u, 0.76 - h.v);
  put(out, C.ceramic, rim < 0.07 ? 1 : 0.62 + 0.25 * Math.min(1, (rim - 0.07) * 3));
}, { gloss: 0.7 });

export const bathroom: RoomScene = {
  id: 'bathroom',
  finish: finish({ floor: SLATE_FLOOR_TILES, wall: WALL }),
  ambient: 0.34,
  furnish() {
    const shapes: Shape[] = [];
    const lamps: Lamp[] = [];
    const at = placerFor(shapes);
    const bath = at(9.4, 0, 'south');
    bath.box(-0.85, 0, 0.02, 0.85, 0.56, 0.78, BATH);
    bath.cylinder(0.6, 0.08, 0.018, 0.56, 0.8, CHROME);
    const vanity = at(11.5, 1.9, 'west');
    cupboard(vanity, -0.5, 0.3, 0.5, 0.84, 0.48, srgb('#6b4630'), 0.5, true);
    vanity.box(-0.52, 0.84, 0, 0.52, 0.87, 0.5, MARBLE);
    vanity.cylinder(0, 0.26, 0.2, 0.87, 0.99, CERAMIC);
    vanity.cylinder(0, 0.06, 0.015, 0.87, 1.12, CHROME);
    vanity.box(-0.015, 1.09, 0.06, 0.015, 1.12, 0.18, CHROME);
    vanity.box(-0.45, 1.2, 0, 0.45, 2.0, 0.02, MIRROR).occludes = false;
    const wc = at(8.5, 2.95, 'east');
    wc.box(-0.2, 0.38, 0, 0.2, 0.82, 0.17, CERAMIC);
    wc.cylinder(0, 0.42, 0.19, 0.0, 0.4, CERAMIC);
    wc.cylinder(0, 0.42, 0.2, 0.4, 0.43, CERAMIC);
    const rail = at(10.8, 4, 'north');
    rail.box(-0.32, 1.45, 0.04, 0.32, 1.48, 0.07, CHROME);
    rail.box(-0.28, 0.85, 0.07, 0.28, 1.48, 0.11, FABRIC_SAGE);
    rail.box(0.05, 0.95, 0.11, 0.28, 1.48, 0.14, FABRIC_LINEN);
    plant(at(11.15, 0.35), 0.7);
    for (const [x, z] of [[9.6, 1.4], [10.6, 2.7]] as const) {
      at(x, z).cylinder(0, 0, 0.05, CEILING - 0.01, CEILING, BULB).occludes = false;
      lamps.push({ x, y: CEILING - 0.05, z, colour: [1, 0.9, 0.75], power: 0.45 });
    }
    return { shapes, lamps };
  },
  panorama: {
    id: 'bathroom',
    name: 'Bathroom',
    nameMulti: multi('Bathroom', 'Salle de bains', 'バスルーム', 'الحمّام', 'Badezimmer'),
    category: 'bathroom',
    room: 'bathroom',
    camera: [10.15, EYE_HEIGHT, 2.3],
    exposure: 1.1,
    initialView: { ath: 40, atv: 12, fov: 100 },
    markers: [
      {
        type: 'memo', anchor: [10.0, 0.02, 3.2],
        name: 'Underfloor heating',
        nameMulti: multi('Underfloor heating', 'Plancher chauffant', '床暖房', 'تدفئة أرضية', 'Fußbodenheizung'),
        description: 'Warm slate floor from October to April, set on the panel by the door.',
      },
      {
        type: 'sticker', anchor: [11.49, 1.55, 1.1],
        name: 'Eco water', description: 'Low-flow taps and shower save about 40 % of the water.',
        photos: [MEDIA.ecoSign],
      },
    ],
  },
};
