import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TourSchema, type Marker, type Tour } from '../../src/protocol/tour.ts';
import { browserSuite } from './support/suite.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const seeded = inject('seeded');
const SHOTS = path.resolve('test-results/e2e');
const PANEL = '[data-testid="panel-search"]';
const RESULT = '[data-testid="search-result"]';
const MARKER_PANEL = '[data-testid="marker-panel"]';

/** The opened marker's panel shows this title (the panel is a lazy chunk: wait for it). */
async function markerPanelTitle(page: Page): Promise<string | null> {
  await page.waitForSelector(`${MARKER_PANEL} [data-testid="marker-title"]`);
  return page.textContent(`${MARKER_PANEL} [data-testid="marker-title"]`);
}
const focusInMarkerPanel = (page: Page) => page.evaluate((sel) => Boolean(document.activeElement?.closest(sel)), MARKER_PANEL);

interface View { yaw: number; pitch: number }
const cameraView = (page: Page) => page.evaluate(() => {
  const c = (window as unknown as { __atriumCamera: View }).__atriumCamera;
  return { yaw: c.yaw, pitch: c.pitch };
});
/** The camera looks at a krpano position (yaw = ath, pitch = -atv). */
const looksAt = (view: View, position: { ath: number; atv: number }) =>
  Math.abs(view.yaw - position.ath) < 0.5 && Math.abs(view.pitch + position.atv) < 0.5;

async function openViewer(page: Page, query = '', panoramaIndex = 0) {
  await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&index=${panoramaIndex + 1}${query}`);
  await page.waitForSelector(`[data-testid="viewer"][data-panorama-index="${panoramaIndex}"]`, { timeout: 60_000 });
}

async function openSearch(page: Page) {
  await page.click('[data-testid="open-search"]');
  await page.waitForSelector(PANEL);
}

describe('marker search', () => {
  const suite = browserSuite();
  let tour: Tour;
  /** The demo's pendant lamp: a tag in a panorama other than the first. */
  let lamp: { marker: Marker; panoramaIndex: number };
  beforeAll(async () => {
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
    const panoramaIndex = tour.panoramas.findIndex((p) => p.markers.some((m) => m.name === 'Tide pendant lamp'));
    lamp = { marker: tour.panoramas[panoramaIndex]!.markers.find((m) => m.name === 'Tide pendant lamp')!, panoramaIndex };
  });
  const pageFor = async () => (await suite.pageFor()).page;

  it('finds a marker from a misspelt part of its name, turns the view to it in its panorama and opens its panel', async () => {
    expect(lamp.panoramaIndex, 'the lamp is not in the first panorama').toBeGreaterThan(0);
    const page = await pageFor();
    await openViewer(page);
    expect(await page.locator(PANEL).count(), 'the panel starts closed').toBe(0);
    await openSearch(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('search-input');
    await page.keyboard.type('pendnt');
    await page.waitForSelector(`${RESULT}:has-text("Tide pendant lamp")`);
    const result = page.locator(RESULT).first();
    expect(await result.getAttribute('data-marker-id')).toBe(lamp.marker.objectId);
    const where = await result.locator('.atrium-search__where').textContent();
    expect(where).toContain('Product');
    expect(where).toContain(tour.panoramas[lamp.panoramaIndex]!.name);
    await page.locator(PANEL).screenshot({ path: path.join(SHOTS, 'search-panel.png') });
    await page.screenshot({ path: path.join(SHOTS, 'search-viewer.png') });

    await page.keyboard.press('ArrowDown');
    expect(await result.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForSelector(PANEL, { state: 'detached' });
    await page.waitForSelector(`[data-testid="viewer"][data-panorama-index="${lamp.panoramaIndex}"]`);
    await page.waitForFunction(
      ({ ath, atv }) => {
        const c = (window as unknown as { __atriumCamera: View }).__atriumCamera;
        return Math.abs(c.yaw - ath) < 0.5 && Math.abs(c.pitch + atv) < 0.5;
      },
      lamp.marker.position,
    );
    expect(looksAt(await cameraView(page), lamp.marker.position)).toBe(true);
    expect(await page.locator(`[data-marker-id="${lamp.marker.objectId}"]`).count()).toBe(1);
    // Enter opened the lamp's panel, as a click on the lamp would, and the keyboard is inside it.
    expect(await markerPanelTitle(page)).toBe('Tide pendant lamp');
    await page.waitForFunction((sel) => Boolean(document.activeElement?.closest(sel)), MARKER_PANEL);
    expect(await focusInMarkerPanel(page)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'search-opened-marker.png') });
    await page.keyboard.press('Escape');
    await page.waitForSelector(MARKER_PANEL, { state: 'detached' });
    // Closed, the keyboard is back at the search button the visitor started from.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-search');
  });

  it('finds Japanese names by a part of them, in the panorama on screen too', async () => {
    const page = await pageFor();
    const at = tour.panoramas.findIndex((p) => p.markers.some((m) => m.nameMulti?.includes('ソファ')));
    const onScreen = tour.panoramas[at]?.markers.find((m) => m.nameMulti?.includes('ソファ'));
    expect(onScreen, 'the demo has the sofa').toBeDefined();
    await openViewer(page, '&locale=ja', at);
    await openSearch(page);
    await page.fill('[data-testid="search-input"]', 'ソファ');
    await page.waitForSelector(`${RESULT}:has-text("3人掛けソファ")`);
    await page.locator(PANEL).screenshot({ path: path.join(SHOTS, 'search-panel-ja.png') });
    expect(looksAt(await cameraView(page), onScreen!.position), 'the sofa is not yet in the middle of the view').toBe(false);
    await page.click(`${RESULT}[data-marker-id="${onScreen!.objectId}"]`);
    await page.waitForSelector(PANEL, { state: 'detached' });
    await page.waitForFunction(
      ({ ath, atv }) => {
        const c = (window as unknown as { __atriumCamera: View }).__atriumCamera;
        return Math.abs(c.yaw - ath) < 0.5 && Math.abs(c.pitch + atv) < 0.5;
      },
      onScreen!.position,
    );
    expect(await page.getAttribute('[data-testid="viewer"]', 'data-panorama-index')).toBe(String(at));
    // The click opened the sofa's panel in this panorama, titled in the visitor's language.
    expect(await markerPanelTitle(page)).toContain('3人掛けソファ');
    expect(await focusInMarkerPanel(page)).toBe(true);
  });

  it("says 'No results found' for nonsense, and the button toggles the panel", async () => {
    const page = await pageFor();
    await openViewer(page);
    await openSearch(page);
    await page.fill('[data-testid="search-input"]', 'qxzvvkjw');
    await page.waitForSelector('[data-testid="search-no-results"]');
    expect(await page.textContent('[data-testid="search-no-results"]')).toBe('No results found');
    expect(await page.locator(RESULT).count()).toBe(0);
    await page.click('[data-testid="open-search"]');
    await page.waitForSelector(PANEL, { state: 'detached' });
    await openSearch(page);
    await page.keyboard.press('Escape');
    await page.waitForSelector(PANEL, { state: 'detached' });
  });

  it('hideSearch removes the button (and never loads its code); hide wins over showSearch', async () => {
    // The first address is the control: without the switch the same wait finds the button and its code requested.
    for (const [query, shown] of [['', true], ['&hideSearch=true', false], ['&hideSearch&showSearch=true', false]] as const) {
      const page = await pageFor();
      const requested: string[] = [];
      page.on('request', (r) => requested.push(r.url()));
      await openViewer(page, query);
      await page.waitForSelector('[data-testid="float-menu"]');
      if (shown) await page.waitForSelector('[data-testid="open-search"]');
      expect(await page.locator('[data-testid="open-search"]').count(), query).toBe(shown ? 1 : 0);
      expect(requested.some((u) => /SearchButton/.test(u)), query).toBe(shown);
    }
  });

  it('in a group with marker finder on, searches every tour of the group and opens another tour on the result', async () => {
    const page = await pageFor();
    const kitchen = tour.panoramas[lamp.panoramaIndex]!;
    // The seeded group holds the demo tour; marker finder is switched on, a copy of the demo tour is added to
    // it, and a marker of that copy added to the group's markers (its panoramas are the demo's, id + 'P').
    const lantern: Marker = { ...lamp.marker, objectId: 'e2eLantern', name: 'Harbour lantern', nameMulti: null, buildingId: seeded.partner, panoramaId: `${kitchen.objectId}P`, currentPanoramaId: `${kitchen.objectId}P`, position: { ath: 33, atv: -12 } };
    const requests: string[] = [];
    await page.route(`**/v2/properties/${seeded.group}`, async (route) => {
      const body = await (await route.fetch()).json() as Record<string, unknown>;
      body.markerFinderEnable = true;
      body.buildings = [
        { index: 0, building: { objectId: demoTourId, name: tour.name, nameMulti: tour.nameMulti } },
        { index: 1, building: { objectId: seeded.partner, name: 'Partner copy', nameMulti: {} } },
      ];
      await route.fulfill({ json: body });
    });
    // The partner copy holds the lantern too (the seeded copy has no markers of its own), so that its panel can open.
    await page.route(`**/v2/buildings/openLink/${seeded.partner}*`, async (route) => {
      const body = await (await route.fetch()).json() as Tour;
      body.panoramas.find((p) => p.objectId === lantern.panoramaId)?.markers.push(lantern);
      await route.fulfill({ json: body });
    });
    await page.route(`**/v2/properties/${seeded.group}/allMarkers`, async (route) => {
      requests.push('allMarkers');
      const body = await (await route.fetch()).json() as { markers: Marker[] };
      await route.fulfill({ json: { markers: [...body.markers, lantern] } });
    });
    await openViewer(page, `&group=${seeded.group}`);
    await openSearch(page);
    await page.fill('[data-testid="search-input"]', 'harbour');
    await page.waitForSelector(`${RESULT}[data-marker-id="e2eLantern"]`);
    expect(await page.getAttribute('[data-testid="search-results"]', 'data-scope')).toBe('group');
    expect(requests).toEqual(['allMarkers']);
    const lanternRow = page.locator(`${RESULT}[data-marker-id="e2eLantern"]`);
    expect(await lanternRow.textContent()).toContain('Partner copy');
    expect(await page.locator(RESULT).count()).toBeGreaterThan(1); // the demo's own "Harbour ..." markers too
    await page.locator(PANEL).screenshot({ path: path.join(SHOTS, 'search-panel-group.png') });
    await lanternRow.click();
    await page.waitForURL(new RegExp(`/${seeded.partner}(/partner)?\\?`));
    await page.waitForSelector(`[data-testid="viewer"][data-panorama-index="${lamp.panoramaIndex}"]`, { timeout: 60_000 });
    await page.waitForFunction(() => {
      const c = (window as unknown as { __atriumCamera: View }).__atriumCamera;
      return Math.abs(c.yaw - 33) < 0.5 && Math.abs(c.pitch - 12) < 0.5;
    });
    expect(new URL(page.url()).searchParams.get('group')).toBe(seeded.group);
    expect(new URL(page.url()).searchParams.get('index')).toBe(String(lamp.panoramaIndex + 1));
    // The other tour opened with the chosen marker's panel.
    expect(await markerPanelTitle(page)).toBe('Harbour lantern');
  });
});
