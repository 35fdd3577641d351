import fs from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { collectConsoleErrors } from './support/browser.ts';
import { mailTo } from './support/receivedMail.ts';
import { seedBooking, type BookingSeed } from './support/seedBooking.ts';
import { browserSuite, SHOTS } from './support/suite.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const mailDir = inject('mailDir');
const analytics = inject('analytics');
const databaseFile = analytics.databaseFile;

describe('booking calendar: a visitor books a time with a guide', () => {
  const suite = browserSuite();
  let seed: BookingSeed;
  beforeAll(() => {
    // Unique per attempt: CI's retry must not meet the first attempt's tour and guide.
    seed = seedBooking(databaseFile, demoTourId, Date.now().toString(36));
  });

  it('books from the viewer with the keyboard, gets the mail with its .ics, and cancels with the mailed link', { timeout: 240_000 }, async () => {
    const { page } = await suite.pageFor({ viewport: { width: 1280, height: 800 } });
    const errors = collectConsoleErrors(page);
    await page.goto(`${baseUrl}/${seed.tourId}?autorotate=false&locale=en`);
    await page.getByTestId('open-booking').click({ timeout: 120_000 });
    const panel = page.getByTestId('booking-panel');
    await panel.waitFor();
    const slot = page.getByTestId('booking-slot').first();
    await slot.waitFor({ timeout: 30_000 });
    const start = await slot.getAttribute('data-start');
    await page.screenshot({ path: path.join(SHOTS, 'booking-1-calendar.png') });

    // Keyboard only: the slot is a button; Enter opens the form.
    await slot.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('booking-form').waitFor();
    // Section 5: name and email required; nothing is sent until they are given.
    await page.getByTestId('booking-submit').click();
    expect(await page.locator('.atrium-booking__problem').allTextContents()).toEqual(['Field required.', 'Field required.']);
    const email = `visitor.${Date.now().toString(36)}@example.test`;
    await page.getByTestId('booking-name').fill('Vera Visitor');
    await page.getByTestId('booking-email').fill(email);
    await page.screenshot({ path: path.join(SHOTS, 'booking-2-form.png') });
    await page.getByTestId('booking-email').press('Enter');
    const done = page.getByTestId('booking-done');
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toContain(email);
    await page.screenshot({ path: path.join(SHOTS, 'booking-3-done.png') });

    // The confirmation: an .ics for that time, and the manage link.
    const mail = await mailTo(mailDir, email);
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content.toString('utf8'))).getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe(start);
    expect((await mailTo(mailDir, seed.guideEmail)).subject).toContain('Harbour House (book a time)');
    const link = /(https?:\/\/\S+\/booking\?key=[A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;

    await page.goto(link);
    await page.getByTestId('manage-summary').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('manage-summary').textContent()).toBe('Harbour House (book a time) with Gus Guide');
    await page.getByTestId('manage-cancel').click();
    await page.getByTestId('manage-cancelled').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'booking-4-cancelled.png') });
    // The time is free again for the next visitor.
    const slots = await (await fetch(`${baseUrl}/v2/buildings/${seed.tourId}/booking-slots?language=fr&days=7`)).json() as { slots: { start: string }[] };
    expect(slots.slots.map((s) => s.start)).toContain(start);
    expect(errors).toEqual([]);
  });

  it('on a phone, in Arabic: the calendar opens from the menu, right to left', { timeout: 180_000 }, async () => {
    const { page } = await suite.pageFor({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await page.goto(`${baseUrl}/${seed.tourId}?autorotate=false&locale=ar`);
    await page.getByTestId('open-menu').click({ timeout: 120_000 });
    await page.getByTestId('open-booking').click({ timeout: 30_000 });
    await page.getByTestId('booking-slot').first().waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const box = await page.getByTestId('booking-panel').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.getByTestId('booking-panel').locator('h2').textContent()).toBe('احجز موعدًا مع مرشد');
    await page.screenshot({ path: path.join(SHOTS, 'booking-5-phone-ar.png') });
  });

  it('shows the owner the guide, the bookings and the CSV export in the studio\'s Guides tab', { timeout: 180_000 }, async () => {
    const { page } = await suite.pageFor({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript((token) => localStorage.setItem('atrium.sessionToken', token), analytics.owner.token);
    await page.goto(`${baseUrl}/studio/${seed.tourId}?locale=en`);
    await page.getByTestId('studio-tab-guides').click({ timeout: 60_000 });
    const row = page.getByTestId('guide-row');
    await row.waitFor({ timeout: 30_000 });
    expect(await row.locator('strong').textContent()).toBe(seed.guideEmail);
    await page.getByTestId('studio-booking-row').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('studio-booking-row').first().textContent()).toContain('Vera Visitor');
    // The export is a real download of the server's CSV (fetched with the owner's identity).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bookings-csv').click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('start_utc,end_utc,status,language,guide,guide_email,name,email,phone,note,booked_at');
    expect(csv).toContain('Vera Visitor');
    await page.screenshot({ path: path.join(SHOTS, 'booking-6-studio.png'), fullPage: true });
  });

  it('opens the calendar from the tour ring\'s link (?calendar=1)', { timeout: 120_000 }, async () => {
    const { page } = await suite.pageFor({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/${seed.tourId}?autorotate=false&locale=en&calendar=1`);
    await page.getByTestId('booking-slot').first().waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('booking-panel').locator('h2').textContent()).toBe('Book a time with a guide');
  });
});
