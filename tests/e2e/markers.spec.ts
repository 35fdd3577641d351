import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TourSchema, type Marker, type Tour } from '../../src/protocol/tour.ts';
import { pickLanguage } from '../../src/protocol/multilingual.ts';
import { launchBrowser, newPage, withoutInlineTour } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const SHOTS = path.resolve('test-results/e2e');
const PANEL = '[data-testid="marker-panel"]';

interface Found { marker: Marker; panoramaIndex: number }

/** The first marker of each openable kind in the demo, with the panorama that holds it. */
function firstOfEachKind(tour: Tour): Map<string, Found> {
  const found = new Map<string, Found>();
  tour.panoramas.forEach((panorama, panoramaIndex) => {
    for (const marker of panorama.markers) {
      if (marker.type === 'point' || marker.type === 'teleport' || marker.nextPanoramaId) continue;
      if (!found.has(marker.type)) found.set(marker.type, { marker, panoramaIndex });
    }
  });
  return found;
}

async function openViewer(page: Page, panoramaIndex: number): Promise<void> {
  await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&index=${panoramaIndex + 1}`);
  await page.waitForSelector(`[data-testid="viewer"][data-panorama-index="${panoramaIndex}"]`);
}

/** Opens a marker the way a keyboard user does: focus its hotspot button and press Enter. */
async function openMarker(page: Page, marker: Marker): Promise<void> {
  const button = page.locator(`[data-marker-id="${marker.objectId}"]`);
  await button.waitFor({ state: 'attached' });
  await button.focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector(PANEL);
}

async function closeWithEscape(page: Page, marker: Marker): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForSelector(PANEL, { state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-marker-id'))).toBe(marker.objectId);
}

const titleOf = (marker: Marker) => pickLanguage(marker.nameMulti, marker.name, 'en');

describe('marker panels on the demo tour', () => {
  let browser: Browser;
  let tour: Tour;
  let kinds: Map<string, Found>;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
    kinds = firstOfEachKind(tour);
  });
  afterAll(async () => browser?.close());

  it('opens every kind of marker in the demo as a labelled modal dialog, closes it with Escape and returns focus', async () => {
    // Every kind that opens a panel is in the demo (demo.spec.ts checks the demo has every kind): none is skipped.
    expect([...kinds.keys()].sort()).toEqual(['arMakerTag', 'gallery', 'memo', 'multitag', 'narration', 'pdf', 'popup', 'search', 'sticker', 'tag', 'videoplay']);
    const { page, context } = await newPage(browser);
    await page.evaluate(() => undefined);
    const byPanorama = [...kinds.values()].sort((a, b) => a.panoramaIndex - b.panoramaIndex);
    let loaded = -1;
    for (const { marker, panoramaIndex } of byPanorama) {
      if (loaded !== panoramaIndex) {
        await openViewer(page, panoramaIndex);
        await page.evaluate(() => {
          const w = window as unknown as { arEvents: string[] };
          w.arEvents = [];
          for (const name of ['atrium:ar-open', 'atrium:ar-close']) window.addEventListener(name, () => w.arEvents.push(name));
        });
        loaded = panoramaIndex;
      }
      await openMarker(page, marker);
      const panel = page.locator(PANEL);
      expect(await panel.getAttribute('role')).toBe('dialog');
      expect(await panel.getAttribute('aria-modal')).toBe('true');
      expect(await panel.getAttribute('data-marker-kind')).toBe(marker.type);
      expect(await page.locator('[data-testid="marker-title"]').textContent(), marker.type).toBe(titleOf(marker) || 'Details');
      expect(await page.evaluate(() => document.querySelector('[data-testid="marker-panel"]')!.contains(document.activeElement))).toBe(true);
      await checkKind(page, marker);
      await closeWithEscape(page, marker);
      if (marker.type === 'arMakerTag') {
        expect(await page.evaluate(() => (window as unknown as { arEvents: string[] }).arEvents)).toEqual(['atrium:ar-open', 'atrium:ar-close']);
      }
    }
    await context.close();
  });

  it('plays and pauses the narration from the keyboard', async () => {
    const found = kinds.get('narration');
    expect(found, 'the demo tour has a narration marker').toBeDefined();
    if (!found) throw new Error('unreachable');
    const { page, context } = await newPage(browser);
    await openViewer(page, found.panoramaIndex);
    await openMarker(page, found.marker);
    const toggle = page.locator('[data-testid="narration-toggle"]');
    expect(await toggle.textContent()).toBe('Play');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="narration"][data-playing="true"]');
    expect(await toggle.textContent()).toBe('Pause');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="narration"][data-playing="false"]');
    await context.close();
  });

  it('keeps Tab inside the panel and closes with the close button', async () => {
    const { marker, panoramaIndex } = kinds.get('tag')!;
    const { page, context } = await newPage(browser);
    await openViewer(page, panoramaIndex);
    await openMarker(page, marker);
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('[data-testid="marker-panel"]')!.contains(document.activeElement))).toBe(true);
    }
    await page.locator('[data-testid="marker-close"]').click();
    await page.waitForSelector(PANEL, { state: 'detached' });
    await context.close();
  });

  it('shows bad data gracefully: broken name JSON, no photos, dead PDF and images, geo-blocked video', async () => {
    const { page, context } = await newPage(browser);
    const tag = kinds.get('tag')!;
    const pdf = kinds.get('pdf')!;
    const gallery = kinds.get('gallery')!;
    const video = kinds.get('videoplay')!;
    await withoutInlineTour(page);
    await page.route('**/v2/buildings/openLink/*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Tour;
      for (const panorama of body.panoramas) {
        for (const m of panorama.markers) {
          if (m.objectId === tag.marker.objectId) Object.assign(m, { nameMulti: '{"en": "broken', photo: ' , ', price: null });
          if (m.objectId === pdf.marker.objectId) m.link = `${baseUrl}/gone/brochure.pdf`;
          if (m.objectId === gallery.marker.objectId) m.photo = `${baseUrl}/gone/a.jpg,${baseUrl}/gone/b.jpg`;
          if (m.objectId === video.marker.objectId) m.link = `${baseUrl}/geo/stream.m3u8`;
        }
      }
      await route.fulfill({ response, json: body });
    });
    await page.route('**/gone/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.route('**/geo/**', (route) => route.fulfill({ status: 451, body: 'blocked' }));

    await openViewer(page, tag.panoramaIndex);
    await openMarker(page, tag.marker);
    expect(await page.locator('[data-testid="marker-title"]').textContent()).toBe(tag.marker.name);
    expect(await page.locator('[data-testid="carousel-image"]').count()).toBe(0);
    await closeWithEscape(page, tag.marker);

    await openViewer(page, pdf.panoramaIndex);
    await openMarker(page, pdf.marker);
    await page.getByText('This item is no longer available').waitFor();
    await closeWithEscape(page, pdf.marker);

    await openViewer(page, gallery.panoramaIndex);
    await openMarker(page, gallery.marker);
    await page.getByText('This item is no longer available').waitFor();
    await closeWithEscape(page, gallery.marker);

    await openViewer(page, video.panoramaIndex);
    await openMarker(page, video.marker);
    await page.getByText('The video is not available in your country.').waitFor({ timeout: 30_000 });
    await closeWithEscape(page, video.marker);
    await context.close();
  });
});

async function checkKind(page: Page, marker: Marker): Promise<void> {
  const photos = (marker.photo ?? '').split(',').filter((p) => p.trim());
  switch (marker.type) {
    case 'tag': {
      await page.locator('[data-testid="carousel-image"]').waitFor();
      expect(await page.locator('[data-testid="marker-price"]').textContent()).toBe(marker.price);
      expect(await page.locator('[data-testid="marker-action"]').getAttribute('href')).toBe(marker.link);
      await page.waitForFunction(() => (document.querySelector('[data-testid="carousel-image"]') as HTMLImageElement | null)?.complete);
      await page.screenshot({ path: path.join(SHOTS, 'marker-tag.png') });
      break;
    }
    case 'gallery': {
      const position = page.locator('[data-testid="carousel-position"]');
      expect(await position.textContent()).toBe(`1 / ${photos.length}`);
      await page.locator('[data-testid="carousel-next"]').click();
      expect(await position.textContent()).toBe(`2 / ${photos.length}`);
      await page.locator('[data-testid="carousel-frame"]').focus();
      await page.keyboard.press('ArrowRight');
      expect(await position.textContent()).toBe(`3 / ${photos.length}`);
      await page.keyboard.press('ArrowLeft');
      expect(await position.textContent()).toBe(`2 / ${photos.length}`);
      // A pointer swipe to the left shows the next image.
      const box = (await page.locator('[data-testid="carousel-frame"]').boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      expect(await position.textContent()).toBe(`3 / ${photos.length}`);
      await page.locator('[data-testid="carousel-prev"]').click();
      await page.waitForFunction(() => (document.querySelector('[data-testid="carousel-image"]') as HTMLImageElement | null)?.complete);
      await page.screenshot({ path: path.join(SHOTS, 'marker-gallery.png') });
      await page.locator('[data-testid="carousel-fullscreen"]').click();
      await page.waitForFunction(() => (document.fullscreenElement as HTMLElement | null)?.dataset.testid === 'carousel-frame');
      await page.evaluate(() => document.exitFullscreen());
      await page.waitForFunction(() => document.fullscreenElement === null);
      break;
    }
    case 'memo':
    case 'search':
    case 'sticker':
      expect(await page.locator('[data-testid="marker-text"]').textContent()).toBe(marker.description);
      break;
    case 'pdf':
      expect(await page.locator('[data-testid="pdf-download"]').getAttribute('href')).toBe(marker.link);
      await page.locator('[data-testid="pdf-frame"]').waitFor();
      break;
    case 'narration':
      await page.locator('[data-testid="narration-toggle"]').waitFor();
      break;
    case 'multitag': {
      const visible = (marker.multitagInfo ?? []).filter((e) => !e.hidden);
      expect(await page.locator('[data-testid="multitag-list"] li').allTextContents()).toEqual(visible.map((e) => e.name));
      break;
    }
    case 'videoplay':
      expect(await page.locator('[data-testid="video-embed"]').getAttribute('src')).toMatch(/youtube-nocookie\.com\/embed\//);
      break;
    case 'arMakerTag':
      expect(await page.locator('[data-testid="ar-frame"]').getAttribute('src')).toBe(marker.attributes?.target);
      break;
    case 'popup':
      expect(await page.locator('[data-testid="marker-link"], [data-testid="web-frame"], [data-testid="video-embed"]').count()).toBe(1);
      break;
    default:
      throw new Error(`no check for a ${marker.type} marker: add one`);
  }
}
