import { type Rgb, put, solid, srgb, textured } from '../raytrace/material.ts';
import { type Shape, box } from '../raytrace/shapes.ts';
import { colourField } from '../raytrace/textures.ts';
import type { Lamp } from '../raytrace/world.ts';
import { armchair, bookshelf, floorLamp, picture, rug, snakePlant, table } from './furniture.ts';
import { EYE_HEIGHT } from './housePlan.ts';
import { BLACK_METAL, C, FABRIC_SLATE, FABRIC_TERRACOTTA, FRAME, OAK, featureWall, finish } from './palette.ts';
import { placerFor } from './placer.ts';
import type { RoomScene } from './sceneTypes.ts';
import { multi } from './texts.ts';

// Study (x 5..8.5, z 0..4): a desk under the north window, a wall of books (west), a reading
// corner against the navy east wall.

const DESK_X = 6.75;
const PRINT = [srgb('#d9b46a'), srgb('#efe6d4'), srgb('#35557a')] as const;
const PAGE: Rgb = [0.85, 0.86, 0.88];
const SCREEN = textured((h, out) => {
  // A calm desktop: a sea-blue gradient with a window of text lines.
  const inWindow = h.u > 0.1 && h.u < 0.42 && h.v > 0.06 && h.v < 0.28;
  if (h.face !== 5) { put(out, C.charcoal, 1); return; }
  if (inWindow) { put(out, PAGE, Math.floor(h.v * 60) % 3 === 0 && h.u < 0.36 ? 0.55 : 1); return; }
  out[0] = 0.12 + h.v * 0.4; out[1] = 0.3 + h.v * 0.4; out[2] = 0.5 + h.v * 0.3;
}, { emission: 0.9 });

export const study: RoomScene = {
  id: 'study',
  finish: finish({ wall: featureWall(1, srgb('#34425a')) }),
  ambient: 0.38,
  furnish() {
    const shapes: Shape[] = [];
    const lamps: Lamp[] = [];
    const at = placerFor(shapes);
    table(at(DESK_X, 0.38), 1.6, 0.72, 0.75, OAK, BLACK_METAL);
    const desk = at(DESK_X, 0.1, 'south');
    desk.box(-0.1, 0.75, 0.05, 0.1, 0.76, 0.2, BLACK_METAL);
    desk.box(-0.015, 0.76, 0.1, 0.015, 1.0, 0.13, BLACK_METAL);
    desk.box(-0.3, 0.96, 0.13, 0.3, 1.3, 0.16, SCREEN);
    desk.box(-0.22, 0.75, 0.35, 0.22, 0.765, 0.5, solid(srgb('#d8d8d6')));
    // Office chair.
    const seat = at(DESK_X, 1.2, 'north');
    seat.cylinder(0, 0, 0.3, 0.0, 0.05, BLACK_METAL);
    seat.cylinder(0, 0, 0.03, 0.05, 0.46, BLACK_METAL);
    seat.box(-0.25, 0.46, -0.25, 0.25, 0.53, 0.25, FABRIC_TERRACOTTA);
    seat.box(-0.23, 0.6, -0.28, 0.23, 1.0, -0.22, FABRIC_TERRACOTTA);
    bookshelf(at(5, 2.05, 'east'), 2.5, 2.3, C.walnutLight, 11);
    armchair(at(8.5, 2.7, 'west'), FABRIC_SLATE);
    lamps.push(floorLamp(at(8.05, 3.55), 0.4));
    picture(at(8.5, 2.7, 'west'), 0.9, 0.65, 1.55, (u, v, w, h, out) => colourField(u, v, w, h, PRINT[0], PRINT[1], PRINT[2], out));
    rug(at(6.9, 2.5), 2.0, 1.6, srgb('#9c8a72'), srgb('#4a3d31'), srgb('#d8ccb8'));
    snakePlant(at(8.1, 0.45), 1.0);
    shapes.push(box(5.8, 0.87, 0, 7.7, 0.9, 0.2, FRAME));
    return { shapes, lamps };
  },
  panorama: {
    id: 'study',
    name: 'Study',
    nameMulti: multi('Study', 'Bureau', '書斎', 'غرفة المكتب', 'Arbeitszimmer'),
    category: 'study',
    room: 'study',
    camera: [6.9, EYE_HEIGHT, 2.45],
    exposure: 1.1,
    initialView: { ath: -20, atv: 10, fov: 100 },
    markers: [
      {
        type: 'videoplay', anchor: [DESK_X, 1.13, 0.27],
        name: 'Working from Harbour House',
        description: 'A one-minute film about the fibre line and the quiet study.',
        link: 'https://www.youtube.com/watch?v=jNQXAC9IVRw',
        attributes: { autoplay: false },
      },
      {
        type: 'search', anchor: [5.2, 1.55, 2.05],
        name: 'Find in this tour',
        nameMulti: multi('Find in this tour', 'Rechercher dans la visite', 'ツアー内を検索', 'ابحث في هذه الجولة', 'In dieser Tour suchen'),
        description: 'Search every product, note and film in Harbour House.',
      },
      {
        type: 'memo', anchor: [6.2, 0.78, 0.4],
        name: 'Internet',
        description: 'Fibre to the house, 1 Gbit/s. The router sits in the utility room.',
      },
    ],
  },
};
