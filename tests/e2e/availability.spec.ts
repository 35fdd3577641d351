import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const seeded = inject('seeded');

const heading = (page: Page) => page.locator('h1').textContent();

// Section 4, tour availability, end to end: real server answers, real screens, real 2 s redirects.
describe('tour availability screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a hidden tour says so and stays', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${seeded.hidden}`);
    await page.waitForSelector('[data-testid="error-hidden"]');
    expect(await heading(page)).toBe('This LiveTour is hidden from view.');
    await context.close();
  });

  it('a removed tour says so, then sends the visitor to the first tour of the list after 2 s', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${seeded.removed}`);
    await page.waitForSelector('[data-testid="error-removed"]');
    expect(await heading(page)).toBe('Oops! The LiveTour has been removed. Redirecting you to the first LiveTour of the list');
    const shownAt = Date.now();
    await page.waitForURL(`${baseUrl}/${demoTourId}*`, { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
    await page.waitForSelector('[data-testid="viewer"]');
    await context.close();
  });

  it('an offline tour shows tour-not-found; inside a group it redirects to the group\'s first open tour', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${seeded.offline}`);
    await page.waitForSelector('[data-testid="error-tour-not-found"]');
    expect(await heading(page)).toBe("Sorry, this LiveTour doesn't exist.");
    await page.goto(`${baseUrl}/${seeded.offline}?group=${seeded.group}`);
    await page.waitForSelector('[data-testid="error-tour-not-found"]');
    await page.waitForURL(`${baseUrl}/${demoTourId}*`, { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('group')).toBe(seeded.group);
    await page.waitForSelector('[data-testid="viewer"]');
    await context.close();
  });

  it('a tour without panoramas shows panoramas-not-found', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${seeded.empty}`);
    await page.waitForSelector('[data-testid="error-panoramas-not-found"]');
    await context.close();
  });

  it('the route named default opens the instance\'s default tour', async () => {
    const { page, context } = await newPage(browser);
    // The first open tour created: the demo, unless another spec of the run seeded an older open one (several do,
    // so that a removed tour of theirs never sends visitors to the demo).
    const { objectId } = (await (await fetch(`${baseUrl}/v2/buildings/default`)).json()) as { objectId: string | null };
    expect(objectId).toBeTruthy();
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector('[data-testid="viewer"]');
    expect(new URL(page.url()).pathname).toBe(`/${objectId}`);
    await context.close();
  });
});

describe('the partner layout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('is chosen by the tour\'s headquarter, and the address follows', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/${seeded.partner}?autorotate=false`);
    await page.waitForSelector('.atrium-viewer.is-partner');
    await page.waitForURL(`${baseUrl}/${seeded.partner}/partner?*`);
    await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
    await page.screenshot({ path: 'test-results/e2e/partner.png' });
    await page.goto(`${baseUrl}/${demoTourId}/partner`);
    await page.waitForSelector('.atrium-viewer:not(.is-partner)');
    await page.waitForFunction((id) => location.pathname === `/${id}`, demoTourId);
    await context.close();
  });
});
