import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TourSchema, type Tour } from '../../src/protocol/tour.ts';
import { browserSuite, type PageOptions } from './support/suite.ts';
import { collectConsoleErrors, withoutInlineTour } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const SHOTS = path.resolve('test-results/e2e');
// A 1x1 grey PNG: the tile server's answer (the machines have no internet; tiles are served by the test).
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGO4DwABAQEAMZ6PbgAAAABJRU5ErkJggg==', 'base64');

/** A PCM WAV of silence: a real, playable audio file without any fixture. */
function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const data = rate * seconds;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0); header.writeUInt32LE(36 + data, 4); header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16); header.writeUInt16LE(1, 20); header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24); header.writeUInt32LE(rate, 28); header.writeUInt16LE(1, 32); header.writeUInt16LE(8, 34);
  header.write('data', 36); header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data, 128)]);
}

const open = async (page: Page, query = '') => {
  await page.goto(`${baseUrl}/${demoTourId}?autorotate=false${query}`);
  await page.waitForSelector('[data-testid="float-menu"]', { timeout: 60_000 });
};

describe('viewer panels on flat screens', () => {
  const suite = browserSuite();
  let tour: Tour;
  beforeAll(async () => {
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
  });
  const pageFor = (opts: PageOptions = {}) => suite.pageFor(opts);

  it('information: opens with the tour name and credits, Escape closes it and gives focus back', async () => {
    const { page } = await pageFor();
    const errors = collectConsoleErrors(page);
    const missing: string[] = [];
    page.on('response', (r) => { if (r.status() === 404) missing.push(r.url()); });
    await open(page);
    await page.click('[data-testid="open-info"]');
    const panel = page.locator('[data-testid="panel-info"]');
    await expect(panel.getAttribute('role')).resolves.toBe('dialog');
    expect(await panel.textContent()).toContain(tour.name);
    if (typeof tour.meta.credits === 'string') expect(await page.textContent('[data-testid="info-credits"]')).toBe(tour.meta.credits);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('panel-info');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="panel-info"]', { state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-info');
    // 404s of optional media belong to other features; the panels must not add errors of their own.
    expect(errors.filter((e) => !/status of 404/.test(e)), missing.join(' ')).toEqual([]);
  });

  it('floor plan: a dot per placed panorama, the current one with its view cone; a dot jumps', async () => {
    const { page } = await pageFor();
    await open(page);
    await page.click('[data-testid="open-floorplan"]');
    await page.waitForSelector('[data-testid="panel-floorplan"] img');
    await page.waitForFunction(() => (document.querySelector('[data-testid="panel-floorplan"] img') as HTMLImageElement).naturalWidth > 0);
    const placed = tour.panoramas.filter((p) => p.position).length;
    expect(await page.locator('[data-testid^="floorplan-dot-"]').count()).toBe(placed);
    expect(await page.getAttribute('[data-testid="floorplan-dot-0"]', 'aria-current')).toBe('true');
    expect(await page.locator('[data-testid="floorplan-cone"]').count()).toBe(1);
    await page.locator('[data-testid="panel-floorplan"]').screenshot({ path: path.join(SHOTS, 'panels-floorplan.png') });
    await page.focus('[data-testid="floorplan-dot-1"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]');
    expect(await page.getAttribute('[data-testid="floorplan-dot-1"]', 'aria-current')).toBe('true');
    await page.click('[data-testid="panel-floorplan-close"]');
    await page.waitForSelector('[data-testid="panel-floorplan"]', { state: 'detached' });
  });

  it('share: QR code, copy link with feedback and social links tagged with their ref', async () => {
    const { page } = await pageFor({ permissions: ['clipboard-read', 'clipboard-write'] });
    await open(page);
    await page.click('[data-testid="open-share"]');
    await page.waitForSelector('[data-testid="share-qr"]');
    const shared = await page.inputValue('[data-testid="share-link"]');
    expect(shared).toMatch(/[?&]ref=qrcode$/);
    // A phone reads the code: zbarimg (Debian zbar-tools) decodes the picture on screen to the same link.
    const qrShot = path.join(SHOTS, 'panels-share-qr.png');
    await page.locator('[data-testid="share-qr"]').screenshot({ path: qrShot });
    expect(execFileSync('zbarimg', ['--raw', '-q', qrShot], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()).toBe(shared);
    for (const network of ['facebook', 'twitter', 'messenger', 'line', 'whatsapp']) {
      const href = (await page.getAttribute(`[data-testid="share-${network}"]`, 'href'))!;
      expect(decodeURIComponent(href)).toContain(`ref=${network}`);
    }
    await page.click('[data-testid="share-copy"]');
    await page.waitForSelector('[data-testid="share-status"]:has-text("Link copied")');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/ref=qrcode/);
    await page.locator('[data-testid="panel-share"]').screenshot({ path: path.join(SHOTS, 'panels-share.png') });
  });

  it('share=hidden removes the share panel', async () => {
    const { page } = await pageFor();
    await open(page);
    expect(await page.locator('[data-testid="open-share"]').count(), 'shown by default').toBe(1);
    await open(page, '&share=hidden');
    await page.waitForSelector('[data-testid="open-info"]');
    expect(await page.locator('[data-testid="open-share"]').count()).toBe(0);
  });

  it('owner info: the owner public profile in its own panel; hideContactInfo takes the panel away', async () => {
    const profile = await (await fetch(`${baseUrl}/v2/users/${tour.Owner.objectId}/publicProfile`)).json() as { name: string | null; headquarter: { title: string } | null };
    for (const hide of [false, true]) {
      const { page } = await pageFor();
      const errors = collectConsoleErrors(page);
      await withoutInlineTour(page);
      await page.route('**/v2/buildings/openLink/**', async (route) => {
        const original = await (await route.fetch()).json() as Tour;
        await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...original, showContactInfo: true }) });
      });
      await open(page, hide ? '&hideContactInfo=true' : '');
      await page.waitForSelector('[data-testid="open-building"]');
      if (hide) {
        expect(await page.locator('[data-testid="open-owner"]').count()).toBe(0);
      } else {
        await page.click('[data-testid="open-owner"]');
        await page.waitForSelector('[data-testid="owner-contact"]');
        const text = await page.textContent('[data-testid="owner-contact"]');
        if (profile.headquarter?.title) expect(text).toContain(profile.headquarter.title);
        if (profile.name) expect(text).toContain(profile.name);
        await page.locator('[data-testid="panel-owner"]').screenshot({ path: path.join(SHOTS, 'panel-owner-contact.png') });
        // Building info is its own panel: the building's facts.
        await page.click('[data-testid="open-building"]');
        await page.waitForSelector('[data-testid="building-panoramas"]');
        expect(await page.textContent('[data-testid="building-panoramas"]')).toContain(String(tour.panoramas.length));
        await page.locator('[data-testid="panel-building"]').screenshot({ path: path.join(SHOTS, 'panel-building.png') });
      }
      // The social feature's socket is refused under page.route interception in headless Chromium: not this panel's.
      expect(errors.filter((e) => !/socket\.io/.test(e))).toEqual([]);
    }
  });

  it('location: the map (Leaflet) and its tiles load only once the panel opens; drag, keys and zoom move it', async () => {
    expect(tour.mapEnable && tour.geoLatitude != null, 'the demo tour has a location').toBe(true);
    const { page } = await pageFor();
    const requested: string[] = [];
    const scripts: string[] = [];
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });
    await page.route('https://tile.openstreetmap.org/**', (route) => {
      requested.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
    });
    await open(page);
    await page.waitForTimeout(500);
    expect(requested).toEqual([]);
    const scriptsBefore = scripts.length;
    await page.click('[data-testid="open-location"]');
    await page.waitForSelector('[data-testid="location-map"][data-state="ready"] [data-testid="location-marker"]');
    // The map library came as its own script, only now.
    expect(scripts.slice(scriptsBefore).some((u) => /locationMap/.test(u)), scripts.slice(scriptsBefore).join(' ')).toBe(true);
    const tileImages = '[data-testid="location-map"] img.leaflet-tile';
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length >= 4, tileImages);
    await page.waitForTimeout(300);
    // Only the tiles that cover the map: as many as the images shown, each at zoom 16.
    const shown = await page.locator(tileImages).count();
    expect(new Set(requested).size).toBe(shown);
    expect(requested.every((u) => /\/16\/\d+\/\d+\.png$/.test(u))).toBe(true);

    // Dragging moves the map (and the building with it) and loads the tiles that come into view.
    const markerAt = async () => (await page.locator('[data-testid="location-marker"]').boundingBox())!;
    const settle = () => page.waitForTimeout(800); // Leaflet's inertia and pan animations
    const before = await markerAt();
    const box = (await page.locator('[data-testid="location-map"]').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx - 150, cy - 40, { steps: 10 });
    await page.mouse.move(cx - 300, cy - 80, { steps: 10 });
    await page.waitForTimeout(400); // hold still before letting go: no throw
    await page.mouse.up();
    await settle();
    const dragged = await markerAt();
    expect(dragged.x - before.x).toBeLessThan(-280);
    expect(dragged.y - before.y).toBeLessThan(-70);
    expect(new Set(requested).size).toBeGreaterThan(shown);

    // The arrow keys pan the focused map.
    await page.focus('[data-testid="location-map"]');
    await page.keyboard.press('ArrowLeft');
    await settle();
    await page.keyboard.press('ArrowUp');
    await settle();
    const keyed = await markerAt();
    expect(keyed.x - dragged.x).toBeCloseTo(96, 0);
    expect(keyed.y - dragged.y).toBeCloseTo(96, 0);
    await page.screenshot({ path: path.join(SHOTS, 'panel-location-panned.png') });

    await page.click('[data-testid="location-map"] [aria-label="Zoom in"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="location-map"]')?.getAttribute('data-zoom') === '17');
    expect(await page.textContent('[data-testid="location-map"]')).toContain('OpenStreetMap');
  });

  it('location: the tile source is the installation\'s, with its credit; a failed start can be retried', async () => {
    const { page } = await pageFor();
    let settingsCalls = 0;
    await page.route('**/v2/map/settings', (route) => {
      settingsCalls += 1;
      if (settingsCalls === 1) return route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"UNAVAILABLE","message":"down"}' });
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ tileUrl: 'https://maps.example.test/tiles/{z}/{x}/{y}.png', attribution: 'Tiles <b>Example</b> Maps', maxZoom: 18 }) });
    });
    const requested: string[] = [];
    await page.route('https://maps.example.test/**', (route) => {
      requested.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
    });
    await open(page);
    await page.click('[data-testid="open-location"]');
    await page.waitForSelector('[data-testid="location-map"][data-state="failed"]');
    expect(await page.textContent('[data-testid="panel-location"] [role="alert"]')).toContain('The map could not be loaded.');
    await page.click('[data-testid="panel-location"] [role="alert"] button');
    await page.waitForSelector('[data-testid="location-map"][data-state="ready"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="location-map"] img.leaflet-tile').length >= 1);
    expect(requested.length).toBeGreaterThan(0);
    // The operator's credit is shown as text, never as markup.
    expect(await page.textContent('[data-testid="location-map"] .leaflet-control-attribution')).toBe('Tiles <b>Example</b> Maps');
  });

  it('cookie consent: nothing stored before accepting; accepting sets the consent cookie for 365 days', async () => {
    const { page, context } = await pageFor();
    await open(page);
    await page.waitForSelector('[data-testid="cookie-banner"]');
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    expect((await context.cookies()).find((c) => c.name === 'atrium_consent')).toBeUndefined();
    await page.click('[data-testid="cookie-accept"]');
    await page.waitForSelector('[data-testid="cookie-banner"]', { state: 'detached' });
    const cookie = (await context.cookies()).find((c) => c.name === 'atrium_consent')!;
    expect(cookie.value).toBe('all');
    expect((cookie.expires * 1000 - Date.now()) / 86_400_000).toBeCloseTo(365, 0);
    await page.reload();
    await page.waitForSelector('[data-testid="float-menu"]');
    expect(await page.locator('[data-testid="cookie-banner"]').count()).toBe(0);
  });

  it('owner settings: promotion bar closes; music starts on the first gesture, loops, pauses other media', async () => {
    const { page } = await pageFor();
    await withoutInlineTour(page);
    await page.route('**/v2/buildings/openLink/**', async (route) => {
      const original = await (await route.fetch()).json() as Tour;
      const body = { ...original, music: `${baseUrl}/__test__/music.wav`, musicVolume: 40, ownerSettings: { ...original.ownerSettings, showPromotionHeader: true } };
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await page.route('**/__test__/music.wav', (route) => route.fulfill({ status: 200, contentType: 'audio/wav', body: silentWav(2) }));
    await open(page);
    await page.waitForSelector('[data-testid="music-player"]');
    expect(await page.textContent('[data-testid="promotion-bar"]')).toContain('Get Started from $5');
    await page.evaluate(() => {
      const w = window as unknown as { musicEvents: number };
      w.musicEvents = 0;
      window.addEventListener('atrium:music-play', () => { w.musicEvents++; });
    });
    await page.click('[data-testid="promotion-close"]'); // the visitor's first gesture
    expect(await page.locator('[data-testid="promotion-bar"]').count()).toBe(0);
    await page.waitForFunction(() => !(document.querySelector('[data-testid="music-audio"]') as HTMLAudioElement).paused);
    const audio = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="music-audio"]') as HTMLAudioElement;
      return { loop: el.loop, volume: el.volume, events: (window as unknown as { musicEvents: number }).musicEvents };
    });
    expect(audio).toEqual({ loop: true, volume: 0.4, events: 1 });
    // Another sound on the page: starting the music again pauses it.
    await page.evaluate(async (src) => {
      const other = Object.assign(document.createElement('audio'), { id: 'other', src, loop: true });
      document.body.append(other);
      await other.play();
    }, `${baseUrl}/__test__/music.wav`);
    await page.click('[data-testid="music-toggle"]');
    await page.waitForSelector('[data-testid="music-toggle"][aria-pressed="false"]');
    await page.click('[data-testid="music-toggle"]');
    await page.waitForSelector('[data-testid="music-toggle"][aria-pressed="true"]');
    expect(await page.evaluate(() => (document.getElementById('other') as HTMLAudioElement).paused)).toBe(true);
  });

  it('narrow screens: one menu button lists the panels', async () => {
    const { page } = await pageFor({ viewport: { width: 390, height: 760 } });
    await open(page);
    // With the lounge's button on the same edge (the long-menu rule must not clip the list that opens beside it).
    await page.getByTestId('lounge-button').waitFor({ timeout: 60_000 });
    await page.click('[data-testid="open-menu"]');
    await page.waitForSelector('[data-testid="mobile-menu"]');
    await page.click('[data-testid="mobile-menu"] [data-testid="open-info"]');
    await page.waitForSelector('[data-testid="panel-info"]');
    expect(await page.locator('[data-testid="mobile-menu"]').count()).toBe(0);
  });
});
