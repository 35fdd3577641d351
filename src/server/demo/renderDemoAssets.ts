import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { TourDescriptionSchema } from '../../protocol/tourDescription.ts';
import { writeBrochure, writeDrawnMedia, writePanoramaCrops } from './assets/writeMedia.ts';
import { buildTourDescription } from './buildTour.ts';
import { MEDIA, panoramaFile } from './demoMedia.ts';
import { renderPanoramas } from './renderPanoramas.ts';
import { PANORAMAS, buildHarbourHouse } from './scenes/harbourHouse.ts';

// Writes the demo tour folder ("Harbour House"): six rendered panoramas, floor plan, product
// photos, gallery, stickers, a PDF brochure, a narration chime and tour.json (see
// src/protocol/tourDescription.ts). Nothing is read from outside the repository.

export interface DemoAssetOptions {
  /** Panorama width in pixels (height is half); default 4096. */
  readonly width?: number;
  /** Render threads; default min(2, cores) for big images, 0 renders on the calling thread. */
  readonly workers?: number;
  /** Progress lines (timings per panorama, total). */
  readonly log?: (line: string) => void;
}

export const DEFAULT_DEMO_WIDTH = 4096;
// Progressive: the tiler then keeps the file itself as the panorama's desktop.jpg instead of encoding
// it again (see reusableSource.ts), which a first start's import of the committed tour profits from.
const PANORAMA_JPEG = { quality: 85, chromaSubsampling: '4:2:0', progressive: true } as const;

/** Renders the whole demo tour into outDir and returns the path of its tour.json. */
export async function renderDemoAssets(outDir: string, opts: DemoAssetOptions = {}): Promise<string> {
  const width = opts.width ?? DEFAULT_DEMO_WIDTH;
  if (!Number.isInteger(width) || width < 64 || width % 2 !== 0) throw new Error(`demo width must be an even integer >= 64, got ${width}`);
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const files = [panoramaFile('any'), MEDIA.sofaPhoto, MEDIA.gallery[0], MEDIA.kitchenItems[0], MEDIA.welcomeSign, MEDIA.brochure];
  for (const dir of new Set(files.map((f) => dirname(join(outDir, f))))) await mkdir(dir, { recursive: true });

  const drawn = writeDrawnMedia(outDir, buildHarbourHouse());
  let brochurePhoto: Buffer | null = null;
  await renderPanoramas(PANORAMAS.map((p) => p.id), width, {
    workers: opts.workers,
    onPanorama: async (id, rgb, ms) => {
      const t = performance.now();
      await sharp(rgb, { raw: { width, height: width / 2, channels: 3 } }).jpeg(PANORAMA_JPEG).toFile(join(outDir, panoramaFile(id)));
      brochurePhoto = (await writePanoramaCrops(outDir, id, rgb, width)) ?? brochurePhoto;
      log(`demo: ${id} ${width}x${width / 2} rendered in ${Math.round(ms)} ms, written in ${Math.round(performance.now() - t)} ms`);
    },
  });
  await drawn;
  if (!brochurePhoto) throw new Error('demo: the brochure photo was not produced');
  await writeBrochure(outDir, brochurePhoto);

  const tour = TourDescriptionSchema.parse(buildTourDescription());
  const tourPath = join(outDir, 'tour.json');
  await writeFile(tourPath, `${JSON.stringify(tour, null, 2)}\n`);
  log(`demo: tour written in ${Math.round(performance.now() - started)} ms`);
  return tourPath;
}
