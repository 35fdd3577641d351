import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MB, sceneSample, turn, waitForPanorama, waitSharp, type SceneSample } from '../support/panoramaWalk.ts';
import { collectConsoleErrors } from './support/browser.ts';
import { browserSuite, SHOTS } from './support/suite.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');

/**
 * Set through the test switch (window.__atriumTileBudget). At 960x540 a demo view at its top level needs about
 * 20-30 MB; a full look-around loads the whole ring (about 45 MB), so this budget must release what is behind.
 */
const BUDGET_MB = 36;

/** Mean absolute difference between neighbouring pixels (0-255): a blurred view scores far lower than a sharp one. */
function sharpness(png: Buffer): number {
  const { data, width, height } = PNG.sync.read(png);
  const grey = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    return (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
  };
  let sum = 0;
  for (let y = 0; y < height - 1; y++) for (let x = 0; x < width - 1; x++) sum += Math.abs(grey(x + 1, y) - grey(x, y)) + Math.abs(grey(x, y + 1) - grey(x, y));
  return sum / ((width - 1) * (height - 1));
}

const shot = (page: Page, name: string) => page.locator('canvas').first().screenshot({ path: path.join(SHOTS, name) });

describe('GPU memory of the panoramas', () => {
  const suite = browserSuite();

  it('stays within the budget over five panoramas, and a view looked back at is sharp again', async () => {
    const { page } = await suite.pageFor({ viewport: { width: 960, height: 540 } });
    const errors = collectConsoleErrors(page);
    await page.addInitScript((mb) => {
      window.__atriumTileBudget = { budgetMB: mb };
    }, BUDGET_MB);
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&panobar=false&hideLTName=true`);
    let id = await waitForPanorama(page, null);
    const samples: SceneSample[] = [];
    const textureCounts: number[] = [];
    for (let i = 0; i < 5; i++) {
      if (i > 0) {
        await page.keyboard.press('PageDown');
        id = await waitForPanorama(page, id);
      }
      expect(await waitSharp(page, 60_000)).toBe(true);
      samples.push(await sceneSample(page));
      for (let k = 0; k < 4; k++) {
        await turn(page, 90);
        await waitSharp(page, 60_000);
        samples.push(await sceneSample(page));
      }
      // Textures that are not panorama layers' (markers' icons and labels): a panorama left behind whose first view
      // or tiles were never disposed would make this grow with every panorama.
      textureCounts.push(samples.at(-1)!.gpuTextures - samples.at(-1)!.resident);
    }
    const last = samples.at(-1)!;
    expect(last.budgetBytes).toBe(BUDGET_MB * MB);
    expect(last.deviceClass).toBe('desktop');
    const peak = Math.max(...samples.map((s) => s.residentBytes));
    expect(peak, `peak ${(peak / MB).toFixed(1)} MB`).toBeLessThanOrEqual(BUDGET_MB * MB);
    expect(last.tilesReleased, 'the look-arounds needed more than the budget: tiles behind the view were released').toBeGreaterThan(0);
    expect(Math.max(...textureCounts), `other textures per panorama: ${textureCounts.join(', ')}`).toBeLessThanOrEqual(textureCounts[0]! + 30);

    // Look back: the view we start from is sharp; turned away, its tiles go; turned back, they load again.
    expect(await waitSharp(page, 60_000)).toBe(true);
    const before = await shot(page, 'gpu-budget-before.png');
    const released = (await sceneSample(page)).tilesReleased;
    await turn(page, 90);
    await waitSharp(page, 60_000);
    await turn(page, 90);
    await waitSharp(page, 60_000);
    const away = await sceneSample(page);
    expect(away.tilesReleased, 'turning away released the tiles behind').toBeGreaterThan(released);
    await turn(page, -90);
    await waitSharp(page, 60_000);
    await turn(page, -90);
    expect(await waitSharp(page, 60_000), 'the view looked back at is sharp again').toBe(true);
    const back = await sceneSample(page);
    expect(back.tilesLoaded, 'released tiles were fetched again').toBeGreaterThan(away.tilesLoaded);
    expect(back.residentBytes).toBeLessThanOrEqual(BUDGET_MB * MB);
    const after = await shot(page, 'gpu-budget-after.png');
    const [s0, s1] = [sharpness(before), sharpness(after)];
    expect(s1, `sharpness before ${s0.toFixed(2)}, after looking back ${s1.toFixed(2)}`).toBeGreaterThan(s0 * 0.8);
    expect(errors).toEqual([]);
  }, 480_000); // five look-arounds and a look back, each waiting for sharp tiles drawn by SwiftShader
});
