import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FAKE_MEDIA_ARGS, installIwer } from './support/browser.ts';
import { localeWords } from './support/locales.ts';
import { seedTourRing, type TourRingSeed } from './support/seedTourRing.ts';
import { browserSuite, SHOTS } from './support/suite.ts';
import { enterVR, frames, openFromMenu, press, waitForTarget } from './support/xr.ts';

// A wearer (IWER, Meta Quest 3) calls a guide from the in-world menu; the guide accepts in the console. The wearer
// meets the guide inside the tour: the page does not load again, the VR session goes on, the in-world meeting panel
// opens and shows the guide's picture (before, the meeting link loaded and the session ended right there). The
// meeting names the guide as the call did (display name), the page's pre-join card never shows on the way, and the
// call panel then says the call became the meeting (not "taking you there"), and offers a new call once it is over.
const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const databaseFile = inject('analytics').databaseFile;

declare global {
  interface Window {
    /** Set before the call: a page that loaded again has lost it. */
    __beforeTheCall?: string;
    /** Set by an init script the moment the meeting's pre-join card is added to the page. */
    __preJoinSeen?: boolean;
  }
}

const shown = (page: Page, panel: string) => page.evaluate((p) => window.__atriumXR?.shown?.[p] ?? [], panel);
/** Waits until the in-world panel `panel` lists `label`; a failure says what it listed instead. */
const waitShown = (page: Page, panel: string, label: string, timeout = 90_000) =>
  page.waitForFunction(([p, l]) => (window.__atriumXR?.shown?.[p!] ?? []).includes(l!), [panel, label], { timeout, polling: 100 })
    .catch(async (error: unknown) => {
      throw new Error(`${panel} never listed ${label}; it lists ${JSON.stringify(await shown(page, panel))}`, { cause: error });
    });

describe('calling a guide in VR joins the meeting inside the session', () => {
  const suite = browserSuite([...FAKE_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required']);
  let seed: TourRingSeed;
  /** The call and the meeting both name the guide by their display name (seedTourRing's guide a). */
  const guideName = 'Gina Guide';
  beforeAll(() => {
    // Unique per attempt: CI's retry must not meet the first attempt's tour and guides (busy in its meeting).
    const suffix = `vrjoin${Date.now().toString(36)}`;
    seed = seedTourRing(databaseFile, demoTourId, suffix);
  });

  it('the guide accepts: no page load, still presenting, the in-world meeting panel shows the guide (en)', { timeout: 420_000 }, async () => {
    const en = localeWords('en', 'tourRing');
    // The guide's console, signed in.
    const guide = await suite.pageFor({ viewport: { width: 1100, height: 800 } });
    await guide.page.addInitScript((token) => localStorage.setItem('atrium.sessionToken', token), seed.guides[0]!.token);
    await guide.page.goto(`${baseUrl}/console`);
    await guide.page.locator('[data-testid="console-status"][data-status="online"]').waitFor({ timeout: 60_000 });

    // The wearer enters VR on the tour and calls from the in-world menu, with a name typed on the keyboard.
    const { page: wearer } = await suite.pageFor();
    await installIwer(wearer);
    // Records the pre-join card however briefly it is in the page (a poll could miss a flash of a frame or two).
    await wearer.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="meeting-prejoin"]')) window.__preJoinSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await wearer.goto(`${baseUrl}/${seed.tourId}?autorotate=false`);
    await wearer.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 90_000 });
    await wearer.evaluate(() => {
      window.__beforeTheCall = 'same page';
    });
    await enterVR(wearer);
    await wearer.waitForFunction(() => (window.__atriumXR?.menu ?? []).includes('call'), undefined, { timeout: 90_000 });
    await openFromMenu(wearer, 'call');
    await waitForTarget(wearer, 'ring:call');
    await press(wearer, 'ring:name');
    await wearer.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'xr-ring-name', undefined, { timeout: 10_000 });
    await wearer.keyboard.type('Vic Wearer');
    await press(wearer, 'ring:call');
    await waitShown(wearer, 'call', 'ringing', 30_000);

    // The guide accepts; the meeting opens in a new tab, where the guide enters it.
    const card = guide.page.getByTestId('console-call');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('Vic Wearer');
    const [hostTab] = await Promise.all([guide.context.waitForEvent('page'), guide.page.getByTestId('console-accept').click()]);
    await hostTab.waitForURL(/meeting=.*host=1/, { timeout: 30_000 });
    const meetingId = new URL(hostTab.url()).searchParams.get('meeting');
    await hostTab.getByTestId('meeting-prejoin').waitFor({ timeout: 90_000 });
    expect(await hostTab.getByTestId('meeting-name').inputValue()).toBe(guideName);
    await hostTab.getByTestId('meeting-join').click();
    await hostTab.locator('[data-testid="meeting-panel"][data-phase="joined"]').waitFor({ timeout: 90_000 });

    // The wearer is in the meeting, in the same page and the same session, with the name given for the call.
    await wearer.waitForFunction(() => window.__atriumXR?.openPanel === 'meeting', undefined, { timeout: 90_000, polling: 100 });
    expect(await wearer.evaluate(() => window.__preJoinSeen ?? false), 'the pre-join card showed during the hand-over').toBe(false);
    await waitShown(wearer, 'meeting', guideName);
    expect(await shown(wearer, 'meeting')).toContain('Vic Wearer (you)');
    await waitShown(wearer, 'meeting:video', guideName);
    expect(await wearer.evaluate(() => window.__beforeTheCall)).toBe('same page');
    expect(await wearer.evaluate(() => window.__atriumScene?.xr)).toBe(true);
    expect(new URL(wearer.url()).searchParams.get('meeting')).toBe(meetingId);
    expect(new URL(wearer.url()).searchParams.get('autorotate')).toBe('false');
    expect(await wearer.locator('[data-testid="meeting-panel"]').getAttribute('data-phase')).toBe('joined');
    await waitForTarget(wearer, 'meeting:leave');
    await frames(wearer, 20);
    await wearer.screenshot({ path: path.join(SHOTS, 'vr-call-joined-meeting.png') });
    // The guide sees the wearer by that name.
    await hostTab.getByTestId('meeting-tile').filter({ hasText: 'Vic Wearer' }).waitFor({ timeout: 30_000 });

    // Back in the call panel: it says the call became the meeting with the guide (not a stale "ringing", nor "taking
    // you to the meeting"), and its button only brings the meeting panel back: the wearer stays the one guest.
    await openFromMenu(wearer, 'call');
    await waitShown(wearer, 'call', 'in-meeting', 30_000);
    expect(await wearer.evaluate(() => [window.__atriumXR?.texts?.['ring:status'], window.__atriumXR?.texts?.['ring:join']]))
      .toEqual([en('answered.in-meeting').replace('{{name}}', guideName), en('answered.show-meeting')]);
    await frames(wearer, 20);
    await wearer.screenshot({ path: path.join(SHOTS, 'vr-call-panel-in-meeting.png') });
    await press(wearer, 'ring:join');
    await wearer.waitForFunction(() => window.__atriumXR?.openPanel === 'meeting', undefined, { timeout: 30_000 });
    expect(await shown(wearer, 'meeting')).toHaveLength(2);
    expect(await wearer.evaluate(() => [window.__beforeTheCall, window.__atriumScene?.xr])).toEqual(['same page', true]);

    // The guide ends the meeting. The wearer, looking around with the panel closed, is told in the world (the page's
    // own notice is behind the headset): the meeting's slot opens with the notice, and Close puts it away.
    const meetingTexts = localeWords('en', 'meeting');
    await press(wearer, 'panel:close');
    await wearer.waitForFunction(() => window.__atriumXR?.openPanel === null, undefined, { timeout: 30_000 });
    hostTab.once('dialog', (dialog) => void dialog.accept());
    await hostTab.getByTestId('meeting-end').click();
    await wearer.waitForFunction(() => window.__atriumXR?.openPanel === 'meeting', undefined, { timeout: 60_000, polling: 100 });
    await waitShown(wearer, 'meeting:notice', meetingTexts('state.ended'), 30_000);
    expect(await wearer.evaluate(() => window.__atriumScene?.xr)).toBe(true);
    await frames(wearer, 20);
    await wearer.screenshot({ path: path.join(SHOTS, 'vr-call-meeting-ended.png') });
    await press(wearer, 'meeting:notice-close');
    await wearer.waitForFunction(() => !(window.__atriumXR?.menu ?? []).includes('meeting'), undefined, { timeout: 30_000 });
    expect(new URL(wearer.url()).searchParams.get('meeting')).toBeNull();
    // The call is over with its meeting: the call panel offers a new one.
    await openFromMenu(wearer, 'call');
    await waitShown(wearer, 'call', 'dial', 30_000);
    expect(await wearer.evaluate(() => window.__preJoinSeen ?? false)).toBe(false);
  });
});
