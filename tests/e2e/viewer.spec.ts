import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TourSchema, type Tour } from '../../src/protocol/tour.ts';
import { collectConsoleErrors, launchBrowser, newPage } from './support/browser.ts';
import { imageDistance, reprojectView } from './support/reproject.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const SHOTS = path.resolve('test-results/e2e');

async function sceneSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
  await page.waitForFunction(() => window.__atriumScene?.allVisibleAtTarget === true, undefined, { timeout: 90_000 });
}

describe('the viewer on the demo tour', () => {
  let browser: Browser;
  let tour: Tour;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
  });
  afterAll(async () => browser?.close());

  it('shows the expected part of the panorama: the canvas matches the source reprojected at the same view', async () => {
    const { page, context } = await newPage(browser);
    const errors = collectConsoleErrors(page);
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&panobar=false&hideLTName=true`);
    await sceneSettled(page);
    const view = await page.evaluate(() => {
      const c = (window as unknown as { __atriumCamera: { yaw: number; pitch: number; fov: number } }).__atriumCamera;
      return { yaw: c.yaw, pitch: c.pitch, fov: c.fov };
    });
    const canvas = page.locator('canvas').first();
    const box = (await canvas.boundingBox())!;
    const shot = await canvas.screenshot({ path: path.join(SHOTS, 'demo-first-view.png') });
    const equirect = Buffer.from(await (await fetch(new URL(tour.panoramas[0]!.adjustedRawUrl!, baseUrl))).arrayBuffer());
    const w = Math.round(box.width / 4);
    const h = Math.round(box.height / 4);
    const expected = await reprojectView(equirect, { yaw: view.yaw, pitch: view.pitch, hfov: view.fov }, w, h);
    fs.writeFileSync(path.join(SHOTS, 'demo-first-view-expected.png'), expected);
    const wrong = await reprojectView(equirect, { yaw: view.yaw + 90, pitch: view.pitch, hfov: view.fov }, w, h);
    const right = await imageDistance(shot, expected);
    const off = await imageDistance(shot, wrong);
    expect(right, `distance to the right view ${right.toFixed(1)} vs a view turned 90° ${off.toFixed(1)}`).toBeLessThan(off / 2);
    expect(right).toBeLessThan(25);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes to the next and previous panorama, wrapping around at both ends', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false`);
    await page.waitForSelector('[data-testid="viewer"]');
    const count = tour.panoramas.length;
    const at = () => page.getAttribute('[data-testid="viewer"]', 'data-panorama-index').then(Number);
    expect(await at()).toBe(0);
    await page.click('[data-testid="prev"]');
    expect(await at()).toBe(count - 1);
    await page.click('[data-testid="next"]');
    expect(await at()).toBe(0);
    await page.click('[data-testid="next"]');
    expect(await at()).toBe(1);
    expect(new URL(page.url()).searchParams.get('index')).toBe('2');
    await context.close();
  });

  it('teleports through a marker (reached with the keyboard) to the panorama it names', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false`);
    await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
    const teleport = tour.panoramas[0]!.markers.find((m) => m.nextPanoramaId)!;
    const target = tour.panoramas.findIndex((p) => p.objectId === teleport.nextPanoramaId);
    const name = tour.panoramas[target]!.name;
    const button = page.locator(`[data-marker-id="${teleport.objectId}"]`);
    expect(await button.getAttribute('aria-label')).toContain(name);
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((i) => document.querySelector('[data-testid="viewer"]')?.getAttribute('data-panorama-index') === String(i), target);
    await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
    await page.screenshot({ path: path.join(SHOTS, 'after-teleport.png') });
    await context.close();
  });

  it('opens the panorama named by index and panorama, then keeps only index in the address', async () => {
    const { page, context } = await newPage(browser);
    const third = tour.panoramas[2]!;
    await page.goto(`${baseUrl}/${demoTourId}?panorama=${third.objectId}&ref=qrcode`);
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="2"]');
    await page.waitForFunction(() => !location.search.includes('panorama=') && !location.search.includes('ref='));
    expect(new URL(page.url()).searchParams.get('index')).toBe('3');
    await context.close();
  });

  it('honours the display switches of the query', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${demoTourId}?panobar=false&hideLTName=true&hideFullscreen=true&hidePoweredBy=true`);
    // The toolbar first: a control found missing before the toolbar is drawn would prove nothing.
    await page.waitForSelector('[data-testid="viewer"] .atrium-toolbar');
    expect(await page.locator('[data-testid="panobar-toggle"]').count()).toBe(0);
    expect(await page.locator('[data-testid="tour-name"]').count()).toBe(0);
    expect(await page.locator('[data-testid="fullscreen"]').count()).toBe(0);
    expect(await page.locator('.atrium-powered').count()).toBe(0);
    await page.goto(`${baseUrl}/${demoTourId}`);
    await page.waitForSelector('[data-testid="viewer"] .atrium-toolbar');
    expect(await page.locator('[data-testid="panobar-toggle"]').count()).toBe(1);
    expect(await page.locator('[data-testid="tour-name"]').textContent()).toBe(tour.name);
    expect(await page.locator('[data-testid="fullscreen"]').count()).toBe(1);
    expect(tour.showPoweredBy, 'the demo tour shows "Powered by"').toBe(true);
    expect(await page.locator('.atrium-powered').count()).toBe(1);
    await context.close();
  });

  it('shows the panorama list with names and room categories, and jumps to one', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false`);
    await page.click('[data-testid="panobar-toggle"]');
    const items = page.locator('[data-testid="panobar"] button');
    expect(await items.count()).toBe(tour.panoramas.length);
    await items.nth(3).click();
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="3"]');
    await page.screenshot({ path: path.join(SHOTS, 'panobar.png') });
    await context.close();
  });

  it('lays out Arabic right to left with translated labels', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${demoTourId}?locale=ar&autorotate=false`);
    await page.waitForSelector('[data-testid="viewer"]');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    const label = await page.getAttribute('[data-testid="next"]', 'aria-label');
    expect(label).not.toBe('Next panorama');
    expect(label).toMatch(/[\u0600-\u06FF]/);
    await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
    await page.screenshot({ path: path.join(SHOTS, 'arabic.png') });
    await context.close();
  });
});

describe('error screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it.each([
    ['/doesNotExist1', 'error-tour-not-found', "Sorry, this LiveTour doesn't exist."],
    ['/a/b/c', 'error-tour-not-found', 'Oops! The link does not exist. The LiveTour cannot be found.'],
  ])('%s shows %s', async (url, testId, text) => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}${url}`);
    await page.waitForSelector(`[data-testid="${testId}"]`);
    expect(await page.locator('h1').textContent()).toBe(text);
    await context.close();
  });

  it('the panorama-not-found screen for an index beyond the tour', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${demoTourId}?index=99`);
    await page.waitForSelector('[data-testid="error-panorama-not-found"]');
    expect(await page.locator('h1').textContent()).toBe('Oops! The panorama does not exist.');
    await context.close();
  });

  it('no WebGL: says so instead of a blank page, and the rest of the tour still works', async () => {
    const b = await launchBrowser(['--disable-webgl', '--disable-3d-apis']);
    const { page, context } = await newPage(b);
    await page.goto(`${baseUrl}/${demoTourId}`);
    await page.waitForSelector('[data-testid="scene-failed"][data-kind="no-webgl"]', { timeout: 60_000 });
    expect(await page.locator('[data-testid="scene-failed"] [role="alert"] p').textContent()).toContain('could not start 3D graphics (WebGL)');
    expect(await page.locator('[data-testid="error-no-webgl"]').count()).toBe(0);
    // Not a dead end: the tour's name, likes and comments are there (scene-failure.spec.ts checks they work).
    await page.waitForSelector('[data-testid="social-bar"] [data-testid="like"]', { timeout: 60_000 });
    await context.close();
    await b.close();
  });

  it('an unsupported browser is told so', async () => {
    const { page, context } = await newPage(browser);
    await page.addInitScript(() => {
      delete (window as { createImageBitmap?: unknown }).createImageBitmap;
    });
    await page.goto(`${baseUrl}/${demoTourId}`);
    await page.waitForSelector('[data-testid="error-unsupported-browser"]');
    expect(await page.locator('h1').textContent()).toBe('Sorry, your browser is not supported.');
    await context.close();
  });
});
