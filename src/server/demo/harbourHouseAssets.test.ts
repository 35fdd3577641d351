import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TourDescriptionSchema } from '../../protocol/tourDescription.ts';
import { tilePanorama } from '../media/tiler/index.ts';
import { pretiledDir, withPretiledDemo } from '../seed/pretiledDemo.ts';
import { buildTourDescription } from './buildTour.ts';
import { DEFAULT_DEMO_WIDTH } from './renderDemoAssets.ts';
import { DEMO_TOUR_DIR } from './demoTourDir.ts';
import { renderPanoramas } from './renderPanoramas.ts';
import { PANORAMAS } from './scenes/harbourHouse.ts';

// The demo tour a first start imports is committed (npm run demo:render makes it). These checks
// fail when a scene, the renderer or the tour changed and the folder was not rendered again.

const SAME_SCENE_LIMIT = 6;
const at = (file: string) => join(DEMO_TOUR_DIR, file);

describe('the committed demo tour (src/server/demo/harbour-house)', () => {
  it('has the tour.json that buildTour.ts makes today', async () => {
    const committed: unknown = JSON.parse(await readFile(at('tour.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(TourDescriptionSchema.parse(buildTourDescription()))));
  });

  it('has every file tour.json names, and each image decodes', async () => {
    const text = await readFile(at('tour.json'), 'utf8');
    const named = new Set([...text.matchAll(/"((?:panoramas|media)\/[^"]+|floorplan\.png)"/g)].map((m) => m[1]!));
    expect(named.size).toBeGreaterThan(20);
    for (const file of named) expect(existsSync(at(file)), file).toBe(true);
    const files = (await readdir(DEMO_TOUR_DIR, { recursive: true })).filter((f) => /\.(jpg|png)$/.test(f) && !f.startsWith('tiled'));
    for (const file of files) {
      // Decoded whole (shrink-on-load keeps it quick); a damaged file throws.
      const { info } = await sharp(at(file)).resize(64).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels, file).toBeGreaterThanOrEqual(3);
    }
  });

  it('has every panorama at full size, progressive (the tiler keeps it as desktop.jpg), with its credits', async () => {
    for (const p of PANORAMAS) {
      const meta = await sharp(at(`panoramas/${p.id}.jpg`)).metadata();
      expect([meta.width, meta.height, meta.isProgressive]).toEqual([DEFAULT_DEMO_WIDTH, DEFAULT_DEMO_WIDTH / 2, true]);
    }
    expect(await readFile(at('CREDITS.md'), 'utf8')).toContain('npm run demo:render');
  });

  it('shows what the renderer draws today (the bathroom rendered small against the committed one, shrunk)', async () => {
    const width = 256;
    let rendered: Uint8Array | null = null;
    await renderPanoramas(['bathroom'], width, { workers: 0, onPanorama: (_id, rgb) => { rendered = rgb; } });
    const shrunk = (id: string) => sharp(at(`panoramas/${id}.jpg`)).resize(width, width / 2, { kernel: 'linear' }).raw().toBuffer();
    const difference = (a: Uint8Array, b: Uint8Array) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    // Not 0 (another resolution, JPEG): measured 2.2 for the same room, 39 for another one.
      expect(difference(await shrunk('bathroom'), rendered!)).toBeLessThan(SAME_SCENE_LIMIT);
    expect(difference(await shrunk('bedroom'), rendered!)).toBeGreaterThan(SAME_SCENE_LIMIT);
  });

  it('has the tile pyramid the tiler makes from the committed panorama (bathroom), which the import copies', async () => {
    const work = await mkdtemp(join(tmpdir(), 'atrium-pretiled-'));
    try {
      const source = at('panoramas/bathroom.jpg');
      const fresh = join(work, 'fresh');
      const copied = join(work, 'copied');
      const tiled = await tilePanorama({ kind: 'equirect', file: source }, fresh);
      const fallback = () => Promise.reject(new Error('tiled instead of copied'));
      expect(await withPretiledDemo(fallback)({ kind: 'equirect', file: source }, copied)).toEqual(tiled);
      const list = async (dir: string) => (await readdir(dir, { recursive: true })).sort();
      expect(await list(copied)).toEqual(await list(fresh));
      expect((await list(pretiledDir(source))).length).toBe((await list(fresh)).length - 2); // not desktop.jpg, adjusted.jpg
      for (const file of (await list(fresh)).filter((f) => f.endsWith('.jpg'))) {
        const [a, b] = await Promise.all([fresh, copied].map((d) => sharp(join(d, file)).raw().toBuffer()));
        const difference = a!.reduce((sum, v, i) => sum + Math.abs(v - b![i]!), 0) / a!.length;
        expect(difference, file).toBeLessThan(0.5);
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('tiles anything else as usual', async () => {
    const calls: string[] = [];
    const tile = (input: { kind: string }, outDir: string) => {
      calls.push(outDir);
      return Promise.reject(new Error('tiled'));
    };
    await expect(withPretiledDemo(tile)({ kind: 'equirect', file: join(tmpdir(), 'bathroom.jpg') }, '/nowhere')).rejects.toThrow('tiled');
    expect(calls).toEqual(['/nowhere']);
  });
});
