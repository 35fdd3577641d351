import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, SHOTS } from './support/suite.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');

/**
 * Every control of the viewer a visitor can see: inside the screen, and the control itself is what a tap at its
 * centre reaches (nothing such as "Powered by" or another control lies over it). Markers in the scene are not
 * controls of the screen: they turn with the panorama and may be anywhere around it.
 */
async function unreachableControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const controls = [...document.querySelectorAll<HTMLElement>('.atrium-viewer button, .atrium-viewer a[href]')]
      .filter((el) => !el.closest('[role="dialog"], [data-marker-id]') && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden');
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const name = el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
      if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
        problems.push(`${name}: outside the screen (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)})`);
        continue;
      }
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(el === hit || el.contains(hit))) problems.push(`${name}: covered by ${hit ? (hit as HTMLElement).className || hit.tagName : 'nothing'}`);
    }
    return problems;
  });
}

describe('small phones: every viewer control is on screen and can be tapped', () => {
  const suite = browserSuite();

  for (const width of [320, 360, 390]) {
    it(`at ${width} px wide`, async () => {
      const { page, context } = await suite.pageFor({ viewport: { width, height: 700 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      // The cookie banner answered, as after a visitor's first tap.
      await context.addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
      await page.goto(`${baseUrl}/${demoTourId}?autorotate=false`);
      await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 90_000 });
      // The lazy controls (social counts, search, the panels' menu) are there before the check.
      await page.getByTestId('social-bar').waitFor({ timeout: 30_000 });
      await page.getByTestId('next').waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(SHOTS, `small-screen-${width}.png`) });
      expect(await unreachableControls(page)).toEqual([]);
    });
  }
});

/**
 * Where a tap on `testId` lands: 'itself', or what lies over it. Its centre and eight points around it (a fifth of
 * its size in from each edge): a round button over a corner of it leaves the centre free but takes taps aimed there.
 */
const tapLands = (page: Page, testId: string) => page.evaluate((id) => {
  const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!el) return 'missing';
  const r = el.getBoundingClientRect();
  for (const fx of [0.5, 0.2, 0.8]) {
    for (const fy of [0.5, 0.2, 0.8]) {
      const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      if (!hit || !(hit === el || el.contains(hit))) return `covered at (${fx}, ${fy}) by ${hit ? (hit as HTMLElement).className || hit.tagName : 'nothing'}`;
    }
  }
  return 'itself';
}, testId);

describe('the cookie question can be answered while the floating buttons show', () => {
  const suite = browserSuite();

  for (const locale of ['en', 'ar']) {
    // The banner spans narrow screens (the round buttons rise above it) and sits beside them on wider ones; a short
    // laptop screen leaves the least room between it and the menu column above.
    const viewports = [
      ['360 px phone', { width: 360, height: 700 }, true],
      ['700 px tablet', { width: 700, height: 1000 }, false],
      ['short laptop', { width: 1280, height: 600 }, false],
      ['desktop', { width: 1280, height: 800 }, false],
    ] as const;
    for (const [label, viewport, phone] of viewports) {
      it(`${locale}, ${label}`, async () => {
        const { page } = await suite.pageFor({ viewport, isMobile: phone, hasTouch: phone, deviceScaleFactor: phone ? 2 : 1 });
        await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&locale=${locale}`);
        await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 90_000 });
        // The lounge's and the comments' buttons float at the bottom inline-end corner, where the banner is too.
        for (const shown of ['cookie-banner', 'lounge-button', 'social-bar']) await page.getByTestId(shown).waitFor({ timeout: 60_000 });
        await page.waitForTimeout(500);
        await page.screenshot({ path: path.join(SHOTS, `cookie-banner-${locale}-${viewport.width}x${viewport.height}.png`) });
        expect(await tapLands(page, 'cookie-accept')).toBe('itself');
        expect(await tapLands(page, 'cookie-decline')).toBe('itself');
        // Nothing else is hidden while the question waits (the floating buttons make room for it).
        expect(await unreachableControls(page)).toEqual([]);
        await page.getByTestId('cookie-accept').click({ trial: true, timeout: 5_000 });
        await page.getByTestId('cookie-accept').click();
        await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
        expect(await tapLands(page, 'lounge-button')).toBe('itself');
      });
    }
  }
});

describe('a long float menu on a short screen', () => {
  const suite = browserSuite();

  it('stops above the lounge and chat buttons and scrolls, so neither covers the other, while the cookie question shows and after', async () => {
    const { page } = await suite.pageFor({ viewport: { width: 1280, height: 600 } });
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false`);
    await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 90_000 });
    for (const shown of ['cookie-banner', 'lounge-button', 'float-menu']) await page.getByTestId(shown).waitFor({ timeout: 60_000 });
    // An owner with every entry on (theme picker, profile, favourites, booking...): copies of the menu's last button
    // make it longer than the screen leaves room for.
    await page.evaluate(() => {
      const menu = document.querySelector('[data-testid="float-menu"]')!;
      const last = menu.lastElementChild!;
      for (let i = 0; i < 8; i++) {
        const copy = last.cloneNode(true) as HTMLElement;
        copy.setAttribute('data-testid', `extra-entry-${i}`);
        menu.appendChild(copy);
      }
    });
    const overlap = () => page.evaluate(() => {
      const menu = document.querySelector('[data-testid="float-menu"]')!.getBoundingClientRect();
      const lounge = document.querySelector('[data-testid="lounge-button"]')!.getBoundingClientRect();
      return menu.bottom > lounge.top;
    });
    await page.screenshot({ path: path.join(SHOTS, 'float-menu-long-short-laptop.png') });
    expect(await overlap()).toBe(false);
    expect(await tapLands(page, 'lounge-button')).toBe('itself');
    await page.getByTestId('extra-entry-7').scrollIntoViewIfNeeded();
    expect(await tapLands(page, 'extra-entry-7')).toBe('itself');
    await page.getByTestId('cookie-accept').click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    expect(await overlap()).toBe(false);
    expect(await tapLands(page, 'lounge-button')).toBe('itself');
  });
});
