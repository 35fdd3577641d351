import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TourSchema, type Tour } from '../../src/protocol/tour.ts';
import { browserSuite, SHOTS } from './support/suite.ts';
import { imageDistance, reprojectView } from './support/reproject.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');

const settled = (page: Page) => page.waitForFunction(
  () => window.__atriumScene?.firstPixels === true && window.__atriumScene.allVisibleAtTarget && window.__atriumScene.transition === 'idle',
  undefined, { timeout: 90_000 },
);
const stats = (page: Page) => page.evaluate(() => ({ ...window.__atriumScene! }));
const camera = (page: Page) => page.evaluate(() => {
  const c = (window as unknown as { __atriumCamera: { yaw: number; pitch: number; fov: number } }).__atriumCamera;
  return { yaw: c.yaw, pitch: c.pitch, fov: c.fov };
});

/** Mean brightness (0-255) of a PNG. */
function meanLevel(png: Buffer): number {
  const { data } = PNG.sync.read(png);
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) sum += data[i]! + data[i + 1]! + data[i + 2]!;
  return sum / (data.length / 4) / 3;
}

// What the scene does that a visitor sees but no other spec asserts: sharper tiles on zoom, a usable view when every
// tile fails, and no black frame while one panorama gives way to the next.
describe('the panorama scene in the real viewer', () => {
  const suite = browserSuite();
  let tour: Tour;
  beforeAll(async () => {
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
  });

  it('zooming in selects a sharper tile level and loads it', async () => {
    // A small window, so the wide start view needs a low level and a close look the top one (the demo is 4096 px wide).
    const { page } = await suite.pageFor({ viewport: { width: 640, height: 360 } });
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false`);
    await settled(page);
    const wide = await stats(page);
    const zoomIn = page.locator('[data-testid="toolbar"] [aria-label="Zoom in"], .atrium-toolbar [aria-label="Zoom in"]').first();
    for (let i = 0; i < 12 && (await camera(page)).fov > 40; i += 1) await zoomIn.click();
    await page.waitForFunction((level) => (window.__atriumScene?.targetLevel ?? -1) > level, wide.targetLevel, { timeout: 10_000 });
    await settled(page);
    const zoomed = await stats(page);
    expect((await camera(page)).fov).toBeLessThanOrEqual(40);
    expect(zoomed.targetLevel, `level ${wide.targetLevel} -> ${zoomed.targetLevel}`).toBeGreaterThan(wide.targetLevel);
    expect(zoomed.tilesLoaded).toBeGreaterThan(wide.tilesLoaded);
  });

  it('with every tile failing, the first-view cube still shows the right view and the scene settles', async () => {
    const { page } = await suite.pageFor();
    await page.route(/\/media\/.*\/tiles\//, (route) => route.abort());
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&panobar=false&hideLTName=true`);
    await page.waitForFunction(() => (window.__atriumScene?.tilesFailed ?? 0) > 0 && window.__atriumScene!.allVisibleAtTarget, undefined, { timeout: 90_000 });
    const view = await camera(page);
    const canvas = page.locator('canvas').first();
    const box = (await canvas.boundingBox())!;
    const shot = await canvas.screenshot({ path: path.join(SHOTS, 'scene-first-view-only.png') });
    const equirect = Buffer.from(await (await fetch(new URL(tour.panoramas[0]!.adjustedRawUrl!, baseUrl))).arrayBuffer());
    const w = Math.round(box.width / 4);
    const h = Math.round(box.height / 4);
    const right = await imageDistance(shot, await reprojectView(equirect, { yaw: view.yaw, pitch: view.pitch, hfov: view.fov }, w, h));
    const turned = await imageDistance(shot, await reprojectView(equirect, { yaw: view.yaw + 90, pitch: view.pitch, hfov: view.fov }, w, h));
    expect(right, `distance ${right.toFixed(1)} vs turned 90° ${turned.toFixed(1)}`).toBeLessThan(turned / 2);
    expect((await stats(page)).tilesLoaded).toBe(0);
  });

  it('never shows a black frame while moving to the next panorama', async () => {
    const { page } = await suite.pageFor();
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&panobar=false&hideLTName=true`);
    await settled(page);
    const canvas = page.locator('canvas').first();
    const before = meanLevel(await canvas.screenshot());
    await page.click('[data-testid="next"]');
    const levels: number[] = [];
    const shots: Buffer[] = [];
    // Sample the screen until the next panorama is in place (SwiftShader: a screenshot every few hundred ms).
    for (let i = 0; i < 12; i += 1) {
      const shot = await canvas.screenshot();
      shots.push(shot);
      levels.push(meanLevel(shot));
      const s = await stats(page);
      if (s.panoramaId === tour.panoramas[1]!.objectId && s.transition === 'idle' && i >= 2) break;
    }
    await settled(page);
    const after = meanLevel(await canvas.screenshot({ path: path.join(SHOTS, 'scene-after-transition.png') }));
    const darkest = Math.min(...levels);
    fs.writeFileSync(path.join(SHOTS, 'scene-transition-darkest.png'), shots[levels.indexOf(darkest)]!);
    expect(darkest, `levels before ${before.toFixed(0)}, during ${levels.map((l) => l.toFixed(0)).join(' ')}, after ${after.toFixed(0)}`)
      .toBeGreaterThan(Math.min(before, after) * 0.5);
  });
});
