import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionAnswer } from '../../src/protocol/accounts.ts';
import type { FavoritesAnswer } from '../../src/protocol/favorites.ts';
import { TourSchema, type Marker, type Tour } from '../../src/protocol/tour.ts';
import { IDENTITY_HEADERS } from '../../src/protocol/identity.ts';
import { TOKEN_TYPE } from '../../src/protocol/accounts.ts';
import { collectConsoleErrors, installIwer } from './support/browser.ts';
import { enterVR, frames, press, waitForTarget } from './support/xr.ts';
import { browserSuite, freshEmail, SHOTS } from './support/suite.ts';
import { rowInserter } from './support/rowInserter.ts';
import { joinLounge } from './support/loungeSocket.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const databaseFile = inject('analytics').databaseFile;
const TOUR = 'e2eFavouritesTour';
const COMPANY = { id: 'e2eFavouritesCompany', name: 'Harbour Oak Works' };
const PASSWORD = 'harbour42house';

/**
 * A copy of the demo tour (panoramas and markers) with myFavoriteEnable on: favourites saved here never show on the
 * demo, which other specs share. Older than the demo, so the demo stays the first tour of the list (where a removed
 * tour sends its visitors, whichever spec runs first).
 */
function seedFavouritesTour(): void {
  const db = new Database(databaseFile);
  try {
    const demo = db.prepare('select * from buildings where id = ?').get(demoTourId) as Record<string, unknown>;
    const insert = rowInserter(db);
    const created = new Date(Date.parse(String(demo.created_at)) - 240_000).toISOString();
    insert('buildings', { ...demo, id: TOUR, name: 'Harbour House (favourites)', name_multi: '{}', created_at: created, my_favorite_enable: 1 });
    const panoramas = db.prepare('select * from panoramas where building_id = ?').all(demoTourId) as Array<Record<string, unknown>>;
    const ids = new Set(panoramas.map((p) => String(p.id)));
    // Every reference to a demo panorama or to the demo tour points at this copy's own.
    const moved = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && ids.has(v) ? `${v}${TOUR}` : v === demoTourId ? TOUR : v]));
    for (const p of panoramas) insert('panoramas', { ...moved(p), id: `${String(p.id)}${TOUR}` });
    // The tag markers belong to a company, which the marker panel shows with its own heart.
    const now = new Date().toISOString();
    insert('companies', {
      id: COMPANY.id, headquarter_id: demo.headquarter_id, name: COMPANY.name, name_multi: '{}', description: 'Oak furniture, made to order.',
      category: null, logo_url: null, email: null, privacy: null, terms: null, created_at: now, updated_at: now,
    });
    for (const m of db.prepare('select * from markers where building_id = ?').all(demoTourId) as Array<Record<string, unknown>>) {
      insert('markers', { ...moved(m), id: `${String(m.id)}${TOUR}`, company_id: m.type === 'tag' ? COMPANY.id : m.company_id });
    }
  } finally {
    db.close();
  }
}

async function signUp(email: string): Promise<SessionAnswer> {
  const res = await fetch(`${baseUrl}/v2/users/signup`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Fay', lastName: 'Vourite', agreeTerms: true }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SessionAnswer;
}

async function favouritesOf(account: SessionAnswer): Promise<FavoritesAnswer> {
  const res = await fetch(`${baseUrl}/v2/users/favorites`, {
    headers: { [IDENTITY_HEADERS.tokenType]: TOKEN_TYPE, [IDENTITY_HEADERS.token]: account.sessionToken, [IDENTITY_HEADERS.userId]: account.objectId },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as FavoritesAnswer;
}

/** The first tag marker of the tour (a product: name, price, photo), with its panorama's index. */
function firstTag(tour: Tour): { marker: Marker; index: number } {
  for (const [index, p] of tour.panoramas.entries()) {
    const marker = p.markers.find((m) => m.type === 'tag');
    if (marker) return { marker, index };
  }
  throw new Error('the demo has a tag marker');
}

async function openViewer(page: Page, index: number): Promise<void> {
  await page.goto(`${baseUrl}/${TOUR}?autorotate=false&index=${index + 1}`);
  await page.waitForSelector(`[data-testid="viewer"][data-panorama-index="${index}"]`);
  // The menu's heart shows once the tour said it offers favourites (after the first view).
  await page.waitForSelector('[data-testid="open-favourites"]', { timeout: 60_000 });
}

async function openMarker(page: Page, marker: Marker): Promise<void> {
  const button = page.locator(`[data-marker-id="${marker.objectId}"]`);
  await button.waitFor({ state: 'attached' });
  await button.focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="marker-panel"]');
}

/** Hearts the marker in its panel and the second panorama in the panorama list. */
async function heartMarkerAndPanorama(page: Page, marker: Marker): Promise<void> {
  await openMarker(page, marker);
  // The marker's own heart, in its header (the company under it has one too).
  const heart = page.locator('[data-testid="marker-panel"] header [data-testid="favourite-heart"]');
  expect(await heart.getAttribute('aria-pressed')).toBe('false');
  await heart.click();
  await page.waitForSelector('[data-testid="marker-panel"] header [data-testid="favourite-heart"][aria-pressed="true"]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="marker-panel"]', { state: 'detached' });
  await page.click('[data-testid="panobar-toggle"]');
  const entryHeart = page.locator('[data-testid="panobar"] li').nth(1).getByTestId('favourite-heart');
  await entryHeart.click();
  await page.waitForSelector('[data-testid="panobar"] li:nth-child(2) [data-testid="favourite-heart"][aria-pressed="true"]');
  await page.click('[data-testid="panobar-toggle"]');
  await page.waitForSelector('[data-testid="favourites-count"]:has-text("2")');
}

const hasPdfToText = () => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const noteOf = (page: Page, key: string) => page.locator(`[data-testid="favourite"][data-key="${key}"]`);

describe('favourites: hearts, the dialog with notes, and an anonymous visitor\'s picks kept after sign-in', () => {
  const suite = browserSuite();
  let tour: Tour;
  beforeAll(async () => {
    seedFavouritesTour();
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${TOUR}`)).json());
  });

  it('a signed-in visitor hearts a marker and a panorama, writes a note (the limit says so), removes with undo, exports the PDF, goes there', async () => {
    const account = await signUp(freshEmail('fay.signed'));
    const { page } = await suite.pageFor({ viewport: { width: 1280, height: 800 } });
    const errors = collectConsoleErrors(page);
    await page.context().addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
    await page.addInitScript((t) => localStorage.setItem('atrium.sessionToken', t), account.sessionToken);
    const { marker, index } = firstTag(tour);
    await openViewer(page, index);
    await heartMarkerAndPanorama(page, marker);
    const second = tour.panoramas[1]!;

    await page.click('[data-testid="open-favourites"]');
    await page.waitForSelector('[data-testid="favourites"]');
    expect(await page.getByTestId('favourites-sign-in-hint').count()).toBe(0);
    expect(await page.locator('[data-testid="favourites-group-marker"] [data-testid="favourite-title"]').innerText()).toBe(marker.name);
    expect(await page.locator('[data-testid="favourites-group-panorama"] [data-testid="favourite-title"]').innerText()).toBe(second.name);

    const markerRow = noteOf(page, `marker:${marker.objectId}`);
    await markerRow.getByTestId('favourite-note').fill('x'.repeat(501));
    await markerRow.getByTestId('favourite-note-save').click();
    await markerRow.locator('[data-testid="favourite-note-status"]:has-text("Notes are limited to 500 letters.")').waitFor();
    await markerRow.getByTestId('favourite-note').fill('For the hall, ask about blue fabric');
    await markerRow.getByTestId('favourite-note-save').click();
    await markerRow.locator('[data-testid="favourite-note-status"]:has-text("Note saved.")').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'favourites-dialog.png') });

    let stored = await favouritesOf(account);
    expect(stored.favorites.map((f) => `${f.identifier}:${f.identifierId}:${f.note}`).sort()).toEqual([
      `marker:${marker.objectId}:For the hall, ask about blue fabric`, `panorama:${second.objectId}:`,
    ]);

    // Remove, then undo: the panorama comes back where it was.
    await noteOf(page, `panorama:${second.objectId}`).getByTestId('favourite-remove').click();
    await page.waitForSelector('[data-testid="favourites-undo-bar"]');
    await expect.poll(async () => (await favouritesOf(account)).favorites.length).toBe(1);
    await page.click('[data-testid="favourites-undo"]');
    await noteOf(page, `panorama:${second.objectId}`).waitFor();
    await expect.poll(async () => (await favouritesOf(account)).favorites.length).toBe(2);

    // Export: the PDF downloads, and reads back with the favourite's name and note (poppler's pdftotext).
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('[data-testid="favourites-export"]')]);
    const pdfFile = path.join(SHOTS, 'favourites-export.pdf');
    await download.saveAs(pdfFile);
    expect(fs.readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPdfToText()) {
      const text = execFileSync('pdftotext', [pdfFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain(marker.name);
      expect(text).toContain('For the hall, ask about blue fabric');
      expect(text).toContain(second.name);
    }

    // "Go there" opens the second panorama.
    await noteOf(page, `panorama:${second.objectId}`).getByTestId('favourite-go').click();
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]');
    expect(await page.getByTestId('favourites').count()).toBe(0);
    stored = await favouritesOf(account);
    expect(stored.favorites).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('a company on a marker and a person in the lounge are kept, each in its category', async () => {
    const account = await signUp(freshEmail('fay.company'));
    const lou = await signUp(freshEmail('lou.lounge'));
    const db = new Database(databaseFile);
    try {
      db.prepare('update users set name = ? where id = ?').run('Lou Lounge', lou.objectId);
    } finally {
      db.close();
    }
    const louInLounge = await joinLounge(baseUrl, lou.sessionToken, TOUR);
    try {
      const { page } = await suite.pageFor({ viewport: { width: 1280, height: 800 } });
      const errors = collectConsoleErrors(page);
      await page.context().addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
      await page.addInitScript((t) => localStorage.setItem('atrium.sessionToken', t), account.sessionToken);
      const { marker, index } = firstTag(tour);
      await openViewer(page, index);
      await openMarker(page, marker);
      const company = page.getByTestId('marker-company');
      await company.waitFor({ timeout: 30_000 });
      expect(await company.innerText()).toContain(COMPANY.name);
      await company.getByTestId('favourite-heart').click();
      await company.locator('[data-testid="favourite-heart"][aria-pressed="true"]').waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'favourites-company-heart.png') });
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid="marker-panel"]', { state: 'detached' });

      await page.getByTestId('lounge-button').click({ timeout: 90_000 });
      const row = page.locator(`[data-testid="lounge-person"][data-user-id="${lou.objectId}"]`);
      await row.waitFor({ timeout: 30_000 });
      await row.getByTestId('favourite-heart').click();
      await row.locator('[data-testid="favourite-heart"][aria-pressed="true"]').waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'favourites-lounge-heart.png') });

      // The lounge's panel lies over the float menu: closed with Escape, then the dialog lists both in their categories.
      await page.keyboard.press('Escape');
      await page.getByTestId('lounge-panel').waitFor({ state: 'detached' });
      await page.click('[data-testid="open-favourites"]');
      await page.waitForSelector('[data-testid="favourites"]');
      await expect.poll(() => page.locator('[data-testid="favourites-group-company"] [data-testid="favourite-title"]').innerText()).toBe(COMPANY.name);
      await expect.poll(() => page.locator('[data-testid="favourites-group-user"] [data-testid="favourite-title"]').innerText()).toBe('Lou Lounge');
      await page.screenshot({ path: path.join(SHOTS, 'favourites-company-person.png') });
      const stored = await favouritesOf(account);
      expect(stored.favorites.map((f) => `${f.identifier}:${f.identifierId}`).sort()).toEqual([`company:${COMPANY.id}`, `user:${lou.objectId}`]);
      expect(errors).toEqual([]);
    } finally {
      louInLounge.disconnect();
    }
  });

  it('an anonymous visitor\'s picks stay in memory before consent, then join the account after signing in', async () => {
    const email = freshEmail('fay.anonymous');
    const account = await signUp(email);
    const { page } = await suite.pageFor({ viewport: { width: 1280, height: 800 } });
    const errors = collectConsoleErrors(page);
    const { marker, index } = firstTag(tour);
    await openViewer(page, index);
    await heartMarkerAndPanorama(page, marker);
    await page.click('[data-testid="open-favourites"]');
    await page.waitForSelector('[data-testid="favourites-sign-in-hint"]');
    const markerRow = noteOf(page, `marker:${marker.objectId}`);
    // The anonymous list shows the same names as an account's (the server resolves them).
    await markerRow.locator(`[data-testid="favourite-title"]:has-text("${marker.name}")`).waitFor();
    await markerRow.getByTestId('favourite-note').fill('Compare with the one downstairs');
    await markerRow.getByTestId('favourite-note-save').click();
    await markerRow.locator('[data-testid="favourite-note-status"]:has-text("Note saved.")').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'favourites-anonymous.png') });
    // Section 9: no consent given, so nothing is written to the device.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('favourites')))).toEqual([]);

    await page.click('[data-testid="favourites-sign-in"]');
    await page.waitForSelector('[data-testid="login-form"]');
    await page.fill('[data-testid="field-login-username"]', email);
    await page.fill('[data-testid="field-login-password"]', PASSWORD);
    await page.click('[data-testid="login-submit"]');
    await page.waitForSelector('[data-testid="viewer"]');
    await page.waitForSelector('[data-testid="favourites-count"]:has-text("2")', { timeout: 60_000 });
    await expect.poll(async () => (await favouritesOf(account)).favorites.length, { timeout: 20_000 }).toBe(2);
    const stored = await favouritesOf(account);
    expect(stored.favorites.find((f) => f.identifier === 'marker')?.note).toBe('Compare with the one downstairs');
    await page.click('[data-testid="open-favourites"]');
    await page.waitForSelector('[data-testid="favourites"]');
    expect(await page.getByTestId('favourites-sign-in-hint').count()).toBe(0);
    expect(await page.getByTestId('favourite').count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('in a headset: the in-world favourites list goes to a pick, removes one and puts it back', { timeout: 240_000 }, async () => {
    const { page } = await suite.pageFor({ viewport: { width: 1280, height: 800 } });
    const errors = collectConsoleErrors(page);
    await installIwer(page);
    const { marker, index } = firstTag(tour);
    await openViewer(page, index);
    await heartMarkerAndPanorama(page, marker);
    await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
    await enterVR(page);
    await waitForTarget(page, 'menu:favourites');
    await press(page, 'menu:favourites');
    await page.waitForFunction(() => window.__atriumXR?.openPanel === 'favourites', undefined, { timeout: 30_000 });
    await waitForTarget(page, 'favourites:remove:1');
    await frames(page, 20);
    await page.screenshot({ path: path.join(SHOTS, 'favourites-vr.png') });
    // Remove the panorama (listed after the marker), then put it back.
    await press(page, 'favourites:remove:1');
    await page.waitForSelector('[data-testid="favourites-count"]:has-text("1")');
    await waitForTarget(page, 'favourites:undo');
    await press(page, 'favourites:undo');
    await page.waitForSelector('[data-testid="favourites-count"]:has-text("2")');
    // Go to the panorama: the wearer is taken there and the list closes.
    await waitForTarget(page, 'favourites:go:1');
    await press(page, 'favourites:go:1');
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]', { state: 'attached', timeout: 30_000 });
    await page.waitForFunction(() => window.__atriumXR?.openPanel !== 'favourites', undefined, { timeout: 30_000 });
    expect(errors).toEqual([]);
  });
});
