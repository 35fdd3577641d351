import { MEDIA } from '../demoMedia.ts';
import { srgb } from '../raytrace/material.ts';
import { type Shape, box } from '../raytrace/shapes.ts';
import { seascape } from '../raytrace/textures.ts';
import type { Lamp } from '../raytrace/world.ts';
import { armchair, bookshelf, floorLamp, pendant, picture, plant, roundTable, rug, snakePlant, sofa } from './furniture.ts';
import { CEILING, EYE_HEIGHT } from './housePlan.ts';
import { BLACK_METAL, C, DOOR_LEAF, FABRIC_MUSTARD, FABRIC_SLATE, FABRIC_TERRACOTTA, FRAME, finish } from './palette.ts';
import { placerFor } from './placer.ts';
import type { RoomScene } from './sceneTypes.ts';
import { multi } from './texts.ts';

// Living room (x 0..7.5, z 4..9): the sofa faces the big south window and the harbour.

const SOFA_X = 3.55;

export const livingRoom: RoomScene = {
  id: 'living',
  finish: finish(),
  ambient: 0.42,
  furnish() {
    const shapes: Shape[] = [];
    const lamps: Lamp[] = [];
    const at = placerFor(shapes);
    const wall = at(SOFA_X, 4.04);
    sofa(wall, 2.4, FABRIC_SLATE, [FABRIC_MUSTARD, FABRIC_TERRACOTTA]);
    picture(wall, 1.3, 0.85, 1.6, seascape);
    bookshelf(at(7.1, 4.02), 0.72, 2.05, C.walnutLight, 3);
    rug(at(3.6, 6.3), 2.9, 2.1, srgb('#cbbfa9'), srgb('#4f5a63'), srgb('#9f6a48'));
    roundTable(at(3.6, 5.75), 0.48, 0.42);
    armchair(at(0.95, 6.35, -68), FABRIC_MUSTARD);
    lamps.push(floorLamp(at(5.25, 4.35), 0.45));
    lamps.push(pendant(at(3.6, 5.9), CEILING, 1.95, BLACK_METAL, 0.7));
    plant(at(5.15, 8.55), 1.1);
    snakePlant(at(0.42, 8.55), 1.2);
    shapes.push(
      box(0.9, 0.27, 8.8, 4.7, 0.3, 9, FRAME),
      box(0, 0.86, 5.6, 0.2, 0.9, 7.6, FRAME),
      // The front door stands open against its hinge side.
      box(6.56, 0, 8.02, 6.6, 2.13, 9, DOOR_LEAF),
    );
    return { shapes, lamps };
  },
  panorama: {
    id: 'living-room',
    name: 'Living room',
    nameMulti: multi('Living room', 'Salon', 'リビングルーム', 'غرفة المعيشة', 'Wohnzimmer'),
    category: 'livingroom',
    room: 'living',
    camera: [4.7, EYE_HEIGHT, 7.2],
    exposure: 0.95,
    initialView: { ath: -25, atv: 8, fov: 100 },
    markers: [
      {
        type: 'tag', anchor: [SOFA_X, 0.52, 4.62],
        name: 'Harbour three-seat sofa',
        nameMulti: multi('Harbour three-seat sofa', 'Canapé trois places Harbour', 'ハーバー 3人掛けソファ', 'أريكة هاربر بثلاثة مقاعد', 'Harbour Dreisitzer-Sofa'),
        description: 'Slate-blue wool blend on a solid oak frame, feather-wrapped cushions. 240 x 92 cm.',
        descriptionMulti: multi(
          'Slate-blue wool blend on a solid oak frame, feather-wrapped cushions. 240 x 92 cm.',
          'Laine mélangée bleu ardoise sur structure en chêne massif, coussins garnis de plumes. 240 x 92 cm.',
          'スレートブルーのウール混紡、無垢オークのフレーム、フェザー入りクッション。240 x 92 cm。',
          'صوف ممزوج بلون أزرق أردوازي على هيكل من خشب البلوط الصلب، ووسائد محشوة بالريش. 240 × 92 سم.',
          'Schieferblaue Wollmischung auf massivem Eichengestell, federgefüllte Kissen. 240 x 92 cm.',
        ),
        photos: [MEDIA.sofaPhoto, MEDIA.sofaCard, MEDIA.sofaSideCard], price: '€1,290', link: 'https://example.com/shop/harbour-sofa',
        category: ['furniture', 'living'],
      },
      {
        type: 'arMakerTag', anchor: [1.25, 0.75, 6.5],
        name: 'Dune armchair in your room',
        description: 'Place the mustard Dune armchair in your own room with augmented reality.',
        photos: [MEDIA.armchairPhoto, MEDIA.armchairCard],
        attributes: { target: 'https://example.com/ar/chair', widthPercent: 60 },
      },
      {
        type: 'narration', anchor: [2.8, 1.45, 8.9],
        name: 'Welcome to Harbour House',
        nameMulti: multi('Welcome to Harbour House', 'Bienvenue à Harbour House', 'ハーバーハウスへようこそ', 'مرحبا بكم في هاربر هاوس', 'Willkommen im Harbour House'),
        description: 'A short chime to start the tour. Turn up the sound.',
        link: MEDIA.narration,
      },
      {
        type: 'pdf', anchor: [7.1, 1.35, 4.36],
        name: 'Harbour House brochure',
        description: 'Floor plan, surfaces and energy figures on one page.',
        link: MEDIA.brochure,
      },
      {
        type: 'popup', anchor: [SOFA_X, 1.6, 4.07],
        name: 'About the painting',
        description: '"Evening sail", oil on canvas by a painter from the harbour.',
        link: 'https://example.com/artists/evening-sail',
        attributes: { iconType: 'link' },
      },
      {
        type: 'memo', anchor: [3.6, 0.44, 5.75],
        name: 'Host note',
        description: 'Coffee-table books are ours to share: please leave them in the house.',
      },
      {
        type: 'gallery', anchor: [1.6, 1.6, 8.95],
        name: 'The view through the year',
        nameMulti: multi('The view through the year', 'La vue au fil de l\'année', '一年を通した眺め', 'المنظر على مدار العام', 'Der Ausblick im Jahreslauf'),
        description: 'The harbour from this window at dawn, noon, dusk and night.',
        photos: [...MEDIA.gallery],
      },
    ],
  },
};
