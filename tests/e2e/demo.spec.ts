import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TourSchema } from '../../src/protocol/tour.ts';
import { TileManifestSchema } from '../../src/protocol/tiles.ts';
import { collectConsoleErrors, launchBrowser, newPage } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');

describe('the demo tour that npm start creates', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('has five or more tiled panoramas linked both ways, a floor plan and markers of every kind', async () => {
    const tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
    expect(tour.panoramas.length).toBeGreaterThanOrEqual(5);
    expect(tour.floorplan).toMatch(/^\/media\//);
    const ids = new Set(tour.panoramas.map((p) => p.objectId));
    const links = new Set<string>();
    for (const p of tour.panoramas) {
      expect(p.cubemapReady).toBe(true);
      for (const m of p.markers) if (m.nextPanoramaId) links.add(`${p.objectId}>${m.nextPanoramaId}`);
    }
    for (const link of links) {
      const [from, to] = link.split('>') as [string, string];
      expect(ids.has(to), `teleport target ${to} exists`).toBe(true);
      expect(links.has(`${to}>${from}`), `teleport ${link} has a way back`).toBe(true);
    }
    const kinds = new Set(tour.panoramas.flatMap((p) => p.markers.map((m) => m.type)));
    for (const kind of ['point', 'memo', 'tag', 'gallery', 'popup', 'arMakerTag', 'pdf', 'narration', 'multitag', 'sticker', 'search', 'videoplay']) {
      expect(kinds.has(kind), `a ${kind} marker`).toBe(true);
    }
  });

  it('serves every panorama\'s manifest, first-view cube and tiles', async () => {
    const tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
    for (const p of tour.panoramas) {
      const manifestUrl = new URL(p.cubemapUrl!, baseUrl);
      const manifest = TileManifestSchema.parse(await (await fetch(manifestUrl)).json());
      const first = await fetch(new URL(p.cubemapPreivewUrl!, baseUrl));
      expect(first.headers.get('content-type')).toBe('image/jpeg');
      const top = manifest.levels.at(-1)!;
      const tile = manifest.tileUrl.replace('{level}', String(top.index)).replace('{face}', 'f').replace('{x}', '0').replace('{y}', '0');
      const res = await fetch(new URL(tile, manifestUrl));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('immutable');
    }
  });

  it('sends with the page what the first view needs: the tour, the start panorama\'s manifest, the language catalog', async () => {
    const tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
    const res = await fetch(`${baseUrl}/${demoTourId}?index=2`, { headers: { 'accept-language': 'ja,en;q=0.5' } });
    const html = await res.text();
    expect(html).toContain('id="atrium-bootstrap"');
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${tour.panoramas[1]!.cubemapUrl}">`);
    // Announced in the header too, so the browser asks for them before it has parsed the page.
    expect(res.headers.get('link')).toBe(
      `<${tour.panoramas[1]!.cubemapUrl}>; rel=preload; as=fetch; crossorigin, <${tour.panoramas[1]!.cubemapPreivewUrl}>; rel=preload; as=image; fetchpriority=high`,
    );
    // The poster's inline script reads it to fetch the first view's tiles.
    expect(html).toContain(`"manifest":"${tour.panoramas[1]!.cubemapUrl}"`);
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/viewer-[\w-]+\.js">/);
  });

  it('opens in the browser on a deep link without console errors', async () => {
    const { page, context } = await newPage(browser);
    const errors = collectConsoleErrors(page);
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/v2/buildings/openLink/') && asked.push(r.url()));
    const res = await page.goto(`${baseUrl}/${demoTourId}`);
    expect(res?.status()).toBe(200);
    await page.waitForSelector('[data-testid="viewer"]');
    // the tour came with the page: no second round trip to ask for it
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
