import { MEDIA } from '../demoMedia.ts';
import { srgb } from '../raytrace/material.ts';
import { type Shape, box } from '../raytrace/shapes.ts';
import { colourField } from '../raytrace/textures.ts';
import type { Lamp } from '../raytrace/world.ts';
import { bed, cupboard, curtain, nightstand, pendant, picture, rug, snakePlant } from './furniture.ts';
import { CEILING, EYE_HEIGHT } from './housePlan.ts';
import { FABRIC_LINEN, FABRIC_SAGE, FABRIC_TERRACOTTA, FRAME, featureWall, finish } from './palette.ts';
import { placerFor } from './placer.ts';
import type { RoomScene } from './sceneTypes.ts';
import { multi } from './texts.ts';

// Bedroom (x 0..5, z 0..4): the bed's head against a sage feature wall (west), a wardrobe opposite,
// linen curtains at the north window.

const SAGE_WALL = srgb('#9aa88f');
const PRINT = [srgb('#c98d5e'), srgb('#e7d3b5'), srgb('#8f4f35')] as const;

export const bedroom: RoomScene = {
  id: 'bedroom',
  finish: finish({ wall: featureWall(0, SAGE_WALL) }),
  ambient: 0.36,
  furnish() {
    const shapes: Shape[] = [];
    const lamps: Lamp[] = [];
    const at = placerFor(shapes);
    const head = at(0, 2.0, 'east');
    bed(head, 1.7, FABRIC_LINEN, FABRIC_SAGE, FABRIC_TERRACOTTA);
    lamps.push(nightstand(head, -1.18), nightstand(head, 1.18));
    picture(head, 1.1, 0.62, 1.68, (u, v, w, h, out) => colourField(u, v, w, h, PRINT[0], PRINT[1], PRINT[2], out));
    cupboard(at(5, 1.6, 'west'), -1.2, 0, 1.2, 2.3, 0.6, srgb('#e9e5dc'), 0.6, false);
    rug(at(1.7, 2.0), 2.3, 2.7, srgb('#e2dbcf'), srgb('#a49a88'), srgb('#c7b79f'));
    const window = at(2.5, 0, 'south');
    curtain(window, -1.45, -0.95, 2.45, srgb('#e8e1d3'));
    curtain(window, 0.95, 1.45, 2.45, srgb('#e8e1d3'));
    lamps.push(pendant(at(2.6, 2.0), CEILING, 2.2, FABRIC_LINEN, 0.5));
    snakePlant(at(4.55, 3.55), 1.1);
    shapes.push(box(1.5, 0.77, 0, 3.5, 0.8, 0.2, FRAME));
    return { shapes, lamps };
  },
  panorama: {
    id: 'bedroom',
    name: 'Bedroom',
    nameMulti: multi('Bedroom', 'Chambre', 'ベッドルーム', 'غرفة النوم', 'Schlafzimmer'),
    category: 'bedroom',
    room: 'bedroom',
    camera: [3.4, EYE_HEIGHT, 2.35],
    exposure: 1.1,
    initialView: { ath: -95, atv: 10, fov: 100 },
    markers: [
      {
        type: 'tag', anchor: [1.3, 0.6, 2.0],
        name: 'Washed linen bedding',
        nameMulti: multi('Washed linen bedding', 'Parure en lin lavé', 'ウォッシュドリネン寝具', 'مفارش كتان مغسول', 'Bettwäsche aus gewaschenem Leinen'),
        description: 'Sage duvet cover and two pillowcases in stone-washed European flax.',
        photos: [MEDIA.beddingPhoto, MEDIA.beddingCard], price: '€189', link: 'https://example.com/shop/linen-bedding',
        category: ['textiles'],
      },
      {
        type: 'memo', anchor: [2.5, 1.6, 0.05],
        name: 'Blackout lining',
        description: 'The curtains are lined: the room gets properly dark for late sleepers.',
      },
    ],
  },
};
