import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TourSchema, type Tour } from '../../src/protocol/tour.ts';
import { installIwer, launchBrowser, newPage } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');

const yaw = (page: Page) => page.evaluate(() => (window as unknown as { __atriumCamera: { yaw: number } }).__atriumCamera.yaw);
const index = (page: Page) => page.getAttribute('[data-testid="viewer"]', 'data-panorama-index').then(Number);
const ready = (page: Page) => page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });

// The display switches of spec section 2 that act on what the viewer has today; the parser's unit tests cover
// every switch, including those of panels that arrive with later features.
describe('query switches', () => {
  let browser: Browser;
  let tour: Tour;
  beforeAll(async () => {
    browser = await launchBrowser();
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
  });
  afterAll(async () => browser?.close());

  it('auto-rotation starts after 5 s of idle time by default, and autorotate=false keeps the view still', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${demoTourId}`);
    await ready(page);
    const start = await yaw(page);
    await page.waitForFunction((y) => Math.abs((window as unknown as { __atriumCamera: { yaw: number } }).__atriumCamera.yaw - y) > 0.5, start, { timeout: 15_000 });
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false`);
    await ready(page);
    const still = await yaw(page);
    await page.waitForTimeout(7_000);
    expect(await yaw(page)).toBe(still);
    await context.close();
  });

  it('autopilot=true moves on after autopilotAngle degrees and skips bathrooms and toilets', async () => {
    const study = tour.panoramas.findIndex((p) => p.category === 'study');
    const bathroom = tour.panoramas.findIndex((p) => p.category === 'bathroom');
    expect(bathroom).toBe(study + 1);
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${demoTourId}?autopilot=true&autopilotAngle=2&index=${study + 1}`);
    await ready(page);
    const seen: number[] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const i = await index(page);
      if (i !== study) seen.push(i);
      if (seen.length) break;
      await page.waitForTimeout(250);
    }
    expect(seen[0]).toBe((bathroom + 1) % tour.panoramas.length);
    await context.close();
  });

  it('tags=false leaves only tag markers', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${demoTourId}?tags=false&autorotate=false`);
    await ready(page);
    const tagIds = new Set(tour.panoramas[0]!.markers.filter((m) => m.type === 'tag').map((m) => m.objectId));
    expect(tagIds.size).toBeGreaterThan(0);
    const shown = await page.locator('[data-marker-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-marker-id')));
    expect(new Set(shown)).toEqual(tagIds);
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false`);
    await ready(page);
    expect(await page.locator('[data-marker-id]').count()).toBe(tour.panoramas[0]!.markers.length);
    await context.close();
  });

  it('hideVRMode hides the VR button even where VR works; hideGyro hides the gyro button on phones', async () => {
    const vr = await newPage(browser);
    await installIwer(vr.page);
    await vr.page.goto(`${baseUrl}/${demoTourId}?autorotate=false`);
    await vr.page.waitForSelector('[data-testid="vr"]');
    await vr.page.goto(`${baseUrl}/${demoTourId}?autorotate=false&hideVRMode=true`);
    await ready(vr.page);
    await vr.page.waitForSelector('.atrium-toolbar');
    expect(await vr.page.locator('[data-testid="vr"]').count()).toBe(0);
    await vr.context.close();
    const phone = await newPage(browser, { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    // The control: on a phone the gyro button is there by default.
    await phone.page.goto(`${baseUrl}/${demoTourId}?autorotate=false`);
    await phone.page.waitForSelector('[data-testid="gyro"]');
    await phone.page.goto(`${baseUrl}/${demoTourId}?autorotate=false&hideGyro=true`);
    await ready(phone.page);
    await phone.page.waitForSelector('.atrium-toolbar');
    expect(await phone.page.locator('[data-testid="gyro"]').count()).toBe(0);
    await phone.context.close();
  });

  it('embed options: disableBackground=true is transparent, onlyForVRmaker=true shows the bare scene unless ui=true', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${demoTourId}?disableBackground=true&onlyForVRmaker=true`);
    await ready(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    expect(await page.locator('[data-testid="next"]').count()).toBe(0);
    expect(await page.locator('[data-testid="tour-name"]').count()).toBe(0);
    await page.goto(`${baseUrl}/${demoTourId}?onlyForVRmaker=true&ui=true`);
    await page.waitForSelector('[data-testid="next"]');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await context.close();
  });
});
