import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { collectConsoleErrors, installIwer, launchBrowser, newPage } from './support/browser.ts';
import { enterVR, frames, press, waitForTarget } from './support/xr.ts';

// The in-world menu and panel host in the real built viewer under IWER (Meta Quest 3): every panel a feature
// registers opens from the menu with the right controller's ray and a trigger pull; Exit VR ends the session.
const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const SHOTS = path.resolve('test-results/e2e');

describe('in-world menu in the real viewer (IWER, Meta Quest 3)', () => {
  let browser: Browser;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('goes to a panorama chosen from the in-world panorama list, which then closes; shows the QR code to share the tour', { timeout: 240_000 }, async () => {
    const { page, context } = await newPage(browser);
    const errors = collectConsoleErrors(page);
    await installIwer(page);
    await page.goto(`${baseUrl}/${demoTourId}?autorotate=false`);
    await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
    await enterVR(page);
    await waitForTarget(page, 'menu:panoramas');
    expect(await page.evaluate(() => window.__atriumXR?.menu ?? [])).toContain('panoramas');
    await press(page, 'menu:panoramas');
    await page.waitForFunction(() => window.__atriumXR?.openPanel === 'panoramas', undefined, { timeout: 30_000 });
    await waitForTarget(page, 'panoramas:1');
    await frames(page, 20);
    await page.screenshot({ path: path.join(SHOTS, 'vr-panel-panoramas.png') });
    await press(page, 'panoramas:1');
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]', { state: 'attached', timeout: 30_000 });
    await page.waitForFunction(() => window.__atriumXR?.openPanel === null, undefined, { timeout: 30_000 });

    // The share panel: the QR code and the link of where the wearer now is.
    await press(page, 'menu:share');
    await page.waitForFunction(() => window.__atriumXR?.openPanel === 'share', undefined, { timeout: 30_000 });
    await frames(page, 20);
    await page.screenshot({ path: path.join(SHOTS, 'vr-panel-share.png') });
    await press(page, 'panel:close');
    await page.waitForFunction(() => window.__atriumXR?.openPanel === null, undefined, { timeout: 30_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const locale of ['en', 'ar']) {
    it(`opens the information panel from the menu, closes it, and leaves VR from Exit VR (${locale})`, { timeout: 240_000 }, async () => {
      const { page, context } = await newPage(browser);
      const errors = collectConsoleErrors(page);
      page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} ${r.url()}`));
      await installIwer(page);
      await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&locale=${locale}`);
      await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
      await enterVR(page);

      // The menu lists the registered panels in order, then Exit VR.
      await waitForTarget(page, 'menu:exit-vr');
      // Panels register as their lazy chunks arrive, after the dock itself: wait for the first one, as a wearer would.
      await page.waitForFunction(() => (window.__atriumXR?.menu ?? []).includes('info'), undefined, { timeout: 60_000 });
      const menu = await page.evaluate(() => window.__atriumXR?.menu ?? []);
      expect(menu[0]).toBe('info');
      await page.evaluate(() => {
        // Look down at the menu, as a wearer does to use it.
        const q = { x: -0.27, w: 0.96 };
        window.xrDevice.quaternion.set(q.x, 0, 0, q.w);
      });
      await frames(page, 10);
      await page.screenshot({ path: path.join(SHOTS, `vr-menu-${locale}.png`) });
      await page.evaluate(() => window.xrDevice.quaternion.set(0, 0, 0, 1));
      await frames(page, 4);

      await press(page, 'menu:info');
      await page.waitForFunction(() => window.__atriumXR?.openPanel === 'info', undefined, { timeout: 30_000 });
      await waitForTarget(page, 'panel:close');
      await frames(page, 20);
      await page.screenshot({ path: path.join(SHOTS, `vr-panel-info-${locale}.png`) });

      await press(page, 'panel:close');
      await page.waitForFunction(() => window.__atriumXR?.openPanel === null, undefined, { timeout: 30_000 });

      await press(page, 'menu:exit-vr');
      await page.waitForFunction(() => window.__atriumScene?.xr === false, undefined, { timeout: 30_000 });
      expect(await page.getAttribute('[data-testid="vr"]', 'aria-pressed')).toBe('false');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
