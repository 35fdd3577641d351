import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TourSchema, type Marker, type Tour } from '../../src/protocol/tour.ts';
import { BuildingAnalyticsSchema } from '../../src/protocol/analytics.ts';
import { IDENTITY_HEADERS, TOKEN_TYPE } from '../../src/protocol/accounts.ts';
import type { AnalyticsAccount } from './support/seedAnalytics.ts';
import { browserSuite, type PageOptions } from './support/suite.ts';
import { collectConsoleErrors } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const seed = inject('analytics');
const SHOTS = path.resolve('test-results/e2e');

const headersOf = (a: AnalyticsAccount) => ({ [IDENTITY_HEADERS.tokenType]: TOKEN_TYPE, [IDENTITY_HEADERS.token]: a.token, [IDENTITY_HEADERS.userId]: a.userId });

/** The first marker that opens a panel (not a teleport), with its panorama's position. */
function openableMarker(tour: Tour): { marker: Marker; panoramaIndex: number } {
  for (const [panoramaIndex, panorama] of tour.panoramas.entries()) {
    const marker = panorama.markers.find((m) => m.type !== 'point' && m.type !== 'teleport' && !m.nextPanoramaId);
    if (marker) return { marker, panoramaIndex };
  }
  throw new Error('the demo tour has no openable marker');
}

/** What the server recorded, read from its database. */
function recorded<T>(query: string, ...params: unknown[]): T[] {
  const db = new Database(seed.databaseFile, { readonly: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

describe('visitor statistics', () => {
  const suite = browserSuite();
  let tour: Tour;
  beforeAll(async () => {
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
  });
  const pageFor = (opts: PageOptions = {}) => suite.pageFor(opts);
  /** A page signed in as `account`: consent given and the session token kept, as after a real sign-in. */
  const signedInPage = async (account: AnalyticsAccount) => {
    // Tall enough to show the whole page in one screenshot (it scrolls inside itself, so fullPage cannot).
    const made = await pageFor({ viewport: { width: 1280, height: 1100 } });
    await made.context.addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
    await made.page.addInitScript((token) => localStorage.setItem('atrium.sessionToken', token), account.token);
    return made.page;
  };

  it('records a visit from ?ref=facebook, removes ref from the address, and counts a marker opened', async () => {
    const { page } = await pageFor();
    const errors = collectConsoleErrors(page);
    const { marker, panoramaIndex } = openableMarker(tour);
    const created = page.waitForResponse((r) => r.url().endsWith('/v2/visitorhistory') && r.request().method() === 'POST', { timeout: 90_000 });
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&ref=facebook&index=${panoramaIndex + 1}`);
    const answer = await created;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ buildingId: demoTourId, linkSource: 'facebook' });
    const { visitorHistoryId } = (await answer.json()) as { visitorHistoryId: string };
    // Viewing time: after five visible seconds the total goes to the server, which keeps it (within wall time).
    const patched = page.waitForResponse((r) => r.url().endsWith(`/v2/visitorhistory/${visitorHistoryId}`) && r.request().method() === 'PATCH');
    // The history was created after the first view; by then the address has lost its ref but kept the rest.
    const address = new URL(page.url());
    expect(address.searchParams.has('ref')).toBe(false);
    expect(address.searchParams.get('autorotate')).toBe('false');
    expect(recorded('select building_id, link_source from visitor_histories where id = ?', visitorHistoryId)).toEqual([{ building_id: demoTourId, link_source: 'facebook' }]);

    const counted = page.waitForResponse((r) => r.url().endsWith('/v2/clickcount'));
    const button = page.locator(`[data-marker-id="${marker.objectId}"]`);
    await button.waitFor({ state: 'attached' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="marker-panel"]');
    expect(await (await counted).json()).toEqual({ counted: true });
    // Other suites open markers too: only this visit's clicks are looked at.
    const clicks = recorded('select c.identifier, c.identifier_id from click_counts c join visitor_histories h on h.visitor_key = c.visitor_key where h.id = ?', visitorHistoryId);
    expect(clicks).toEqual([{ identifier: 'marker', identifier_id: marker.objectId }]);
    const update = await patched;
    expect(update.request().postDataJSON()).toEqual({ viewingSeconds: 5 });
    expect(await update.json()).toEqual({ visitorHistoryId, viewingSeconds: 5 });
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });

  it('shows the owner the charts with the server\'s figures and downloads the CSV', async () => {
    const api = await fetch(`${baseUrl}/v2/analytics/buildings/${demoTourId}?from=${new Date(Date.now() - 29 * 864e5).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`, { headers: headersOf(seed.owner) });
    expect(api.status).toBe(200);
    const figures = BuildingAnalyticsSchema.parse(await api.json());
    expect(figures.views).toBeGreaterThanOrEqual(1);
    expect(figures.linkSources.find((s) => s.source === 'facebook')?.views).toBeGreaterThanOrEqual(1);
    const { marker } = openableMarker(tour);
    const top = figures.topMarkers.find((m) => m.markerId === marker.objectId);
    expect(top?.clicks).toBeGreaterThanOrEqual(1);

    const page = await signedInPage(seed.owner);
    const errors = collectConsoleErrors(page);
    // The owner gets there from the tour in the studio.
    await page.goto(`${baseUrl}/studio/${demoTourId}`);
    await page.getByTestId('studio-open-analytics').click({ timeout: 60_000 });
    await page.waitForSelector('[data-testid="views-chart"]', { timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(`/analytics/${demoTourId}`);
    expect(await page.textContent('[data-testid="summary-views"]')).toBe(String(figures.views));
    expect(await page.textContent('[data-testid="summary-visitors"]')).toBe(String(figures.uniqueVisitors));
    expect(await page.getAttribute('[data-testid="range-30"]', 'aria-pressed')).toBe('true');
    // One bar per day; today's bar carries today's views; the table says the same for screen readers.
    expect(await page.locator('[data-testid="views-bar"]').count()).toBe(30);
    expect(await page.locator('[data-testid="views-bar"]').last().getAttribute('data-views')).toBe(String(figures.viewsPerDay.at(-1)!.views));
    expect(await page.locator('[data-testid="views-table"] tbody tr').count()).toBe(30);
    expect(await page.locator('[data-testid="source-bar-facebook"]').count()).toBe(1);
    expect(await page.textContent(`[data-testid="top-marker-${marker.objectId}"]`)).toContain(top!.name);
    await page.screenshot({ path: path.join(SHOTS, 'analytics-page.png') });

    await page.click('[data-testid="range-7"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="views-bar"]').length === 7);
    expect(await page.getAttribute('[data-testid="range-7"]', 'aria-pressed')).toBe('true');

    const download = page.waitForEvent('download');
    await page.click('[data-testid="analytics-export"]');
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8').split('\r\n');
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^analytics-${demoTourId}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(csv[0]).toBe('section,key,label,value');
    expect(csv).toContain(`summary,views,,${figures.views}`);
    expect(csv.some((line) => line.startsWith('link_source,facebook,,'))).toBe(true);
    expect(csv.some((line) => line.startsWith(`marker,${marker.objectId},`))).toBe(true);
    // Arabic: the page mirrors (dir=rtl) and the charts still read left to right.
    await page.goto(`${baseUrl}/analytics/${demoTourId}?locale=ar`);
    await page.waitForSelector('[data-testid="views-chart"]', { timeout: 30_000 });
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.textContent('h1')).toBe('إحصاءات الزوار');
    await page.screenshot({ path: path.join(SHOTS, 'analytics-page-ar.png') });
    expect(errors).toEqual([]);
  });

  it('tells another owner that the tour is not theirs, and a signed-out visitor to sign in', async () => {
    const stranger = await signedInPage(seed.stranger);
    await stranger.goto(`${baseUrl}/analytics/${demoTourId}`);
    await stranger.waitForSelector('[data-testid="analytics-forbidden"]');
    expect(await stranger.textContent('[data-testid="analytics-forbidden"]')).toContain('not your tour');
    expect(await stranger.locator('[data-testid="views-chart"]').count()).toBe(0);

    const { page } = await pageFor();
    await page.goto(`${baseUrl}/analytics/${demoTourId}`);
    await page.waitForSelector('[data-testid="analytics-signed-out"]');
    expect(await page.getAttribute('[data-testid="analytics-signed-out"] a', 'href')).toBe(`/login?next=${encodeURIComponent(`/analytics/${demoTourId}`)}`);
  });
});
