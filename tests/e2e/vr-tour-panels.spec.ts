import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Tour } from '../../src/protocol/tour.ts';
import { collectConsoleErrors, installIwer, withoutInlineTour } from './support/browser.ts';
import { SHOTS, browserSuite } from './support/suite.ts';
import { enterVR, frames, openFromMenu, press, waitForTarget } from './support/xr.ts';

// The tour's own panels in VR, in the real built viewer under IWER (Meta Quest 3): floor plan, music, building info
// and owner info open from the in-world menu, and each does its main thing with a controller ray (or a pinch).
const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');

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

/** The demo tour with music and the owner's contact switched on (the demo has neither). */
async function withMusicAndContact(page: Page): Promise<void> {
  await withoutInlineTour(page);
  await page.route('**/v2/buildings/openLink/**', async (route) => {
    const original = await (await route.fetch()).json() as Tour;
    const body = { ...original, music: `${baseUrl}/__test__/harbour_evening.wav`, musicVolume: 40, showContactInfo: true };
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
  await page.route('**/__test__/harbour_evening.wav', (route) => route.fulfill({ status: 200, contentType: 'audio/wav', body: silentWav(4) }));
}

const audioState = (page: Page) => page.evaluate(() => {
  const el = document.querySelector<HTMLAudioElement>('[data-testid="music-audio"]')!;
  return { paused: el.paused, volume: Math.round(el.volume * 100) };
});

async function closePanel(page: Page): Promise<void> {
  await press(page, 'panel:close');
  await page.waitForFunction(() => window.__atriumXR?.openPanel === null, undefined, { timeout: 30_000 });
}

describe('the tour panels in VR (IWER, Meta Quest 3)', () => {
  const suite = browserSuite();

  for (const locale of ['en', 'ar']) {
    it(`floor plan, music, building info and owner info from the in-world menu (${locale})`, { timeout: 420_000 }, async () => {
      const { page } = await suite.pageFor();
      const errors = collectConsoleErrors(page);
      await installIwer(page);
      await withMusicAndContact(page);
      await page.goto(`${baseUrl}/${demoTourId}?autorotate=false&locale=${locale}`);
      await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
      await enterVR(page); // the click on the VR button is the visitor's first gesture: the owner's music starts
      await page.waitForFunction(() => ['info', 'building', 'owner', 'floorplan', 'music'].every((id) => (window.__atriumXR?.menu ?? []).includes(id)), undefined, { timeout: 60_000 });
      const menu = await page.evaluate(() => window.__atriumXR?.menu ?? []);
      expect(menu.slice(0, 3)).toEqual(['info', 'building', 'owner']);
      expect(menu.indexOf('floorplan')).toBeLessThan(menu.indexOf('music'));

      // Floor plan: choosing a dot goes to that panorama; the plan stays open on the new place.
      expect(await page.getAttribute('[data-testid="viewer"]', 'data-panorama-index')).toBe('0');
      await openFromMenu(page, 'floorplan');
      await waitForTarget(page, 'floorplan:1');
      await frames(page, 20);
      await page.screenshot({ path: path.join(SHOTS, `vr-panel-floorplan-${locale}.png`) });
      await press(page, 'floorplan:1');
      await page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]', { state: 'attached', timeout: 30_000 });
      expect(await page.evaluate(() => window.__atriumXR?.openPanel)).toBe('floorplan');
      await closePanel(page);

      // Music: the same audio element as the flat player. Whether the first gesture (the VR button) already started
      // it depends on whether the player had mounted by then; each press of the toggle flips it either way.
      const isPaused = (paused: boolean) => page.waitForFunction((p) => document.querySelector<HTMLAudioElement>('[data-testid="music-audio"]')!.paused === p, paused, { timeout: 30_000 });
      const before = await audioState(page);
      expect(before.volume).toBe(40); // the owner's musicVolume
      await openFromMenu(page, 'music');
      await waitForTarget(page, 'music:toggle');
      await frames(page, 20);
      await page.screenshot({ path: path.join(SHOTS, `vr-panel-music-${locale}.png`) });
      await press(page, 'music:toggle');
      await isPaused(!before.paused);
      // From paused, the press really started the audio: its time runs (looked for while it plays; once paused again
      // it could not move, and a loaded machine may take a while to start the sound).
      if (before.paused) await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-testid="music-audio"]')!.currentTime > 0, undefined, { timeout: 30_000 });
      await press(page, 'music:louder');
      await page.waitForFunction(() => Math.round(document.querySelector<HTMLAudioElement>('[data-testid="music-audio"]')!.volume * 100) === 50, undefined, { timeout: 30_000 });
      // A hand ray and a pinch in Arabic, the controller in English.
      const input = locale === 'ar' ? 'hand' : 'controller';
      if (input === 'hand') await page.evaluate(() => { window.xrDevice.primaryInputMode = 'hand'; });
      await press(page, 'music:toggle', input);
      await isPaused(before.paused);
      // From playing, the press started it: its time runs.
      if (!before.paused) await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-testid="music-audio"]')!.currentTime > 0, undefined, { timeout: 30_000 });
      expect(await audioState(page)).toEqual({ paused: before.paused, volume: 50 });
      await frames(page, 10);
      await page.screenshot({ path: path.join(SHOTS, `vr-panel-music-after-${locale}.png`) });
      if (input === 'hand') await page.evaluate(() => { window.xrDevice.primaryInputMode = 'controller'; });
      await closePanel(page);

      // Building info, then the owner's contact (the owner's public profile).
      await openFromMenu(page, 'building');
      await waitForTarget(page, 'panel:close');
      await frames(page, 20);
      await page.screenshot({ path: path.join(SHOTS, `vr-panel-building-${locale}.png`) });
      await closePanel(page);
      await openFromMenu(page, 'owner');
      await waitForTarget(page, 'owner:contact');
      await frames(page, 20);
      await page.screenshot({ path: path.join(SHOTS, `vr-panel-owner-${locale}.png`) });
      await closePanel(page);
      // The social feature's socket is refused under page.route interception in headless Chromium: not these panels'.
      expect(errors.filter((e) => !/socket\.io/.test(e))).toEqual([]);
    });
  }
});
