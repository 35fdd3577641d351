import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { FAKE_MEDIA_ARGS, installIwer } from './support/browser.ts';
import { enterVR, frames, press, waitForTarget } from './support/xr.ts';
import { browserSuite, SHOTS } from './support/suite.ts';

const baseUrl = inject('baseUrl');
const demo = inject('demoTourId');
const seed = inject('meeting');
const hostHeaders = { 'x-token-type': 'istaging', 'x-session-token': seed.host.token, 'x-user-id': seed.host.userId };

async function createMeeting(body: object = {}): Promise<{ objectId: string; hostLink: string; guestLink: string; shortCode: string }> {
  const res = await fetch(`${baseUrl}/v2/meetings/tours/${demo}`, { method: 'POST', headers: { 'content-type': 'application/json', ...hostHeaders }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`create meeting: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ objectId: string; hostLink: string; guestLink: string; shortCode: string }>;
}

/** A remote <video> that has decoded frames and keeps decoding (the picture moves). */
async function receivesVideo(page: Page): Promise<{ width: number; advanced: number }> {
  const video = page.locator('[data-testid="meeting-remote-video"]:not([hidden])').first();
  await video.waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForFunction(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="meeting-remote-video"]:not([hidden])');
    return Boolean(v && v.videoWidth > 0 && v.getVideoPlaybackQuality().totalVideoFrames > 0);
  }, undefined, { timeout: 30_000 });
  const frames = () => video.evaluate((v: HTMLVideoElement) => ({ width: v.videoWidth, frames: v.getVideoPlaybackQuality().totalVideoFrames, time: v.currentTime }));
  const first = await frames();
  await page.waitForTimeout(1500);
  const second = await frames();
  return { width: second.width, advanced: second.frames - first.frames + (second.time > first.time ? 0 : -1_000) };
}

describe('live meetings on Janus (two Chromium pages, fake camera and microphone)', () => {
  const suite = browserSuite(FAKE_MEDIA_ARGS);

  const hostPage = async (link: string) => {
    const { page, context } = await suite.pageFor();
    await context.addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
    await page.addInitScript((token) => localStorage.setItem('atrium.sessionToken', token), seed.host.token);
    await page.goto(link);
    await page.getByTestId('meeting-prejoin').waitFor({ timeout: 60_000 });
    await page.getByTestId('meeting-join').click();
    await joined(page, 'the host');
    return page;
  };
  const guestPage = async (link: string, name: string) => {
    const { page } = await suite.pageFor();
    await page.goto(link);
    await page.getByTestId('meeting-prejoin').waitFor({ timeout: 60_000 });
    await page.getByTestId('meeting-name').fill(name);
    await page.getByTestId('meeting-join').click();
    return page;
  };
  /** Waits for the joined phase; a failure says which phase the panel was stuck in and what it showed. */
  const joined = async (page: Page, who: string) => {
    const panel = page.locator('[data-testid="meeting-panel"][data-phase="joined"]');
    await panel.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      const stuck = page.getByTestId('meeting-panel');
      const phase = await stuck.getAttribute('data-phase', { timeout: 1000 }).catch(() => 'no panel');
      // No panel: the join ended in a notice (failed, full, ...); its words say why.
      const text = await stuck.textContent({ timeout: 1000 }).catch(() => page.locator('[data-testid="meeting-message"]').textContent({ timeout: 1000 }).catch(() => ''));
      throw new Error(`${who} did not join: the panel stayed in phase ${phase} showing "${text}"`, { cause: error });
    });
  };
  const panoramaIndex = (page: Page) => page.getByTestId('viewer').getAttribute('data-panorama-index');

  it('the guest sees and hears the host, follows the host through the tour, and the host sees where the guest is', { timeout: 240_000 }, async () => {
    const meeting = await createMeeting({ title: 'Harbour walk-through' });
    // The host's view stays where the test turns it (auto-rotation would carry it on past the figure checked).
    const host = await hostPage(`${baseUrl}/${demo}?meeting=${meeting.objectId}&host=1&autorotate=false`);
    const guest = await guestPage(`${baseUrl}/${demo}?meeting=${meeting.objectId}`, 'Gus Guest');
    await joined(guest, 'the guest');

    const received = await receivesVideo(guest);
    expect(received.width).toBeGreaterThan(0);
    expect(received.advanced).toBeGreaterThan(0);
    const back = await receivesVideo(host); // and the host sees the guest
    expect(back.width).toBeGreaterThan(0);

    // The host moves on and turns: the guest's viewer follows.
    await host.getByTestId('next').click();
    const hostIndex = await panoramaIndex(host);
    await expect.poll(() => panoramaIndex(guest), { timeout: 15_000 }).toBe(hostIndex);
    await host.evaluate(() => {
      const cam = (window as unknown as { __atriumCamera: { yaw: number } }).__atriumCamera;
      cam.yaw = 75;
    });
    await expect.poll(() => guest.evaluate(() => (window as unknown as { __atriumCamera: { yaw: number } }).__atriumCamera.yaw), { timeout: 15_000 })
      .toBeGreaterThan(70);
    // The host's list says where the guest is.
    await expect.poll(() => host.getByTestId('meeting-guest-where').first().textContent(), { timeout: 10_000 }).toMatch(/In: /);

    // The guest drags away and comes back to the host with one button.
    const box = await guest.getByTestId('panorama-scene').boundingBox();
    await guest.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await guest.mouse.down();
    await guest.mouse.move(box!.x + box!.width / 2 - 200, box!.y + box!.height / 2, { steps: 8 });
    await guest.mouse.up();
    await guest.getByTestId('meeting-follow').waitFor({ timeout: 10_000 });
    await guest.getByTestId('meeting-follow').click();
    await expect.poll(() => guest.evaluate(() => (window as unknown as { __atriumCamera: { yaw: number } }).__atriumCamera.yaw), { timeout: 15_000 })
      .toBeGreaterThan(70);

    // The guest moves to another panorama on their own: they look around there until they follow again.
    await guest.getByTestId('next').click();
    await guest.getByTestId('meeting-follow').waitFor({ timeout: 10_000 });
    expect(await panoramaIndex(guest)).not.toBe(hostIndex);
    await guest.getByTestId('meeting-follow').click();
    await expect.poll(() => panoramaIndex(guest), { timeout: 15_000 }).toBe(hostIndex);

    await host.screenshot({ path: path.join(SHOTS, 'meeting-host.png') });
    await guest.screenshot({ path: path.join(SHOTS, 'meeting-guest.png') });
  });

  it('the host drops and comes back within the window; then stays away and the meeting ends', { timeout: 240_000 }, async () => {
    const meeting = await createMeeting();
    const host = await hostPage(`${baseUrl}/${demo}?meeting=${meeting.objectId}&host=1`);
    const guest = await guestPage(`${baseUrl}/${demo}?meeting=${meeting.objectId}`, 'Gus Guest');
    await joined(guest, 'the guest');

    await host.close();
    const away = guest.getByTestId('meeting-banner-host-away');
    await away.waitFor({ timeout: 15_000 });
    expect(await away.textContent()).toMatch(/0:[0-5]\d/);
    await guest.screenshot({ path: path.join(SHOTS, 'meeting-host-away.png') });

    const again = await hostPage(`${baseUrl}/${demo}?meeting=${meeting.objectId}&host=1`);
    await away.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await receivesVideo(guest)).toMatchObject({ width: expect.any(Number) });

    await again.close();
    await away.waitFor({ timeout: 15_000 });
    const ended = guest.getByTestId('meeting-ended');
    await ended.waitFor({ timeout: (seed.windowSeconds + 20) * 1000 });
    expect(await ended.getByTestId('meeting-message').textContent()).toContain('did not come back');
    await guest.screenshot({ path: path.join(SHOTS, 'meeting-ended.png') });
  });

  it('a guest in a headset (IWER) sees the host on the in-world meeting panel and leaves from it', { timeout: 240_000 }, async () => {
    const meeting = await createMeeting({ title: 'Headset walk' });
    const host = await hostPage(`${baseUrl}/${demo}?meeting=${meeting.objectId}&host=1&autorotate=false`);
    const { page: guest } = await suite.pageFor();
    await installIwer(guest);
    await guest.goto(`${baseUrl}/${demo}?meeting=${meeting.objectId}&autorotate=false`);
    await guest.getByTestId('meeting-prejoin').waitFor({ timeout: 60_000 });
    await guest.getByTestId('meeting-name').fill('Vera Headset');
    await guest.getByTestId('meeting-join').click();
    await joined(guest, 'the guest');
    await receivesVideo(guest);
    await guest.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
    await enterVR(guest);

    await waitForTarget(guest, 'menu:meeting');
    await press(guest, 'menu:meeting');
    await guest.waitForFunction(() => window.__atriumXR?.openPanel === 'meeting', undefined, { timeout: 30_000 });
    await waitForTarget(guest, 'meeting:leave');
    // The host turns away: the panel says where the host looks (the screenshot shows "75° to your right").
    await host.evaluate(() => {
      (window as unknown as { __atriumCamera: { yaw: number } }).__atriumCamera.yaw = 75;
    });
    await guest.waitForTimeout(1000);
    await frames(guest, 30);
    await guest.screenshot({ path: path.join(SHOTS, 'meeting-vr-guest.png') });

    // The host moves on: the wearer's panorama follows (their head is never turned).
    await host.getByTestId('next').click();
    const hostIndex = await panoramaIndex(host);
    await expect.poll(() => panoramaIndex(guest), { timeout: 15_000 }).toBe(hostIndex);

    await press(guest, 'meeting:leave');
    await guest.getByTestId('meeting-left').waitFor({ timeout: 30_000 });
    await guest.waitForFunction(() => window.__atriumXR?.openPanel === null, undefined, { timeout: 30_000 });
  });

  it("offers a signed-in visitor their account's display name to join with, not their username", async () => {
    const meeting = await createMeeting();
    const email = `vic.${Date.now()}@example.test`;
    const signup = await fetch(`${baseUrl}/v2/users/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'visits2meet', firstName: 'Vic', lastName: 'Visitor', agreeTerms: true }),
    });
    expect(signup.status).toBe(200);
    const { sessionToken, username } = (await signup.json()) as { sessionToken: string; username: string };
    expect(username).toBe(email);
    const { page } = await suite.pageFor();
    await page.addInitScript((token) => localStorage.setItem('atrium.sessionToken', token), sessionToken);
    await page.goto(`${baseUrl}/${demo}?meeting=${meeting.objectId}`);
    await page.getByTestId('meeting-prejoin').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('meeting-name').inputValue()).toBe('Vic Visitor');
    await page.screenshot({ path: path.join(SHOTS, 'meeting-prejoin-signed-in.png') });
  });

  it('says when a meeting is full and when an ID is invalid', async () => {
    const meeting = await createMeeting({ capacity: 1 });
    const first = await guestPage(`${baseUrl}/${demo}?meeting=${meeting.objectId}`, 'First');
    await first.locator('[data-testid="meeting-panel"]').waitFor({ timeout: 30_000 });
    expect(await first.getByTestId('meeting-banner-waiting').textContent()).toContain('not started');

    const second = await guestPage(`${baseUrl}/${demo}?meeting=${meeting.objectId}`, 'Second');
    const full = second.getByTestId('meeting-failed');
    await full.waitFor({ timeout: 30_000 });
    expect(await full.getByTestId('meeting-message').textContent()).toBe('This meeting is full.');
    await second.screenshot({ path: path.join(SHOTS, 'meeting-full.png') });

    const { page } = await suite.pageFor();
    await page.goto(`${baseUrl}/${demo}?meeting=NoSuchMeeting1`);
    const invalid = page.getByTestId('meeting-failed');
    await invalid.waitFor({ timeout: 60_000 });
    expect(await invalid.getByTestId('meeting-message').textContent()).toContain('Invalid meeting ID');
    await page.screenshot({ path: path.join(SHOTS, 'meeting-invalid.png') });
  });
});
