import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import type { SessionAnswer } from '../../src/protocol/accounts.ts';
import { TourSchema } from '../../src/protocol/tour.ts';
import { collectConsoleErrors, launchBrowser, newPage } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const SHOTS = path.resolve('test-results/e2e');
const PHOTO = path.resolve(import.meta.dirname, '../../../shared/fixtures/panoramas/fishermans-bastion-equirect.jpg');
const VIEWPORT = '[data-testid="studio-marker-viewport"]';
const HANDLE = '[data-testid="studio-marker-handle"]';

async function signUp(): Promise<SessionAnswer> {
  const res = await fetch(`${baseUrl}/v2/users/signup`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `builder-${Date.now()}@example.test`, password: 'harbour42house', firstName: 'Bea', lastName: 'Builder', agreeTerms: true }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SessionAnswer;
}

const markerCall = (method: string, pathPart: RegExp) => (r: Response) => r.request().method() === method && pathPart.test(new URL(r.url()).pathname);

/** Clicks a point of the editor's panorama, given as fractions of its width and height. */
async function clickPanorama(page: Page, fx: number, fy: number): Promise<void> {
  const box = (await page.locator(VIEWPORT).boundingBox())!;
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

describe('the studio: build a tour with markers, publish it and walk it as a visitor', () => {
  let browser: Browser;
  let files: string[];
  let photo: string;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    // Two real photographs: the bastion, and the bastion seen the other way round.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-studio-build-'));
    files = [path.join(dir, 'gate.jpg'), path.join(dir, 'terrace.jpg')];
    fs.copyFileSync(PHOTO, files[0]!);
    await sharp(PHOTO).flop().jpeg({ quality: 85 }).toFile(files[1]!);
    // The tag's photo: a crop of the bastion (the lion's corner).
    photo = path.join(dir, 'lion.jpg');
    await sharp(PHOTO).extract({ left: 1800, top: 900, width: 640, height: 480 }).jpeg().toFile(photo);
  });
  afterAll(async () => browser?.close());

  it('uploads two photographs, places a teleport and a priced tag with undo and redo, and a visitor walks the tour', async () => {
    const owner = await signUp();
    const { context, page } = await newPage(browser, { viewport: { width: 1400, height: 900 } });
    await context.addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
    await context.addInitScript((token) => localStorage.setItem('atrium.sessionToken', token), owner.sessionToken);
    const errors = collectConsoleErrors(page);

    // A tour and its two panoramas, through the studio's own screens.
    await page.goto(`${baseUrl}/studio`);
    await page.click('[data-testid="studio-new-tour"]');
    await page.fill('[data-testid="studio-tour-name"]', 'Bastion walk');
    await page.click('[data-testid="studio-create-tour"]');
    await page.waitForURL(/\/studio\/[A-Za-z0-9_-]+$/);
    const tourId = new URL(page.url()).pathname.split('/').pop()!;
    await page.click('[data-testid="studio-tab-panoramas"]');
    await page.setInputFiles('[data-testid="studio-upload-input"]', files);
    await page.waitForFunction(() => {
      const all = [...document.querySelectorAll('[data-testid="studio-panorama-row"]')];
      return all.length === 2 && all.every((e) => e.getAttribute('data-status') === 'ready');
    }, undefined, { timeout: 120_000 });

    // Markers: the real viewer scene of the first panorama.
    await page.click('[data-testid="studio-tab-markers"]');
    await page.waitForSelector('[data-testid="studio-marker-editor"]');
    await page.waitForFunction(() => (window as { __atriumScene?: { firstPixels?: boolean } }).__atriumScene?.firstPixels === true, undefined, { timeout: 90_000 });
    const panoramaIds = await page.locator('[data-testid="studio-marker-panorama"] option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(panoramaIds).toHaveLength(2);

    // A teleport to the second panorama, placed left of the centre.
    await page.click('[data-testid="studio-add-teleport"]');
    await clickPanorama(page, 0.35, 0.55);
    await page.waitForSelector('[data-testid="studio-marker-form"][data-kind="teleport"]');
    await page.selectOption('[data-testid="studio-marker-target"]', panoramaIds[1]!);
    const teleportSaved = page.waitForResponse(markerCall('POST', /\/v2\/studio\/panoramas\/[^/]+\/markers$/));
    await page.click('[data-testid="studio-marker-save"]');
    const teleport = await (await teleportSaved).json() as { objectId: string; nextPanoramaId: string; position: { ath: number; atv: number } };
    expect(teleport.nextPanoramaId).toBe(panoramaIds[1]);
    expect(teleport.position.ath).toBeLessThan(0); // left of the centre, where the click was
    expect(teleport.position.atv).toBeGreaterThan(0); // below the horizon

    // A tag: a name and a price are checked before saving (the name is required).
    await page.click('[data-testid="studio-add-tag"]');
    await clickPanorama(page, 0.6, 0.45);
    await page.waitForSelector('[data-testid="studio-marker-form"][data-kind="tag"]');
    await page.click('[data-testid="studio-marker-save"]');
    expect(await page.locator('[data-testid="studio-field-error"]').allTextContents()).toEqual(['Please fill in this field.']);
    await page.fill('[data-testid="studio-marker-name"]', 'Stone lion');
    await page.fill('[data-testid="studio-marker-price"]', '€ 1,250');
    // A photo, uploaded through the form (checked by its content on the server).
    await page.setInputFiles('[data-testid="studio-marker-photos-input"]', photo);
    await page.waitForSelector('[data-testid="studio-marker-photo"]');
    const tagSaved = page.waitForResponse(markerCall('POST', /\/v2\/studio\/panoramas\/[^/]+\/markers$/));
    await page.click('[data-testid="studio-marker-save"]');
    const tag = await (await tagSaved).json() as { objectId: string; photo: string | null; position: { ath: number; atv: number } };
    expect(tag.photo).toMatch(/^\/media\/assets\/[\w-]+\.jpg$/);
    const tagPosition = tag.position;
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="studio-marker-handle"]').length === n, 2);
    // Each handle shows its kind's icon as visitors see it: teleport and tag look different (they once shared a "T").
    const icons = await page.locator(`${HANDLE} canvas`).evaluateAll((els) => els.map((e) => ({ icon: e.getAttribute('data-icon'), pixels: (e as HTMLCanvasElement).toDataURL() })));
    expect(icons.map((i) => i.icon).sort()).toEqual(['kind:tag', 'kind:teleport']);
    expect(icons[0]!.pixels).not.toBe(icons[1]!.pixels);
    await page.screenshot({ path: path.join(SHOTS, 'studio-marker-handles.png') });

    // Dragging the tag's handle moves it; arrow keys then nudge it by half a degree; each step is saved at once.
    const handle = page.locator(`${HANDLE}[data-marker-id="${tag.objectId}"]`);
    const start = (await handle.boundingBox())!;
    const dragged = page.waitForResponse(markerCall('PATCH', /\/v2\/studio\/markers\//));
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 + 40, start.y + start.height / 2 + 10, { steps: 5 });
    await page.mouse.move(start.x + start.width / 2 + 80, start.y + start.height / 2 + 20, { steps: 5 });
    await page.mouse.up();
    const afterDrag = await (await dragged).json() as { position: { ath: number; atv: number } };
    expect(afterDrag.position.ath).toBeGreaterThan(tagPosition.ath);
    expect(afterDrag.position.atv).toBeGreaterThan(tagPosition.atv);
    await handle.click();
    const nudged = page.waitForResponse(markerCall('PATCH', /\/v2\/studio\/markers\//));
    await page.keyboard.press('ArrowRight');
    expect((await nudged).status()).toBe(200);
    await page.screenshot({ path: path.join(SHOTS, 'studio-marker-editor.png') });

    // Undo the nudge, the drag and the tag's creation... then redo the creation: the tag is back under its id.
    await page.keyboard.press('Escape');
    for (let i = 0; i < 2; i++) {
      const undone = page.waitForResponse(markerCall('PATCH', /\/v2\/studio\/markers\//));
      await page.keyboard.press('Control+z');
      expect((await undone).status()).toBe(200);
    }
    const removed = page.waitForResponse(markerCall('DELETE', /\/v2\/studio\/markers\//));
    await page.keyboard.press('Control+z');
    expect((await removed).status()).toBe(200);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="studio-marker-handle"]').length === 1);
    const restored = page.waitForResponse(markerCall('POST', /\/markers$/));
    await page.keyboard.press('Control+Shift+z');
    expect(await (await restored).json()).toMatchObject({ objectId: tag.objectId, name: 'Stone lion', price: '€ 1,250', photo: tag.photo, position: tagPosition });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="studio-marker-handle"]').length === 2);
    await page.waitForSelector('[data-testid="studio-marker-status"][data-saving="false"]');

    // The start view, set by looking: turn the scene, keep the view; visitors then open the panorama looking there.
    await page.keyboard.press('Escape');
    const canvasBox = (await page.locator('[data-testid="studio-marker-editor"] canvas:not(.studio-marker-glyph)').first().boundingBox())!;
    await page.mouse.move(canvasBox.x + canvasBox.width / 2, canvasBox.y + canvasBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(canvasBox.x + canvasBox.width / 2 - 150, canvasBox.y + canvasBox.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.waitForSelector('[data-testid="studio-start-view"]:not([disabled])');
    await page.click('[data-testid="studio-start-view"]');
    await page.waitForFunction(() => (document.querySelector('[data-testid="studio-start-view-status"]')?.textContent ?? '').length > 0);
    expect(await page.textContent('[data-testid="studio-start-view-status"]')).toBe('Start view saved');
    // Still a draft: the owner's own identity opens it.
    const asOwner = { 'x-token-type': 'istaging', 'x-session-token': owner.sessionToken, 'x-user-id': owner.objectId };
    const startView = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${tourId}`, { headers: asOwner })).json()).panoramas[0]!.initialView!;
    // The drag turned the view (a new panorama starts straight ahead), and that is what was kept.
    expect(Math.abs(startView.ath)).toBeGreaterThan(5);

    // Publish: the share link and an embed snippet with the chosen switches.
    await page.click('[data-testid="studio-tab-publish"]');
    await page.waitForSelector('[data-testid="studio-publish"]');
    expect(await page.inputValue('[data-testid="studio-share-link"]')).toBe(`${baseUrl}/${tourId}`);
    await page.check('[data-testid="studio-embed-hideLike"]');
    await page.check('[data-testid="studio-embed-autorotateOff"]');
    const snippet = await page.inputValue('[data-testid="studio-embed-code"]');
    expect(snippet).toContain(`src="${baseUrl}/${tourId}?hideLike=true&amp;autorotate=false"`);
    expect(snippet).toContain('allow="xr-spatial-tracking; fullscreen; gyroscope; accelerometer"');
    expect(await page.getAttribute('[data-testid="studio-preview-link"]', 'href')).toBe(`${baseUrl}/${tourId}`);
    // Only the owner's own site may frame the tour: a wrong line is named before anything is sent.
    await page.check('[data-testid="studio-embed-listed"]');
    await page.fill('[data-testid="studio-embed-site-list"]', 'https://shop.example.com\nexample.org');
    await page.click('[data-testid="studio-embed-save"]');
    expect(await page.textContent('[data-testid="studio-embed-error"]')).toBe('example.org is not a site address. Write it as https://www.example.com or https://*.example.com.');
    await page.fill('[data-testid="studio-embed-site-list"]', 'https://Shop.example.com/\nhttps://*.example.org');
    await page.click('[data-testid="studio-embed-save"]');
    await page.getByTestId('studio-embed-status').getByText('Saved.').waitFor();
    expect(await page.inputValue('[data-testid="studio-embed-site-list"]')).toBe('https://shop.example.com\nhttps://*.example.org');
    const framing = (await fetch(`${baseUrl}/${tourId}`)).headers.get('content-security-policy') ?? '';
    expect(framing).toContain("frame-ancestors 'self' https://shop.example.com https://*.example.org");
    await page.screenshot({ path: path.join(SHOTS, 'studio-publish.png'), fullPage: true });
    // New tours are drafts: publish it for visitors.
    await page.click('[data-testid="studio-publish-tour"]');
    await page.waitForSelector('[data-testid="studio-unpublish-tour"]');
    expect(errors).toEqual([]);
    await context.close();

    // A visitor (no account) walks the tour: the tag shows its name and price, the teleport moves on.
    const tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${tourId}`)).json());
    expect(tour.panoramas[0]!.markers.map((m) => m.type).sort()).toEqual(['tag', 'teleport']);
    const visitor = await newPage(browser);
    await visitor.page.goto(`${baseUrl}/${tourId}?autorotate=false`);
    await visitor.page.waitForFunction(() => (window as { __atriumScene?: { firstPixels?: boolean } }).__atriumScene?.firstPixels === true, undefined, { timeout: 90_000 });
    expect(await visitor.page.evaluate(() => (window as unknown as { __atriumCamera: { yaw: number } }).__atriumCamera.yaw)).toBeCloseTo(startView.ath, 0);
    const tagButton = visitor.page.locator(`[data-marker-id="${tag.objectId}"]`);
    await tagButton.focus();
    await visitor.page.keyboard.press('Enter');
    await visitor.page.waitForSelector('[data-testid="marker-panel"]');
    expect(await visitor.page.textContent('[data-testid="marker-title"]')).toBe('Stone lion');
    expect(await visitor.page.textContent('[data-testid="marker-panel"]')).toContain('€ 1,250');
    expect(await visitor.page.locator('[data-testid="marker-panel"] img').count()).toBeGreaterThan(0);
    await visitor.page.screenshot({ path: path.join(SHOTS, 'studio-visitor-tag.png') });
    await visitor.page.keyboard.press('Escape');
    await visitor.page.waitForSelector('[data-testid="marker-panel"]', { state: 'detached' });
    await visitor.page.locator(`[data-marker-id="${teleport.objectId}"]`).focus();
    await visitor.page.keyboard.press('Enter');
    await visitor.page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]');
    await visitor.context.close();
  });
});
