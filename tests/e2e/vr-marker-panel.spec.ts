import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { Quaternion, Vector3 } from 'three';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { athAtvToDirection, DEG_TO_RAD } from '../../src/scene/math/angles.ts';
import { TourSchema, type Marker, type Tour } from '../../src/protocol/tour.ts';
import { collectConsoleErrors, installIwer, launchBrowser, newPage } from './support/browser.ts';
import { enterVR, frames, press, pull, waitForTarget } from './support/xr.ts';

// The in-world marker panel inside the real built viewer (not the dev harness of xr-panels.spec.ts): the demo
// tour under the IWER emulator (Meta Quest 3), VR entered from the toolbar, the marker picked with the right
// controller's ray and a trigger pull, as a visitor in a headset does.
const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const SHOTS = path.resolve('test-results/e2e');

type Vec = { x: number; y: number; z: number; set(...v: number[]): void };
type Device = {
  position: Vec;
  controllers: Record<'right', { position: Vec; quaternion: { set(...v: number[]): void }; updateButtonValue(n: string, v: number): void }>;
  activeSession?: { end(): Promise<void> };
};

/**
 * The controller orientation whose ray (-Z) points at a marker. In VR the panorama root sits at the head and is
 * turned by the yaw the flat view had when the session began (XRViewSync), so the marker's world direction is
 * its ath/atv direction turned by that yaw.
 */
function aimAt(marker: Marker, entryYaw: number): number[] {
  const local = new Vector3(...athAtvToDirection(marker.position.ath, marker.position.atv));
  const world = local.applyAxisAngle(new Vector3(0, 1, 0), entryYaw * DEG_TO_RAD).normalize();
  const q = new Quaternion().setFromUnitVectors(new Vector3(0, 0, -1), world);
  return [q.x, q.y, q.z, q.w];
}

/** Share of pixels that changed between two screenshots of the same size (any channel by more than 40). */
function changedShare(a: string, b: string): number {
  const pa = PNG.sync.read(fs.readFileSync(a));
  const pb = PNG.sync.read(fs.readFileSync(b));
  let changed = 0;
  for (let i = 0; i < pa.data.length; i += 4) {
    if (Math.abs(pa.data[i]! - pb.data[i]!) + Math.abs(pa.data[i + 1]! - pb.data[i + 1]!) + Math.abs(pa.data[i + 2]! - pb.data[i + 2]!) > 40) changed++;
  }
  return changed / (pa.width * pa.height);
}

/** Share of pixels of the panel's near-black background (#0d1117 at 94 % over the scene). */
function panelShare(file: string): number {
  const png = PNG.sync.read(fs.readFileSync(file));
  let dark = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
    if (r < 40 && g < 45 && b < 55 && b >= r) dark++;
  }
  return dark / (png.width * png.height);
}

describe('in-world marker panel in the real viewer (IWER, Meta Quest 3)', () => {
  let browser: Browser;
  let tour: Tour;
  let sofa: Marker;
  let sofaIndex: number;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
    // A tag with photos and a name in several languages: the living room's sofa in the demo.
    const wanted = (m: Marker) => m.type === 'tag' && !!m.photo && !!m.nameMulti?.includes('"ja"');
    sofaIndex = tour.panoramas.findIndex((p) => p.markers.some(wanted));
    sofa = tour.panoramas[sofaIndex]!.markers.find(wanted)!;
  });
  afterAll(async () => browser?.close());

  // Latin, Arabic (right to left, joined letters), Japanese and Thai: the scripts uikit's own fonts cannot draw.
  for (const locale of ['en', 'ar', 'ja', 'th']) {
    it(`opens a tag with the controller ray and shows its panel in front of the visitor (${locale})`, { timeout: 240_000 }, async () => {
      const { page, context } = await newPage(browser);
      const errors = collectConsoleErrors(page);
      page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} ${r.url()}`));
      await installIwer(page);
      await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&locale=${locale}&index=${sofaIndex + 1}`);
      await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
      const entryYaw = await page.evaluate(() => (window as unknown as { __atriumCamera: { yaw: number } }).__atriumCamera.yaw);
      await enterVR(page);

      // Point the right controller at the tag and let the ray hover it.
      const aim = aimAt(sofa, entryYaw);
      await page.evaluate((q) => {
        const right = (globalThis as unknown as { xrDevice: Device }).xrDevice.controllers.right;
        right.quaternion.set(...q);
      }, aim);
      await frames(page, 10);
      const without = path.join(SHOTS, `vr-marker-aim-${locale}.png`);
      await page.screenshot({ path: without });

      // A trigger pull (shorter than the store's click threshold) is a click on the marker: the shared helper, which
      // holds the press and the release for two counted frames each (one left no slack for a frame counted before it
      // read the press).
      await pull(page);
      await page.waitForFunction((id) => document.documentElement.dataset.xrPanel === id, sofa.objectId, { timeout: 30_000 });
      // The flat-screen dialog stays closed: in a headset the panel is in the world.
      expect(await page.locator('[role="dialog"]').count()).toBe(0);
      // Placement takes the first frames; text textures and the photo upload on the next ones.
      await frames(page, 30);
      const withPanel = path.join(SHOTS, `vr-marker-panel-${locale}.png`);
      await page.screenshot({ path: withPanel });

      const changed = changedShare(without, withPanel);
      const dark = panelShare(withPanel) - panelShare(without);
      // The 0.9 m panel at 1.2 m covers about 8 % of the emulator's view.
      expect(changed, 'the panel changed the view').toBeGreaterThan(0.04);
      expect(dark, 'the dark panel is in front of the visitor').toBeGreaterThan(0.03);
      expect(errors).toEqual([]);
      await page.evaluate(() => (globalThis as unknown as { xrDevice: Device }).xrDevice.activeSession?.end());
      await page.waitForFunction(() => window.__atriumScene?.xr === false, undefined, { timeout: 30_000 });
      await context.close();
    });
  }
});

/** Heading of a world direction, radians: 0 looks down -Z, positive turns left (as the head's yaw). */
const headingOf = (x: number, z: number) => Math.atan2(-x, -z);
const wrap = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));
const RAD = Math.PI / 180;

/** Turns the emulated head to `yaw` (radians, about +Y), level. */
async function turnHead(page: Page, yaw: number): Promise<void> {
  await page.evaluate((y) => window.xrDevice.quaternion.set(0, Math.sin(y / 2), 0, Math.cos(y / 2)), yaw);
}

/** Turns the right controller so its ray (-Z) points at a world point. */
async function aimControllerAt(page: Page, point: Vector3): Promise<void> {
  const from = await page.evaluate(() => {
    const p = window.xrDevice.controllers.right.position;
    return [p.x, p.y, p.z] as [number, number, number];
  });
  const q = new Quaternion().setFromUnitVectors(new Vector3(0, 0, -1), point.clone().sub(new Vector3(...from)).normalize());
  await page.evaluate((r) => window.xrDevice.controllers.right.quaternion.set(...r), [q.x, q.y, q.z, q.w] as [number, number, number, number]);
}

/** Heading and elevation (radians) of the open card's centre from the eye. */
async function cardDirection(page: Page): Promise<{ heading: number; elevation: number; distance: number } | null> {
  return page.evaluate(() => {
    const c = window.__atriumXR?.targets['marker:card']?.();
    const p = window.xrDevice.position;
    if (!c) return null;
    const [x, y, z] = [c[0] - p.x, c[1] - p.y, c[2] - p.z];
    const distance = Math.hypot(x, y, z);
    return { heading: Math.atan2(-x, -z), elevation: Math.asin(y / distance), distance };
  });
}

// What a wearer notices about the card itself: it hides and blocks the markers behind it, it comes along when they
// turn away, its close button is hit at the first aim, and its counter and shop button speak the visitor's language.
describe('the in-world marker card, as a wearer meets it (IWER, Meta Quest 3)', () => {
  let browser: Browser;
  let tour: Tour;
  let sofa: Marker;
  let sofaIndex: number;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
    const wanted = (m: Marker) => m.type === 'tag' && (m.photo ?? '').split(',').length > 1 && !!m.price;
    sofaIndex = tour.panoramas.findIndex((p) => p.markers.some(wanted));
    sofa = tour.panoramas[sofaIndex]!.markers.find(wanted)!;
  });
  afterAll(async () => browser?.close());

  for (const locale of ['en', 'ar']) {
    it(`is opaque to eyes and rays, follows the wearer, closes at the first aim (${locale})`, { timeout: 300_000 }, async () => {
      const { page, context } = await newPage(browser);
      const errors = collectConsoleErrors(page);
      await installIwer(page);
      await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&locale=${locale}&index=${sofaIndex + 1}`);
      await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
      const entryYaw = await page.evaluate(() => (window as unknown as { __atriumCamera: { yaw: number } }).__atriumCamera.yaw);
      await enterVR(page);
      const panoramaId = await page.evaluate(() => window.__atriumScene!.panoramaId);
      const eye = await page.evaluate(() => [window.xrDevice.position.x, window.xrDevice.position.y, window.xrDevice.position.z] as [number, number, number]);
      /** A marker's world position: the panorama sits around the head, turned by the flat view's yaw at entry. */
      const worldOf = (m: Marker) => {
        const dir = new Vector3(...athAtvToDirection(m.position.ath, m.position.atv)).applyAxisAngle(new Vector3(0, 1, 0), entryYaw * DEG_TO_RAD);
        return dir.multiplyScalar(90).add(new Vector3(...eye));
      };
      const directionOf = (m: Marker) => {
        const d = worldOf(m).sub(new Vector3(...eye)).normalize();
        return { heading: headingOf(d.x, d.z), elevation: Math.asin(d.y) };
      };

      // Open the sofa with the ray.
      const sofaAt = worldOf(sofa);
      await aimControllerAt(page, sofaAt);
      await frames(page, 6);
      await pull(page);
      await page.waitForFunction((id) => document.documentElement.dataset.xrPanel === id, sofa.objectId, { timeout: 30_000 });
      await waitForTarget(page, 'marker:card');
      await frames(page, 20);

      // The counter and the shop button in the visitor's language ("1 من 3", not a mirrored "3 / 1").
      const count = (sofa.photo ?? '').split(',').length;
      const texts = await page.evaluate(() => ({ ...window.__atriumXR!.texts }));
      const digits = new Intl.NumberFormat(locale, { useGrouping: false });
      expect(texts['marker:image-counter']).toBe(locale === 'ar' ? `${digits.format(1)} من ${digits.format(count)}` : `1 / ${count}`);
      expect(texts['marker:link']).toBe(locale === 'ar' ? 'شراء' : 'Buy');
      await page.screenshot({ path: path.join(SHOTS, `vr-marker-card-${locale}.png`) });

      // Opened beside the sofa, not over it.
      const opened = (await cardDirection(page))!;
      expect(Math.abs(wrap(opened.heading - directionOf(sofa).heading)), 'beside the sofa, not over it').toBeGreaterThan(15 * RAD);

      // An icon leads its label in reading order: left of "Buy" in English, right of "شراء" in Arabic. Measured along
      // the card's own left-to-right axis (the card faces the eye from its heading).
      const [icon, label] = await page.evaluate(() => ['marker:link:icon', 'marker:link:label'].map((n) => window.__atriumXR!.targets[n]?.() ?? null));
      expect(icon && label, 'the shop button shows an icon and a label').toBeTruthy();
      const cardRight = new Vector3(Math.cos(opened.heading), 0, -Math.sin(opened.heading));
      const iconSide = new Vector3(...icon!).sub(new Vector3(...label!)).dot(cardRight);
      if (locale === 'ar') expect(iconSide, 'the icon is right of the Arabic label').toBeGreaterThan(0.02);
      else expect(iconSide, 'the icon is left of the English label').toBeLessThan(-0.02);

      // The wearer turns well away: the card comes back in front of them (beside the line of sight, at the side it
      // took at first), then stays put.
      const away = wrap(opened.heading + 110 * RAD);
      await turnHead(page, away);
      const followed = await page.waitForFunction((yaw) => {
        const c = window.__atriumXR?.targets['marker:card']?.();
        const p = window.xrDevice.position;
        if (!c) return false;
        const h = Math.atan2(-(c[0] - p.x), -(c[2] - p.z));
        return Math.abs(Math.atan2(Math.sin(h - yaw), Math.cos(h - yaw))) < 35 * Math.PI / 180;
      }, away, { timeout: 60_000 }).then(() => true, () => false);
      const after = (await cardDirection(page))!;
      expect(followed, `the card followed the head (head ${(away / RAD).toFixed(0)}, card ${(after.heading / RAD).toFixed(0)} deg)`).toBe(true);
      await frames(page, 30);
      await page.screenshot({ path: path.join(SHOTS, `vr-marker-follow-${locale}.png`) });
      const offset = wrap((await cardDirection(page))!.heading - away);

      // Bring the card in front of another marker of the room: the one nearest the card's elevation.
      const card = (await cardDirection(page))!;
      const others = tour.panoramas[sofaIndex]!.markers.filter((m) => m.objectId !== sofa.objectId);
      const behind = others.map((m) => ({ m, d: directionOf(m) })).sort((a, b) => Math.abs(a.d.elevation - card.elevation) - Math.abs(b.d.elevation - card.elevation))[0];
      expect(behind, 'another marker in the room').toBeTruthy();
      expect(Math.abs(behind!.d.elevation - card.elevation), 'a marker at the card\'s height').toBeLessThan(10 * RAD);
      const head = wrap(behind!.d.heading - offset);
      if (Math.abs(wrap(head - away)) < 45 * RAD) {
        // Too close to follow from here (the card keeps still for small turns): go round the other way first.
        await turnHead(page, wrap(head + 120 * RAD));
        await frames(page, 40);
      }
      await turnHead(page, head);
      await page.waitForFunction(([target]) => {
        const c = window.__atriumXR?.targets['marker:card']?.();
        const p = window.xrDevice.position;
        if (!c) return false;
        const h = Math.atan2(-(c[0] - p.x), -(c[2] - p.z));
        return Math.abs(Math.atan2(Math.sin(h - target!), Math.cos(h - target!))) < 5 * Math.PI / 180;
      }, [behind!.d.heading], { timeout: 60_000 });
      await frames(page, 10);
      await page.screenshot({ path: path.join(SHOTS, `vr-marker-over-${locale}.png`) });

      // A ray aimed straight at that marker crosses the card first: the card takes it, the marker does not open.
      // The controller is held just under the eye, so the ray crosses the card near its centre (on the card's
      // background and text, not on one of its buttons).
      await page.evaluate(([x, y, z]) => window.xrDevice.controllers.right.position.set(x!, y! - 0.1, z!), eye);
      const at = worldOf(behind!.m);
      await aimControllerAt(page, at);
      await frames(page, 6);
      await pull(page);
      await frames(page, 10);
      expect(await page.evaluate(() => document.documentElement.dataset.xrPanel), 'the marker behind the card stayed closed').toBe(sofa.objectId);
      expect(await page.evaluate(() => window.__atriumScene!.panoramaId)).toBe(panoramaId);

      // The shop button asks before it leaves VR; "Stay in VR" keeps the wearer in the headset.
      const popups: string[] = [];
      context.on('page', (p) => popups.push(p.url()));
      await press(page, 'marker:link');
      const question = await page.waitForFunction(() => window.__atriumXR?.texts['marker:leave-question'] ?? null, undefined, { timeout: 15_000 });
      expect(await question.jsonValue()).toContain('example.com');
      await page.screenshot({ path: path.join(SHOTS, `vr-marker-leave-${locale}.png`) });
      await press(page, 'marker:stay');
      await page.waitForFunction(() => !window.__atriumXR?.texts['marker:leave-question'], undefined, { timeout: 15_000 });
      expect(popups).toEqual([]);
      expect(await page.evaluate(() => window.__atriumScene!.xr)).toBe(true);

      // One aim, one pull on the close button.
      await press(page, 'marker:close');
      const closed = await page.waitForFunction(() => !document.documentElement.dataset.xrPanel, undefined, { timeout: 15_000 }).then(() => true, () => false);
      expect(closed, 'closed at the first aim').toBe(true);

      if (locale === 'en') {
        // Agreeing opens the shop and ends the session (the wearer would otherwise be thrown out mid-frame).
        await context.route('https://example.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<title>shop</title>' }));
        await aimControllerAt(page, worldOf(sofa));
        await frames(page, 6);
        await pull(page);
        await page.waitForFunction((id) => document.documentElement.dataset.xrPanel === id, sofa.objectId, { timeout: 30_000 });
        await press(page, 'marker:link');
        const opened = context.waitForEvent('page', { timeout: 15_000 });
        await press(page, 'marker:leave-confirm');
        const shop = await opened;
        await shop.waitForLoadState('domcontentloaded');
        expect(shop.url()).toBe(sofa.link);
        await page.waitForFunction(() => window.__atriumScene?.xr === false, undefined, { timeout: 30_000 });
      }
      expect(errors).toEqual([]);
      await page.evaluate(() => window.xrDevice.activeSession?.end());
      await context.close();
    });
  }
});
