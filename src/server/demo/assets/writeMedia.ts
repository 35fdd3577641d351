import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { athAtv } from '../buildTour.ts';
import { MEDIA } from '../demoMedia.ts';
import { PANORAMAS, type HarbourHouse } from '../scenes/harbourHouse.ts';
import type { Point3 } from '../scenes/sceneTypes.ts';
import { brochurePdf } from './brochurePdf.ts';
import { chimeWav } from './chimeWav.ts';
import { floorplanSvg } from './floorplan.ts';
import { HARBOUR_MOODS, applianceIcon, ecoBadge, harbourView, welcomeSign } from './illustrations.ts';
import { perspectiveView } from './perspectiveView.ts';
import * as cards from './productImages.ts';

// Writes every file of the tour folder except the panoramas and tour.json.

const JPEG = { quality: 86 } as const;

async function svgTo(file: string, svg: string, format: 'png' | 'jpeg'): Promise<void> {
  const image = sharp(Buffer.from(svg));
  await (format === 'png' ? image.png({ compressionLevel: 9 }) : image.flatten({ background: '#ffffff' }).jpeg(JPEG)).toFile(file);
}

/** Drawings and sound, independent of the panoramas: run them while the panoramas render. */
export async function writeDrawnMedia(outDir: string, house: HarbourHouse): Promise<void> {
  const at = (p: string) => join(outDir, p);
  await svgTo(at(MEDIA.floorplan), floorplanSvg(house), 'png');
  const drawn: [string, string][] = [
    [MEDIA.sofaCard, cards.sofaFront()], [MEDIA.sofaSideCard, cards.sofaSide()], [MEDIA.armchairCard, cards.armchair()],
    [MEDIA.pendantCard, cards.pendant()], [MEDIA.beddingCard, cards.bedding()], [MEDIA.terraceTableCard, cards.terraceTable()],
    [MEDIA.gallery[0], harbourView(HARBOUR_MOODS.dawn)], [MEDIA.gallery[1], harbourView(HARBOUR_MOODS.noon)],
    [MEDIA.gallery[2], harbourView(HARBOUR_MOODS.dusk)], [MEDIA.gallery[3], harbourView(HARBOUR_MOODS.night)],
  ];
  for (const [file, svg] of drawn) await svgTo(at(file), svg, 'jpeg');
  const icons = [['oven', 'Steam oven'], ['hob', 'Induction hob'], ['fridge', 'Fridge-freezer'], ['dishwasher', 'Dishwasher']] as const;
  for (let i = 0; i < icons.length; i++) await svgTo(at(MEDIA.kitchenItems[i]!), applianceIcon(icons[i]![0], icons[i]![1]), 'png');
  await svgTo(at(MEDIA.welcomeSign), welcomeSign(), 'png');
  await svgTo(at(MEDIA.ecoSign), ecoBadge(), 'png');
  await writeFile(at(MEDIA.narration), chimeWav());
}

interface Crop { readonly file: string; readonly panorama: string; readonly look: Point3; readonly fov: number }

/** Product photos: the products as they stand in the rendered rooms. */
const CROPS: readonly Crop[] = [
  { file: MEDIA.sofaPhoto, panorama: 'living-room', look: [3.55, 0.75, 4.4], fov: 58 },
  { file: MEDIA.armchairPhoto, panorama: 'living-room', look: [1.0, 0.55, 6.4], fov: 42 },
  { file: MEDIA.pendantPhoto, panorama: 'kitchen', look: [10.4, 1.25, 7.7], fov: 60 },
  { file: MEDIA.beddingPhoto, panorama: 'bedroom', look: [1.1, 0.55, 2.0], fov: 68 },
  { file: MEDIA.terraceTablePhoto, panorama: 'garden', look: [10.6, 0.9, 10.7], fov: 38 },
];
const BROCHURE_VIEW = { panorama: 'living-room', ath: -30, atv: 6, fov: 95 } as const;

/**
 * Cuts this panorama's product photos out of it; returns the brochure photo (JPEG) when this is
 * the panorama it comes from.
 */
export async function writePanoramaCrops(outDir: string, id: string, rgb: Uint8Array, width: number): Promise<Buffer | null> {
  const height = width / 2;
  const camera = PANORAMAS.find((p) => p.id === id)!.camera;
  for (const crop of CROPS.filter((c) => c.panorama === id)) {
    const view = { ...athAtv(camera, crop.look), fov: crop.fov, width: 800, height: 600 };
    await sharp(perspectiveView(rgb, width, height, view), { raw: { width: 800, height: 600, channels: 3 } }).jpeg(JPEG).toFile(join(outDir, crop.file));
  }
  if (id !== BROCHURE_VIEW.panorama) return null;
  const photo = perspectiveView(rgb, width, height, { ...BROCHURE_VIEW, width: 1200, height: 700 });
  return sharp(photo, { raw: { width: 1200, height: 700, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

/** The one-page PDF brochure (needs the floor plan written and the brochure photo). */
export async function writeBrochure(outDir: string, photo: Buffer): Promise<void> {
  const plan = await sharp(await readFile(join(outDir, MEDIA.floorplan))).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
  const pdf = brochurePdf({ photo, photoAspect: 1200 / 700, plan, planAspect: 1200 / 900 });
  await writeFile(join(outDir, MEDIA.brochure), pdf);
}
