import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TourSchema, type Marker, type Tour } from '../../src/protocol/tour.ts';
import { collectConsoleErrors, installIwer } from './support/browser.ts';
import { browserSuite, SHOTS } from './support/suite.ts';
import { enterVR, frames, openFromMenu, press, waitForTarget } from './support/xr.ts';

// The in-world comments and search panels in the real built viewer under IWER (Meta Quest 3): opened from the
// in-world menu by ray, a comment typed into the field (the hidden input the system keyboard would type into),
// posted and replied to; another visitor's comment arrives live; a search result opens its marker beside it.
const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');

const shown = (page: Page, panel: string) => page.evaluate((p) => window.__atriumXR?.shown?.[p] ?? [], panel);
const waitShown = (page: Page, panel: string, text: string, timeout = 30_000) =>
  page.waitForFunction(([p, t]) => (window.__atriumXR?.shown?.[p!] ?? []).includes(t!), [panel, text], { timeout });

/** Presses an in-world field and checks the page's keyboard now types into its hidden input. */
async function typeInto(page: Page, field: string, input: string, text: string) {
  await press(page, field);
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, input, { timeout: 10_000 });
  await page.keyboard.type(text);
}

describe('in-world comments and search in the real viewer (IWER, Meta Quest 3)', () => {
  const suite = browserSuite();
  let lamp: { marker: Marker; panoramaIndex: number };
  beforeAll(async () => {
    const tour: Tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${demoTourId}`)).json());
    const panoramaIndex = tour.panoramas.findIndex((p) => p.markers.some((m) => m.name === 'Tide pendant lamp'));
    lamp = { marker: tour.panoramas[panoramaIndex]!.markers.find((m) => m.name === 'Tide pendant lamp')!, panoramaIndex };
  });

  const cases = [
    { locale: 'en', mine: 'Lovely light in the kitchen', reply: 'And the view from the window', others: 'Is the terrace south facing?', query: 'pendant' },
    { locale: 'ar', mine: 'إضاءة جميلة في المطبخ', reply: 'والمنظر من النافذة رائع', others: 'هل الشرفة تواجه الجنوب؟', query: 'مصباح' },
  ];
  // About 250 s each on a shared 2-core machine under SwiftShader (measured): room to spare.
  for (const c of cases) {
    it(`reads, posts and replies to comments, and opens a marker from a search result in VR (${c.locale})`, { timeout: 420_000 }, async () => {
      const { page } = await suite.pageFor();
      const errors = collectConsoleErrors(page);
      page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} ${r.url()}`));
      await installIwer(page);
      await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&locale=${c.locale}`);
      await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
      await enterVR(page);
      await page.waitForFunction(() => ['search', 'comments'].every((id) => (window.__atriumXR?.menu ?? []).includes(id)), undefined, { timeout: 60_000 });
      // Slots 40 and 50: after information and the panorama list, before share.
      const menu = await page.evaluate(() => window.__atriumXR?.menu ?? []);
      expect(menu.indexOf('search')).toBeLessThan(menu.indexOf('comments'));
      expect(menu.indexOf('info')).toBeLessThan(menu.indexOf('search'));

      // Comments: the first batch loads when the panel opens.
      await openFromMenu(page, 'comments');
      await waitForTarget(page, 'comments:field');
      await page.waitForFunction(() => window.__atriumXR?.shown?.comments !== undefined, undefined, { timeout: 30_000 });

      // Another visitor, on a flat screen, comments: it arrives live on top of the wearer's first page.
      const { page: other } = await suite.pageFor();
      await other.goto(`${baseUrl}/${demoTourId}?autorotate=false&locale=${c.locale}`);
      await other.click('[data-testid="open-comments"]');
      await other.waitForSelector('[data-testid="panel-comments"][data-state="ready"]');
      await other.fill('[data-testid="comment-form"] textarea', c.others);
      await other.click('[data-testid="comment-form-submit"]');
      await waitShown(page, 'comments', c.others);
      expect((await shown(page, 'comments'))[0]).toBe(c.others);

      // The wearer writes one with the keyboard and posts it by ray.
      await typeInto(page, 'comments:field', 'xr-comment-input', c.mine);
      await frames(page, 6);
      await page.screenshot({ path: path.join(SHOTS, `vr-comments-typing-${c.locale}.png`) });
      await press(page, 'comments:post');
      await waitShown(page, 'comments', c.mine);
      expect((await shown(page, 'comments'))[0]).toBe(c.mine);
      expect(await page.inputValue('[data-testid="xr-comment-input"]')).toBe('');
      // The flat-screen visitor sees it arrive too: it was stored, not only drawn.
      await other.waitForFunction((m) => document.querySelector('[data-testid="comment"] [data-testid="comment-message"]')?.textContent === m, c.mine, { timeout: 15_000 });

      // A reply to the other visitor's comment (second on the page now), sent with the keyboard's Enter.
      const page0 = await shown(page, 'comments');
      const replyIndex = page0.indexOf(c.others) === page0.indexOf(c.mine) + 1 ? 1 : 0;
      await typeInto(page, `comments:reply:${replyIndex}`, 'xr-comment-input', c.reply);
      await page.keyboard.press('Enter');
      await waitShown(page, 'comments', c.reply);
      await other.waitForFunction((m) => [...document.querySelectorAll('[data-testid="reply"] [data-testid="comment-message"]')].some((e) => e.textContent === m), c.reply, { timeout: 15_000 });
      await frames(page, 20);
      await page.screenshot({ path: path.join(SHOTS, `vr-panel-comments-${c.locale}.png`) });
      await press(page, 'panel:close');
      await page.waitForFunction(() => window.__atriumXR?.openPanel === null, undefined, { timeout: 30_000 });

      // Search: typed the same way; choosing a result closes search and opens the marker's panel in its panorama.
      await openFromMenu(page, 'search');
      await typeInto(page, 'search:field', 'xr-search-input', c.query);
      await waitShown(page, 'search', lamp.marker.objectId, 60_000);
      await frames(page, 20);
      await page.screenshot({ path: path.join(SHOTS, `vr-panel-search-${c.locale}.png`) });
      const at = (await shown(page, 'search')).indexOf(lamp.marker.objectId);
      await press(page, `search:result:${at}`);
      await page.waitForFunction((id) => document.documentElement.dataset.xrPanel === id, lamp.marker.objectId, { timeout: 30_000 });
      await page.waitForSelector(`[data-testid="viewer"][data-panorama-index="${lamp.panoramaIndex}"]`, { state: 'attached', timeout: 30_000 });
      expect(await page.evaluate(() => window.__atriumXR?.openPanel)).toBeNull();
      expect(await page.locator('[data-testid="xr-search-input"]').count(), 'the search field let go of the keyboard').toBe(0);
      await frames(page, 30);
      await page.screenshot({ path: path.join(SHOTS, `vr-search-marker-${c.locale}.png`) });
      expect(errors).toEqual([]);
    });
  }
});
