import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TOKEN_TYPE, type SessionAnswer } from '../../src/protocol/accounts.ts';
import { IDENTITY_HEADERS } from '../../src/protocol/identity.ts';
import type { RecordingWithRoute } from '../../src/protocol/pilot.ts';
import { TourSchema, type Tour } from '../../src/protocol/tour.ts';
import { routeAt } from '../../src/features/pilot/model/routePlayback.ts';
import { wrapDegrees } from '../../src/features/pilot/model/angles.ts';
import { collectConsoleErrors, FAKE_MEDIA_ARGS, installIwer } from './support/browser.ts';
import { enterVR, frames, press, waitForTarget } from './support/xr.ts';
import { copyRecording, E2E_PILOT_LIMIT_SECONDS, seedPilotTour } from './support/seedPilot.ts';
import { browserSuite, freshEmail, SHOTS } from './support/suite.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const databaseFile = inject('analytics').databaseFile;
const TOUR = 'e2ePilotTour';

type Camera = { yaw: number; pitch: number; fov: number };
declare global {
  interface Window {
    __atriumCamera?: Camera;
  }
}

async function signUp(email: string, firstName: string): Promise<SessionAnswer> {
  const res = await fetch(`${baseUrl}/v2/users/signup`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'harbour42house', firstName, lastName: 'Pilot', agreeTerms: true }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SessionAnswer;
}

const signIn = async (page: Page, token: string) => {
  await page.context().addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
  // Only in the top document: a marker panel's sandboxed frames may not touch storage.
  await page.addInitScript((t) => {
    if (window === window.top) localStorage.setItem('atrium.sessionToken', t);
  }, token);
};

const identity = (user: SessionAnswer) => ({
  [IDENTITY_HEADERS.tokenType]: TOKEN_TYPE, [IDENTITY_HEADERS.token]: user.sessionToken, [IDENTITY_HEADERS.userId]: user.objectId,
});
const camera = (page: Page) => page.evaluate(() => ({ ...window.__atriumCamera! }));
const panoramaIndex = async (page: Page) => Number(await page.getByTestId('viewer').getAttribute('data-panorama-index'));

/** Turns the view the way a drag does, a little at a time, so the recorder sees movement. */
async function turn(page: Page, toYaw: number, steps = 4): Promise<void> {
  const from = (await camera(page)).yaw;
  for (let i = 1; i <= steps; i++) {
    await page.evaluate((yaw) => { window.__atriumCamera!.yaw = yaw; }, wrapDegrees(from + (wrapDegrees(toYaw - from) * i) / steps));
    await page.waitForTimeout(150);
  }
}

/**
 * Sets the player's seek bar as a visitor dragging it does (React listens to input events). Answers the time the bar
 * took: it moves in steps of 100 ms, so 1268 becomes 1300, and during a quick turn those 32 ms are degrees.
 */
async function seekTo(page: Page, ms: number): Promise<number> {
  return page.getByTestId('pilot-seek').evaluate((el: HTMLInputElement, v) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(el, String(v));
    el.dispatchEvent(new Event('input', { bubbles: true }));
    return Number(el.value);
  }, ms);
}

const near = (a: number, b: number, tolerance: number) => Math.abs(wrapDegrees(a - b)) <= tolerance;

describe('guided tours: a pilot records a walk, a visitor plays it', () => {
  const suite = browserSuite([...FAKE_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required']);
  let owner: SessionAnswer;
  let tour: Tour;
  let recordingId = '';
  /** The walk the first test published, by its id: a retried attempt leaves another under the same title. */
  const thisWalk = (page: Page) => page.locator(`[data-testid="pilot-item"][data-recording-id="${recordingId}"]`).getByTestId('pilot-play-item');

  beforeAll(async () => {
    owner = await signUp('pilot-owner@example.test', 'Paula');
    seedPilotTour(databaseFile, demoTourId, TOUR, owner.objectId, 240_000);
    tour = TourSchema.parse(await (await fetch(`${baseUrl}/v2/buildings/openLink/${TOUR}`)).json());
  });

  it('the owner records 10 s (turning, opening a marker, changing panorama); a failed upload and an expired session keep the take; retry uploads it', async () => {
    const { page } = await suite.pageFor({ viewport: { width: 1280, height: 800 } });
    const errors = collectConsoleErrors(page);
    await signIn(page, owner.sessionToken);
    await page.goto(`${baseUrl}/${TOUR}?autorotate=false`);
    // Signed in, the profile panel starts open; the guided tours' list takes its place rather than open over it.
    await page.getByTestId('panel-profile').waitFor({ timeout: 90_000 });
    await page.getByTestId('pilot-button').click({ timeout: 90_000 });
    await page.getByTestId('pilot-panel').waitFor();
    await page.getByTestId('panel-profile').waitFor({ state: 'detached' });
    await page.screenshot({ path: path.join(SHOTS, 'pilot-list-replaces-profile.png') });
    await page.getByTestId('pilot-record').click();
    await page.getByTestId('pilot-recording-clock').waitFor({ timeout: 30_000 });
    const recordingFrom = Date.now();
    await turn(page, 40);
    // A marker of the first panorama, opened the way a keyboard user does.
    const marker = tour.panoramas[0]!.markers.find((m) => !m.nextPanoramaId && m.type !== 'point' && m.type !== 'teleport')!;
    expect(marker).toBeTruthy();
    const hotspot = page.locator(`[data-marker-id="${marker.objectId}"]`);
    await hotspot.waitFor({ state: 'attached' });
    await hotspot.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('marker-panel').waitFor();
    // Open for a few seconds, as a guide talking about it would: the visitor meets it while playing in real time.
    await page.waitForTimeout(3000);
    await page.keyboard.press('Escape');
    await page.getByTestId('marker-panel').waitFor({ state: 'detached' });
    await page.getByTestId('next').click();
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]');
    await page.waitForTimeout(600);
    await turn(page, -60);
    // The take lasts the 10 s the test is named for however quickly this machine did the steps above.
    await page.waitForTimeout(Math.max(1500, 10_000 - (Date.now() - recordingFrom)));
    await page.screenshot({ path: path.join(SHOTS, 'pilot-recording.png') });
    await page.getByTestId('pilot-stop').click();
    await page.getByTestId('pilot-title').fill('A walk through Harbour House');

    // A retried attempt finds the failed attempt's take in the list under the same title: this take is the one not there yet.
    const listed = (await (await fetch(`${baseUrl}/v2/pilots/tours/${TOUR}/recordings`, { headers: identity(owner) })).json()) as { recordings: { objectId: string }[] };
    const earlier = listed.recordings.map((r) => `:not([data-recording-id="${r.objectId}"])`).join('');

    // First attempt: the network fails. Second: the session has expired. The take stays in the browser.
    let attempts = 0;
    await page.route('**/v2/pilots/tours/*/recordings', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      attempts++;
      if (attempts === 1) return route.abort('connectionreset');
      if (attempts === 2) return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 'UNAUTHENTICATED', message: 'Sign in first.' }) });
      return route.fallback();
    });
    await page.getByTestId('pilot-upload').click();
    await expect.poll(() => page.getByTestId('pilot-error').textContent()).toContain('Upload failed.');
    await page.screenshot({ path: path.join(SHOTS, 'pilot-upload-failed.png') });
    await page.getByTestId('pilot-retry').click();
    await expect.poll(() => page.getByTestId('pilot-error').textContent()).toContain('Re-login required.');
    expect(await page.getByTestId('pilot-title').inputValue()).toBe('A walk through Harbour House');
    await page.getByTestId('pilot-retry').click();
    await page.waitForSelector('[data-testid="pilot-recorder"][data-phase="complete"]', { timeout: 60_000 });
    expect(attempts).toBe(3);
    await page.getByTestId('pilot-publish-new').click();
    const item = page.locator(`[data-testid="pilot-item"][data-published="true"]${earlier}`).filter({ hasText: 'A walk through Harbour House' });
    await item.waitFor();
    recordingId = (await item.getAttribute('data-recording-id'))!;
    await page.screenshot({ path: path.join(SHOTS, 'pilot-uploaded.png') });

    const stored = (await (await fetch(`${baseUrl}/v2/pilots/recordings/${recordingId}`)).json()) as RecordingWithRoute;
    expect(stored.route.durationMs).toBeGreaterThan(8_000);
    expect(stored.route.panoramas.map((p) => p.panoramaId)).toEqual([tour.panoramas[0]!.objectId, tour.panoramas[1]!.objectId]);
    expect(stored.route.markers.map((m) => m.markerId)).toEqual([marker.objectId, null]);
    expect(stored.route.views.length).toBeGreaterThan(10);
    expect(stored.audioType).toMatch(/^audio\//);
    expect(stored.durationMs).toBeGreaterThan(7_000);
    expect(errors.filter((e) => !/Failed to load resource|net::ERR/.test(e))).toEqual([]);
  }, 240_000);

  it('a visitor plays it: the tooltip once, the marker opens, the panorama and view follow; pause, seek, self-browsing and restart', async () => {
    expect(recordingId).not.toBe('');
    const route = ((await (await fetch(`${baseUrl}/v2/pilots/recordings/${recordingId}`)).json()) as RecordingWithRoute).route;
    // Another guided tour of the building, to switch to (a retried attempt finds it already there).
    try {
      copyRecording(databaseFile, recordingId, 'The garden, a second walk');
    } catch (e) {
      if (!/UNIQUE/.test(String(e))) throw e;
    }
    const { page } = await suite.pageFor({ viewport: { width: 1280, height: 800 } });
    const errors = collectConsoleErrors(page);
    await page.context().addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
    await page.goto(`${baseUrl}/${TOUR}?autorotate=false`);
    await page.getByTestId('pilot-button').click({ timeout: 90_000 });
    expect(await page.getByTestId('pilot-record').count()).toBe(0);
    await thisWalk(page).click();
    await page.getByTestId('pilot-tooltip').waitFor();
    await page.waitForSelector('[data-testid="pilot-player"][data-phase="playing"]', { timeout: 30_000 });
    await page.screenshot({ path: path.join(SHOTS, 'pilot-playing.png') });
    await page.getByTestId('pilot-tooltip-ok').click();
    // The marker the pilot opened opens for the visitor, and the player stays within reach over its dialog.
    await page.getByTestId('marker-panel').waitFor({ timeout: 90_000 });
    await page.screenshot({ path: path.join(SHOTS, 'pilot-marker-open.png') });
    // The dialog the route opened is not modal: a keyboard user reaches the player without leaving it with Escape.
    expect(await page.getByTestId('marker-panel').getAttribute('aria-modal')).toBe('false');
    await page.getByTestId('pilot-toggle').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="pilot-player"][data-phase="paused"]');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('pilot-toggle');
    expect(await page.getByTestId('marker-panel').count()).toBe(1);
    // Past the pilot's panorama change the marker is closed again and the second panorama follows.
    await seekTo(page, route.panoramas[1]!.t + 500);
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]', { timeout: 30_000 });
    await page.getByTestId('marker-panel').waitFor({ state: 'detached', timeout: 10_000 });

    // Paused at known times, the view is the route's (within a degree) on the route's panorama.
    for (const at of [route.markers[0]!.t - 300, route.panoramas[1]!.t + 1500, Math.round(route.durationMs * 0.3)]) {
      const expected = routeAt(route, await seekTo(page, at));
      await expect.poll(async () => {
        const [view, index] = [await camera(page), await panoramaIndex(page)];
        return tour.panoramas[index]!.objectId === expected.panoramaId && near(view.yaw, expected.view.yaw, 1) && Math.abs(view.pitch - expected.view.pitch) <= 1;
      }, { timeout: 20_000 }).toBe(true);
    }

    // Seeking into the marker's time opens it; play and pause stay within reach.
    await seekTo(page, Math.round((route.markers[0]!.t + route.markers[1]!.t) / 2));
    await page.getByTestId('marker-panel').waitFor();
    await page.getByTestId('pilot-toggle').click();
    await page.waitForSelector('[data-testid="pilot-player"][data-phase="playing"]');
    await page.getByTestId('pilot-toggle').click();
    await page.waitForSelector('[data-testid="pilot-player"][data-phase="paused"]');
    // From the start: the rest of the walk is long enough for the voice to go on through what follows.
    await seekTo(page, 0);
    await page.getByTestId('marker-panel').waitFor({ state: 'detached', timeout: 10_000 });

    // Self-browsing: the visitor looks elsewhere while the voice goes on; switching it off returns to the route.
    await page.getByTestId('pilot-toggle').click();
    await page.waitForSelector('[data-testid="pilot-player"][data-phase="playing"]');
    await page.getByTestId('pilot-self-browse').click();
    await page.waitForSelector('[data-testid="pilot-player"][data-self-browsing="true"]');
    await page.evaluate(() => { window.__atriumCamera!.yaw = 150; });
    await page.waitForTimeout(800);
    expect(near((await camera(page)).yaw, 150, 0.01)).toBe(true);
    expect(await page.getByTestId('pilot-player').getAttribute('data-phase')).toBe('playing');
    await page.screenshot({ path: path.join(SHOTS, 'pilot-self-browsing.png') });
    await page.getByTestId('pilot-toggle').click();
    await page.waitForSelector('[data-testid="pilot-player"][data-phase="paused"]');
    await page.getByTestId('pilot-self-browse').click();
    const at = await page.getByTestId('pilot-audio').evaluate((a: HTMLAudioElement) => a.currentTime * 1000);
    const back = routeAt(route, at);
    await expect.poll(async () => near((await camera(page)).yaw, back.view.yaw, 1), { timeout: 10_000 }).toBe(true);

    // Choosing the loaded recording again offers a restart (from the second panorama, back to the first).
    await seekTo(page, route.panoramas[1]!.t + 500);
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]', { timeout: 30_000 });
    await page.getByTestId('marker-panel').waitFor({ state: 'detached', timeout: 10_000 });
    await thisWalk(page).click();
    await page.getByTestId('pilot-restart-offer').waitFor();
    await page.getByTestId('pilot-restart').click();
    await page.waitForSelector('[data-testid="pilot-player"][data-phase="playing"]');
    // Read at once: on a loaded machine the first panorama can take seconds to show while the voice goes on.
    expect(await page.getByTestId('pilot-audio').evaluate((a: HTMLAudioElement) => a.currentTime)).toBeLessThan(5);
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="0"]', { timeout: 20_000 });

    // Another guided tour while this one plays asks first: keeping it leaves it playing, switching loads the other.
    const title = () => page.locator('.atrium-pilot-player__title').textContent();
    const other = page.getByTestId('pilot-item').filter({ hasText: 'The garden, a second walk' }).getByTestId('pilot-play-item');
    await other.click();
    await page.getByTestId('pilot-switch-offer').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('pilot-switch');
    await page.screenshot({ path: path.join(SHOTS, 'pilot-switch-offer.png') });
    await page.getByTestId('pilot-switch-stay').click();
    expect(await title()).toBe('A walk through Harbour House');
    expect(await page.getByTestId('pilot-player').getAttribute('data-phase')).toBe('playing');
    await other.click();
    await page.getByTestId('pilot-switch').click();
    await expect.poll(title, { timeout: 20_000 }).toBe('The garden, a second walk');

    // The tooltip was shown once: not again on the next visit.
    await page.reload();
    await page.getByTestId('pilot-button').click({ timeout: 90_000 });
    await page.getByTestId('pilot-item').first().getByTestId('pilot-play-item').click();
    await page.getByTestId('pilot-player').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('pilot-tooltip').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 240_000);

  it('the recorder warns a minute before the limit and stops by itself; in Arabic, right to left', async () => {
    // The server announces the configured limit (PILOT_RECORDING_LIMIT_SECONDS in this suite).
    const announced = (await (await fetch(`${baseUrl}/v2/pilots/availability?buildingId=${TOUR}`, { headers: identity(owner) })).json()) as { canRecord: boolean; limitMs: number };
    expect(announced).toEqual({ canRecord: true, limitMs: E2E_PILOT_LIMIT_SECONDS * 1000 });
    const { page } = await suite.pageFor({ viewport: { width: 1280, height: 800 } });
    await signIn(page, owner.sessionToken);
    // A 16 s limit for this page, so the warning (at half of so short a limit) and the stop come within the test.
    await page.route('**/v2/pilots/availability?*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...announced, limitMs: 16_000 }) }));
    await page.goto(`${baseUrl}/${TOUR}?autorotate=false&locale=ar`);
    await page.getByTestId('pilot-button').click({ timeout: 90_000 });
    await page.getByTestId('pilot-record').click();
    await page.getByTestId('pilot-warning').waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.screenshot({ path: path.join(SHOTS, 'pilot-limit-warning-ar.png') });
    await page.getByTestId('pilot-auto-stopped').waitFor({ timeout: 60_000 });
    await page.getByTestId('pilot-discard').click();
    await page.waitForSelector('[data-testid="pilot-recorder"][data-phase="idle"]');
  }, 180_000);

  it('the owner names a pilot in the studio, who may then record on the tour', async () => {
    const guide = await signUp(freshEmail('named-pilot'), 'Nadia');
    const canRecord = async () => ((await (await fetch(`${baseUrl}/v2/pilots/availability?buildingId=${TOUR}`, { headers: identity(guide) })).json()) as { canRecord: boolean }).canRecord;
    expect(await canRecord()).toBe(false);
    const { page } = await suite.pageFor({ viewport: { width: 1280, height: 800 } });
    await signIn(page, owner.sessionToken);
    await page.goto(`${baseUrl}/studio/${TOUR}`);
    await page.getByTestId('studio-tab-pilots').click({ timeout: 60_000 });
    await page.getByTestId('pilot-usernames').fill(`${guide.username}\nnobody-by-this-name`);
    await page.getByTestId('pilot-settings-save').click();
    await expect.poll(() => page.getByTestId('pilot-settings').getByRole('alert').textContent()).toContain('nobody-by-this-name');
    await page.getByTestId('pilot-usernames').fill(guide.username);
    await page.getByTestId('pilot-settings-save').click();
    await page.getByTestId('pilot-settings').getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'pilot-studio.png') });
    expect(await canRecord()).toBe(true);
  }, 120_000);

  it('in VR the player is an in-world panel: play by ray, the route changes panoramas without turning the head', async () => {
    expect(recordingId).not.toBe('');
    const { page } = await suite.pageFor();
    const errors = collectConsoleErrors(page);
    await installIwer(page);
    await page.context().addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
    // A shared link opens the player on the recording, waiting for play.
    await page.goto(`${baseUrl}/${TOUR}?autorotate=false&pilot=${recordingId}`);
    await page.getByTestId('pilot-player').waitFor({ timeout: 90_000 });
    await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 90_000 });
    await enterVR(page);
    await waitForTarget(page, 'menu:pilot');
    await press(page, 'menu:pilot');
    await page.waitForFunction(() => window.__atriumXR?.openPanel === 'pilot', undefined, { timeout: 30_000 });
    const route = ((await (await fetch(`${baseUrl}/v2/pilots/recordings/${recordingId}`)).json()) as RecordingWithRoute).route;
    // From just after the guide's marker visit (so no marker takes the panel while it plays): play by ray. Paused at
    // once through the page's player (a second ray press takes long enough in SwiftShader for the take's last seconds
    // to run out; the session's canvas covers the page, hence a dispatched click), so the seeks below are made while
    // the route still drives.
    await seekTo(page, route.markers[1]!.t + 100);
    const head = (await camera(page)).yaw;
    await press(page, 'pilot:toggle');
    await page.waitForSelector('[data-testid="pilot-player"][data-phase="playing"]', { timeout: 30_000 });
    await page.getByTestId('pilot-toggle').dispatchEvent('click');
    await page.waitForSelector('[data-testid="pilot-player"][data-phase="paused"]', { timeout: 30_000 });
    // The guide's marker opens in-world in the player's place (one panel at a time)...
    await seekTo(page, Math.round((route.markers[0]!.t + route.markers[1]!.t) / 2));
    await page.waitForFunction((id) => document.documentElement.dataset.xrPanel === id, route.markers[0]!.markerId, { timeout: 30_000 });
    await page.waitForFunction(() => window.__atriumXR?.openPanel === null, undefined, { timeout: 10_000 });
    // ...and gives the place back when the route closes it: the wearer keeps their player for the rest of the walk.
    await seekTo(page, route.panoramas[1]!.t + 500);
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]', { timeout: 60_000 });
    await page.waitForFunction(() => window.__atriumXR?.openPanel === 'pilot', undefined, { timeout: 30_000 });
    // The head was not turned to the recorded view: the wearer still looks where they looked.
    expect(near((await camera(page)).yaw, head, 5)).toBe(true);
    await frames(page, 30);
    await page.screenshot({ path: path.join(SHOTS, 'pilot-vr.png') });
    expect(errors).toEqual([]);
  }, 240_000);
});
