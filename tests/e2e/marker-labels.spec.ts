import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { markerLabelLines } from '../../src/protocol/markerLabel.ts';
import { TourSchema, type Marker, type Tour } from '../../src/protocol/tour.ts';
import { collectConsoleErrors, launchBrowser, newPage } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const SHOTS = path.resolve('test-results/e2e');

interface LabelInfo { lines: string[]; direction: string; width: number; height: number; inkBands: number }

/** The label the scene drew for a marker: its lines, and how many separate rows of text the canvas really holds. */
async function drawnLabel(page: Page, markerId: string): Promise<LabelInfo> {
  await page.waitForFunction((id) => !!window.__atriumMarkerLabels?.[id], markerId, { timeout: 60_000 });
  return page.evaluate((id) => {
    const label = window.__atriumMarkerLabels![id]!;
    const { canvas } = label;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    // A row has ink when it holds a bright (white text) pixel; the plate behind the text is dark. A gap of a few
    // rows (Arabic dots, Thai marks) does not split a line: only 5 empty rows or more do.
    let bands = 0;
    let empty = Infinity;
    for (let y = 0; y < canvas.height; y++) {
      let ink = false;
      for (let x = 0; x < canvas.width && !ink; x++) {
        const i = (y * canvas.width + x) * 4;
        ink = data[i]! > 180 && data[i + 1]! > 180 && data[i + 2]! > 180 && data[i + 3]! > 180;
      }
      if (ink && empty >= 5) bands++;
      empty = ink ? 0 : empty + 1;
    }
    return { lines: label.lines, direction: label.direction, width: canvas.width, height: canvas.height, inkBands: bands };
  }, markerId);
}

async function lookAt(page: Page, marker: Marker): Promise<void> {
  await page.evaluate(({ ath, atv }) => {
    const camera = (window as unknown as { __atriumCamera: { yaw: number; pitch: number } }).__atriumCamera;
    camera.yaw = ath;
    camera.pitch = -atv + 4; // a little above the marker, so the label under it is near the centre
  }, marker.position);
  await page.waitForTimeout(800);
}

describe('marker name labels in the scene wrap at 15 characters', () => {
  let browser: Browser;
  let tour: Tour;
  let sofa: Marker;
  let short: Marker;
  let sofaIndex: number;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
    sofaIndex = tour.panoramas.findIndex((p) => p.markers.some((m) => m.name === 'Harbour three-seat sofa'));
    const markers = tour.panoramas[sofaIndex]?.markers ?? [];
    sofa = markers.find((m) => m.name === 'Harbour three-seat sofa')!;
    short = markers.find((m) => m.name && markerLabelLines(m, 'en').length === 1)!;
  });
  afterAll(async () => browser?.close());

  it('draws a long name on several lines of at most 15 characters, the canvas sized to fit', async () => {
    expect(sofa, 'the demo has the long-named sofa').toBeDefined();
    const { page, context } = await newPage(browser);
    const errors = collectConsoleErrors(page);
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&locale=en&index=${sofaIndex + 1}`);
    await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
    const label = await drawnLabel(page, sofa.objectId);
    expect(label.lines).toEqual(['Harbour', 'three-seat sofa']);
    expect(label.inkBands).toBe(2);
    expect(label.direction).toBe('ltr');
    const one = await drawnLabel(page, short.objectId);
    expect(one.inkBands).toBe(1);
    expect(label.height).toBeGreaterThan(one.height * 1.5);
    await lookAt(page, sofa);
    await page.screenshot({ path: path.join(SHOTS, 'marker-label-en.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows the interface language: Japanese and Arabic (right to left) labels wrap too', async () => {
    const { page, context } = await newPage(browser);
    const errors = collectConsoleErrors(page);
    for (const locale of ['ja', 'ar']) {
      await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&locale=${locale}&index=${sofaIndex + 1}`);
      await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
      await page.waitForFunction((l) => document.documentElement.lang === l, locale);
      const expected = markerLabelLines(sofa, locale);
      await page.waitForFunction(({ id, lines }) => window.__atriumMarkerLabels?.[id]?.lines.join('|') === lines.join('|'), { id: sofa.objectId, lines: expected });
      const label = await drawnLabel(page, sofa.objectId);
      for (const line of label.lines) expect([...line].length).toBeLessThanOrEqual(15);
      expect(label.inkBands).toBe(expected.length);
      expect(label.direction).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      if (locale === 'ar') expect(label.lines.length).toBeGreaterThan(1);
      await lookAt(page, sofa);
      await page.screenshot({ path: path.join(SHOTS, `marker-label-${locale}.png`) });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
