import path from 'node:path';
import Database from 'better-sqlite3';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { collectConsoleErrors, installIwer } from './support/browser.ts';
import { localeWords } from './support/locales.ts';
import { mailTo } from './support/receivedMail.ts';
import { seedBooking, type BookingSeed } from './support/seedBooking.ts';
import { seedTourRing, type TourRingSeed } from './support/seedTourRing.ts';
import { browserSuite, SHOTS } from './support/suite.ts';
import { enterVR, frames, openFromMenu, press, waitForTarget } from './support/xr.ts';

// The booking calendar and the tour ring's "call a guide" dialog in VR, in the real built viewer under IWER (Meta
// Quest 3): a wearer books a time with the ray and the keyboard (the booking is mailed), and calls with no guide
// online, hears 'unavailable' and follows the calendar link to the in-world calendar.
const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const mailDir = inject('mailDir');
const databaseFile = inject('analytics').databaseFile;

const shown = (page: Page, panel: string) => page.evaluate((p) => window.__atriumXR?.shown?.[p] ?? [], panel);
const text = (page: Page, name: string) => page.evaluate((n) => window.__atriumXR?.texts?.[n] ?? null, name);
const waitText = (page: Page, name: string, timeout = 30_000) =>
  page.waitForFunction((n) => window.__atriumXR?.texts?.[n] ?? null, name, { timeout }).then(async (h) => (await h.jsonValue()) as string);

/** Presses an in-world field and checks the page's keyboard now types into its hidden input. */
async function typeInto(page: Page, field: string, input: string, value: string) {
  await press(page, field);
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, input, { timeout: 10_000 });
  await page.keyboard.type(value);
}

async function enterTour(page: Page, tourId: string, locale: string, panels: string[]) {
  await installIwer(page);
  await page.goto(`${baseUrl}/${tourId}?autorotate=false&locale=${locale}`);
  await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 90_000 });
  await enterVR(page);
  await page.waitForFunction((ids) => ids.every((id) => (window.__atriumXR?.menu ?? []).includes(id)), panels, { timeout: 90_000 });
}

describe('booking and calling a guide in VR (IWER, Meta Quest 3)', () => {
  const suite = browserSuite();
  let booking: BookingSeed;
  let ring: TourRingSeed;
  beforeAll(() => {
    // Unique per attempt: CI's retry must not meet the first attempt's tours and guides.
    // (Distinct suffixes: the two seeds' guide row ids would meet, 'gb' + suffix and 'g' + 'b' + suffix.)
    const stamp = Date.now().toString(36);
    booking = seedBooking(databaseFile, demoTourId, `vrbook${stamp}`);
    ring = seedTourRing(databaseFile, demoTourId, `vrring${stamp}`);
  });

  it('books a free time from the in-world calendar: week paging, the form typed with the keyboard, the confirmation and its mail (en)', { timeout: 420_000 }, async () => {
    const { page } = await suite.pageFor();
    const errors = collectConsoleErrors(page);
    await enterTour(page, booking.tourId, 'en', ['booking']);
    // Slot 72: after favourites' place, before the meeting's.
    const menu = await page.evaluate(() => window.__atriumXR?.menu ?? []);
    expect(menu.indexOf('share')).toBeLessThan(menu.indexOf('booking'));

    await openFromMenu(page, 'booking');
    await page.waitForFunction(() => (window.__atriumXR?.shown?.booking ?? []).length > 0, undefined, { timeout: 60_000 });
    const firstWeek = await shown(page, 'booking');
    expect(await text(page, 'booking:language:fr')).toBe('French');
    await frames(page, 20);
    await page.screenshot({ path: path.join(SHOTS, 'vr-panel-booking-week-en.png') });

    // Next week and back: the first time shown moves by about seven days, then returns.
    await press(page, 'booking:next');
    await page.waitForFunction((first) => {
      const now = window.__atriumXR?.shown?.booking?.[0];
      return now !== undefined && Date.parse(now) - Date.parse(first!) >= 6 * 86_400_000;
    }, firstWeek[0], { timeout: 30_000 });
    await press(page, 'booking:previous');
    await page.waitForFunction((first) => window.__atriumXR?.shown?.booking?.[0] === first, firstWeek[0], { timeout: 30_000 });

    // A time, then the form: nothing is sent while the name and email are missing.
    await press(page, 'booking:slot:0');
    await waitForTarget(page, 'booking:field:name');
    expect(await waitText(page, 'booking:form-title')).toMatch(/^Your booking: /);
    await press(page, 'booking:submit');
    expect(await waitText(page, 'booking:problem:name')).toBe('Field required.');
    const email = `wearer.${Date.now().toString(36)}@example.test`;
    await typeInto(page, 'booking:field:name', 'xr-booking-name', 'Vera Wearer');
    await typeInto(page, 'booking:field:email', 'xr-booking-email', email);
    await frames(page, 10);
    await page.screenshot({ path: path.join(SHOTS, 'vr-panel-booking-form-en.png') });
    await press(page, 'booking:submit');
    expect(await waitText(page, 'booking:done')).toContain(email);
    await frames(page, 10);
    await page.screenshot({ path: path.join(SHOTS, 'vr-panel-booking-done-en.png') });

    // The booking exists: its confirmation, with an .ics for the time the wearer chose, is in the outbox.
    const mail = await mailTo(mailDir, email);
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content.toString('utf8'))).getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe(firstWeek[0]);
    expect(errors).toEqual([]);
  });

  it('calls with no guide online: ringing ends as unavailable, the calendar link opens the in-world calendar, a call-back is asked for (ar, right to left)', { timeout: 420_000 }, async () => {
    const ar = localeWords('ar', 'tourRing');
    const storedCallbacks = () => {
      const db = new Database(databaseFile, { readonly: true });
      try {
        return db.prepare('select name, phone, country, language from tour_callbacks where building_id = ?').all(ring.tourId);
      } finally {
        db.close();
      }
    };
    const callbacksBefore = storedCallbacks().length;
    const { page } = await suite.pageFor();
    const errors = collectConsoleErrors(page);
    await enterTour(page, ring.tourId, 'ar', ['call', 'booking']);
    const menu = await page.evaluate(() => window.__atriumXR?.menu ?? []);
    expect(menu.indexOf('booking')).toBeLessThan(menu.indexOf('call'));

    await openFromMenu(page, 'call');
    await waitForTarget(page, 'ring:call');
    // The guides speak one language: it is chosen already. The name is typed with the keyboard.
    expect(await text(page, 'ring:language:en')).toBe('الإنجليزية');
    await typeInto(page, 'ring:name', 'xr-ring-name', 'سارة');
    await frames(page, 10);
    await page.screenshot({ path: path.join(SHOTS, 'vr-panel-call-dial-ar.png') });
    await press(page, 'ring:call');
    await page.waitForFunction(() => window.__atriumXR?.shown?.call?.[0] === 'unavailable', undefined, { timeout: 30_000 });
    expect(await waitText(page, 'ring:outcome')).toBe(ar('outcome.unavailable'));
    expect(await waitText(page, 'ring:calendar')).toBe(ar('outcome.calendar'));
    await frames(page, 10);
    await page.screenshot({ path: path.join(SHOTS, 'vr-panel-call-unavailable-ar.png') });

    // The calendar link opens the calendar panel in VR (a link would drop the wearer out of the session).
    await press(page, 'ring:calendar');
    await page.waitForFunction(() => window.__atriumXR?.openPanel === 'booking', undefined, { timeout: 30_000 });
    await page.waitForFunction(() => (window.__atriumXR?.shown?.booking ?? []).length > 0, undefined, { timeout: 60_000 });
    await frames(page, 20);
    await page.screenshot({ path: path.join(SHOTS, 'vr-panel-booking-week-ar.png') });

    // Back to the call: its answer is still there; the call-back form, typed and chosen by ray, is stored.
    await openFromMenu(page, 'call');
    await press(page, 'ring:callback-open');
    await waitForTarget(page, 'ring:callback-name');
    await press(page, 'ring:callback-send');
    expect(await waitText(page, 'ring:callback-problem:name')).toBe(ar('callback.required'));
    await typeInto(page, 'ring:callback-name', 'xr-callback-name', 'سارة الأحمد');
    await press(page, 'ring:callback-country');
    await press(page, 'ring:country:JP');
    await typeInto(page, 'ring:callback-phone', 'xr-callback-phone', '090-1234-5678');
    await frames(page, 10);
    await page.screenshot({ path: path.join(SHOTS, 'vr-panel-call-callback-ar.png') });
    await press(page, 'ring:callback-send');
    expect(await waitText(page, 'ring:callback-sent')).toBe(ar('callback.sent'));
    // One request more than before the test (CI's retry finds the failed attempt's, the same).
    expect(storedCallbacks()).toEqual(Array.from({ length: callbacksBefore + 1 }, () => ({ name: 'سارة الأحمد', phone: '+819012345678', country: 'JP', language: 'en' })));
    expect(errors).toEqual([]);
  });
});
