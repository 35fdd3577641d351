import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import Database from 'better-sqlite3';
import { TourSchema, type Marker, type Tour } from '../../src/protocol/tour.ts';
import type { AnalyticsAccount } from './support/seedAnalytics.ts';
import { axeViolations } from './support/axe.ts';
import { rowInserter } from './support/rowInserter.ts';
import { browserSuite, freshEmail, SHOTS } from './support/suite.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const { owner, databaseFile } = inject('analytics');
const TOUR = 'e2eAccessibilityTour';

/**
 * A copy of the demo tour (panoramas and markers) with favourites on and music playing, so their controls are
 * audited too, without changing the demo other specs share. Settings live in the database: the favourites switch is
 * read by the server, and request interception (page.route) would cost the page its realtime socket, which the
 * comments and the lounge need. Older than the demo, so the demo stays the first tour of the list.
 */
function seedTour(music: string): void {
  const db = new Database(databaseFile);
  try {
    const demo = db.prepare('select * from buildings where id = ?').get(demoTourId) as Record<string, unknown>;
    const insert = rowInserter(db);
    const created = new Date(Date.parse(String(demo.created_at)) - 300_000).toISOString();
    insert('buildings', { ...demo, id: TOUR, name: 'Harbour House (accessibility)', name_multi: '{}', created_at: created, my_favorite_enable: 1, music });
    const panoramas = db.prepare('select * from panoramas where building_id = ?').all(demoTourId) as Array<Record<string, unknown>>;
    const ids = new Set(panoramas.map((p) => String(p.id)));
    const moved = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && ids.has(v) ? `${v}${TOUR}` : v === demoTourId ? TOUR : v]));
    for (const p of panoramas) insert('panoramas', { ...moved(p), id: `${String(p.id)}${TOUR}` });
    for (const m of db.prepare('select * from markers where building_id = ?').all(demoTourId) as Array<Record<string, unknown>>) {
      insert('markers', { ...moved(m), id: `${String(m.id)}${TOUR}` });
    }
  } finally {
    db.close();
  }
}

// The panorama is WebGL pixels, not DOM: axe has nothing to judge inside the canvas (its hotspots are DOM buttons
// outside it, and are audited).
const CANVAS = ['[data-testid="viewer"] canvas'];

/** A viewer panel opened the way a visitor opens it, then closed again. */
interface Step { name: string; open: (page: Page) => Promise<void>; close: (page: Page) => Promise<void> }

const byEscape = (selector: string) => async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.waitForSelector(selector, { state: 'detached' });
};

const dialogStep = (name: string, opener: string, shown: string): Step => ({
  name,
  open: async (page) => {
    await page.click(`[data-testid="${opener}"]`);
    await page.waitForSelector(shown);
  },
  close: byEscape(shown.split(' ')[0]!),
});

const VIEWER_STEPS: Step[] = [
  dialogStep('information', 'open-info', '[data-testid="panel-info"]'),
  dialogStep('building information', 'open-building', '[data-testid="panel-building"]'),
  dialogStep('owner information', 'open-owner', '[data-testid="panel-owner"]'),
  dialogStep('floor plan', 'open-floorplan', '[data-testid="panel-floorplan"] img'),
  dialogStep('location map', 'open-location', '[data-testid="location-map"] [data-testid="location-marker"]'),
  dialogStep('share', 'open-share', '[data-testid="share-qr"]'),
  {
    name: 'search with results',
    open: async (page) => {
      await page.click('[data-testid="open-search"]');
      await page.waitForSelector('[data-testid="panel-search"]');
      await page.keyboard.type('lamp');
      await page.waitForSelector('[data-testid="search-result"]');
    },
    close: byEscape('[data-testid="panel-search"]'),
  },
  dialogStep('favourites', 'open-favourites', '[data-testid="favourites"]'),
  {
    name: 'panorama list',
    open: async (page) => {
      await page.click('[data-testid="panobar-toggle"]');
      await page.waitForSelector('[data-testid="panobar"]');
    },
    close: async (page) => {
      await page.click('[data-testid="panobar-toggle"]');
      await page.waitForSelector('[data-testid="panobar"]', { state: 'detached' });
    },
  },
  {
    name: 'comments',
    open: async (page) => {
      await page.click('[data-testid="open-comments"]');
      await page.waitForSelector('[data-testid="panel-comments"][data-state="ready"]');
    },
    close: async (page) => {
      await page.click('[data-testid="panel-comments-close"]');
      await page.waitForSelector('[data-testid="panel-comments"]', { state: 'detached' });
    },
  },
  dialogStep('lounge', 'lounge-button', '[data-testid="lounge-panel"]'),
  {
    name: 'meeting menu',
    open: async (page) => {
      await page.click('[data-testid="meeting-button"]');
      await page.waitForSelector('[data-testid="meeting-button"][aria-pressed="true"]');
    },
    close: async (page) => {
      await page.click('[data-testid="meeting-button"]');
      await page.waitForSelector('[data-testid="meeting-button"][aria-pressed="false"]');
    },
  },
];

/** The first product (tag) marker of the tour, with its panorama's index. */
function firstTag(tour: Tour): { marker: Marker; index: number } {
  for (const [index, p] of tour.panoramas.entries()) {
    const marker = p.markers.find((m) => m.type === 'tag');
    if (marker) return { marker, index };
  }
  throw new Error('the demo has a tag marker');
}

/** Every violation, one per line: rule id, element and help, so a failure says what to fix. */
const report = (violations: string[]) => `${violations.length} accessibility violations:\n${violations.join('\n')}`;

describe('accessibility (axe-core, WCAG 2.0-2.2 A and AA)', () => {
  const suite = browserSuite(['--autoplay-policy=no-user-gesture-required']);
  let tour: Tour;
  beforeAll(async () => {
    const demo = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
    // The demo's own chime (its narration marker's sound) as the tour's music: a real sound the server serves.
    const chime = demo.panoramas.flatMap((p) => p.markers).find((m) => m.type === 'narration')?.link;
    expect(chime, 'the demo has a narration').toBeTruthy();
    seedTour(chime!);
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${TOUR}`)).json());
  });

  const openViewer = async (page: Page, query: string, index = 0) => {
    await page.goto(`${baseUrl}/${TOUR}?autorotate=false&index=${index + 1}${query}`);
    await page.waitForSelector(`[data-testid="viewer"][data-panorama-index="${index}"]`, { timeout: 60_000 });
    await page.waitForSelector('[data-testid="float-menu"]', { timeout: 60_000 });
  };

  /** Opens each step in turn, audits it, takes its picture and closes it again. */
  const auditSteps = async (page: Page, where: string, steps: Step[]) => {
    const found: string[] = [];
    for (const step of steps) {
      await step.open(page);
      found.push(...await axeViolations(page, `${where}, ${step.name}`, CANVAS));
      await page.screenshot({ path: path.join(SHOTS, `a11y-${where.replace(/\s+/g, '-')}-${step.name.replace(/\s+/g, '-')}.png`) });
      await step.close(page);
    }
    return found;
  };

  for (const locale of ['en', 'ar']) {
    it(`the viewer (${locale}), then each of its panels opened in turn`, async () => {
      const { page } = await suite.pageFor();
      const query = `&locale=${locale}`;
      await openViewer(page, query);
      // Audit once the lazy layers (music, favourites, comments, lounge, cookie question) are on screen, not the first paint alone.
      for (const shown of ['music-player', 'open-favourites', 'open-comments', 'lounge-button', 'cookie-banner']) {
        await page.waitForSelector(`[data-testid="${shown}"]`, { timeout: 60_000 });
      }
      const found = await axeViolations(page, `viewer ${locale}`, CANVAS);
      await page.screenshot({ path: path.join(SHOTS, `a11y-viewer-${locale}.png`) });
      found.push(...await auditSteps(page, `viewer ${locale}`, VIEWER_STEPS));
      // The marker panel of a product, opened from its hotspot with the keyboard.
      const { marker, index } = firstTag(tour);
      await openViewer(page, query, index);
      const hotspot = page.locator(`[data-marker-id="${marker.objectId}"]`);
      await hotspot.waitFor({ state: 'attached' });
      await hotspot.focus();
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid="marker-panel"]');
      found.push(...await axeViolations(page, `viewer ${locale}, product marker panel`, CANVAS));
      await page.screenshot({ path: path.join(SHOTS, `a11y-viewer-${locale}-marker.png`) });
      expect(found, report(found)).toEqual([]);
    }, 400_000);
  }

  it('the sign-in and sign-up pages, empty and with their error messages', async () => {
    const { page } = await suite.pageFor();
    const found: string[] = [];
    for (const locale of ['en', 'ar']) {
      await page.goto(`${baseUrl}/login?locale=${locale}`);
      await page.waitForSelector('[data-testid="login-form"]');
      found.push(...await axeViolations(page, `login ${locale}`));
      await page.fill('[data-testid="field-login-username"]', freshEmail('nobody'));
      await page.fill('[data-testid="field-login-password"]', 'wrong42password');
      await page.click('[data-testid="login-submit"]');
      await page.waitForSelector('[data-testid="login-failure"]');
      found.push(...await axeViolations(page, `login ${locale}, refused`));
      await page.screenshot({ path: path.join(SHOTS, `a11y-login-${locale}.png`) });
      await page.goto(`${baseUrl}/signup?locale=${locale}`);
      await page.waitForSelector('[data-testid="signup-form"]');
      found.push(...await axeViolations(page, `sign-up ${locale}`));
      await page.click('[data-testid="signup-submit"]');
      await page.waitForSelector('[data-testid="error-signup-email"]');
      found.push(...await axeViolations(page, `sign-up ${locale}, errors`));
      await page.screenshot({ path: path.join(SHOTS, `a11y-signup-${locale}.png`), fullPage: true });
    }
    expect(found, report(found)).toEqual([]);
  }, 200_000);

  /** A page signed in as the demo tour's owner: consent given and the session token kept, as after a real sign-in. */
  const signedInPage = async (account: AnalyticsAccount) => {
    const { page, context } = await suite.pageFor();
    await context.addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
    await page.addInitScript((token) => localStorage.setItem('atrium.sessionToken', token), account.token);
    return page;
  };

  it('the studio signed in: the tour list, each tab of a tour\'s editor, and its statistics', async () => {
    const page = await signedInPage(owner);
    const found: string[] = [];
    await page.goto(`${baseUrl}/studio`);
    await page.waitForSelector(`[href="/studio/${demoTourId}"]`, { timeout: 60_000 });
    found.push(...await axeViolations(page, 'studio tour list'));
    await page.screenshot({ path: path.join(SHOTS, 'a11y-studio-tours.png') });
    await page.click('[data-testid="studio-new-tour"]');
    await page.waitForSelector('[data-testid="studio-tour-name"]');
    found.push(...await axeViolations(page, 'studio new tour form'));
    await page.goto(`${baseUrl}/studio/${demoTourId}`);
    await page.waitForSelector('[data-testid="studio-settings"]', { timeout: 60_000 });
    const tabs = await page.locator('[role="tab"]').evaluateAll((els) => els.map((e) => e.id));
    expect(tabs.length).toBeGreaterThan(3);
    for (const id of tabs) {
      await page.click(`#${id}`);
      await page.waitForSelector(`#${id}[aria-selected="true"]`);
      await page.waitForSelector(`[role="tabpanel"][aria-labelledby="${id}"]`);
      // Lazy tabs show a spinner first: audit what they settle on.
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      await page.waitForTimeout(500);
      found.push(...await axeViolations(page, `studio editor, ${id}`, ['canvas']));
      await page.screenshot({ path: path.join(SHOTS, `a11y-studio-${id}.png`), fullPage: true });
    }
    await page.goto(`${baseUrl}/analytics/${demoTourId}`);
    await page.waitForSelector('[data-testid="views-chart"]', { timeout: 30_000 });
    found.push(...await axeViolations(page, 'analytics'));
    await page.screenshot({ path: path.join(SHOTS, 'a11y-analytics.png') });
    expect(found, report(found)).toEqual([]);
  }, 300_000);
});
