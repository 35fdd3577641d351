import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, freshEmail, type PageOptions } from './support/suite.ts';
import { collectConsoleErrors } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const SHOTS = path.resolve('test-results/e2e');
const TOUR_PATH = `/${demoTourId}?autorotate=false`;
// A unique suffix keeps the run independent of accounts left by earlier runs on the same data folder.
const RUN = `${process.pid}${Math.floor(Math.random() * 1e6)}`;
const GRACE = { firstName: 'Grace', lastName: 'Hopper', email: `grace.${RUN}@example.com`, password: 'cobol1959' };

/** 404s of optional media belong to other features; the account pages and panel must add no error of their own. */
const ownErrors = (errors: string[], expected: RegExp[] = []) =>
  errors.filter((e) => !/status of 404/.test(e) && !expected.some((pattern) => pattern.test(e)));

const text = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`).textContent();

async function fillSignup(page: Page, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) await page.fill(`[data-testid="field-signup-${field}"]`, value);
}

describe('accounts: sign up, the profile panel, log out, log in', () => {
  const suite = browserSuite();
  beforeAll(async () => {
    const res = await fetch(`${baseUrl}/v2/users/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...GRACE, agreeTerms: true }),
    });
    expect(res.status).toBe(200);
  });
  const pageFor = (opts: PageOptions = {}) => suite.pageFor(opts);

  async function logIn(page: Page, next = TOUR_PATH) {
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
    await page.fill('[data-testid="field-login-username"]', GRACE.email);
    await page.fill('[data-testid="field-login-password"]', GRACE.password);
    await page.click('[data-testid="login-submit"]');
    await page.waitForSelector('[data-testid="panel-profile"] [data-testid="profile-name"]', { timeout: 60_000 });
  }

  it('sign-up: every section 5 message for bad input, then the tour with the profile panel showing the name', async () => {
    const { page } = await pageFor();
    const errors = collectConsoleErrors(page);
    await page.goto(`${baseUrl}/signup?next=${encodeURIComponent(TOUR_PATH)}`);
    await page.waitForSelector('[data-testid="signup-form"]');
    expect(await page.evaluate(() => document.title)).toContain('Create your account');

    await page.click('[data-testid="signup-submit"]');
    for (const field of ['firstName', 'lastName', 'email', 'password', 'confirmPassword']) {
      expect(await text(page, `error-signup-${field}`), field).toBe('Field required.');
      expect(await page.getAttribute(`[data-testid="field-signup-${field}"]`, 'aria-invalid'), field).toBe('true');
      expect(await page.getAttribute(`[data-testid="field-signup-${field}"]`, 'aria-describedby'), field).toContain(`signup-${field}-error`);
    }
    expect(await text(page, 'error-signup-agreeTerms')).toBe('Please agree to the terms of use and the privacy policy to continue.');
    // Focus goes to the first field to fix, so keyboard users start there.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signup-firstName');
    // Optional fields are not marked.
    expect(await page.locator('[data-testid="error-signup-company"]').count()).toBe(0);

    await fillSignup(page, { email: 'ada.example.com', password: 'ab1', phone: 'call me' });
    expect(await text(page, 'error-signup-email')).toBe('Invalid email format.');
    expect(await text(page, 'error-signup-password')).toBe('Minimum length is 8 characters.');
    expect(await text(page, 'error-signup-phone')).toBe('Please enter the phone number or the format is incorrect');
    await fillSignup(page, { password: 'abcdefgh' });
    expect(await text(page, 'error-signup-password')).toBe('Use at least one letter and one number.');
    await fillSignup(page, { password: 'engine42', confirmPassword: 'engine43' });
    expect(await text(page, 'error-signup-confirmPassword')).toBe('Password does not match.');
    await page.screenshot({ path: path.join(SHOTS, 'accounts-signup-errors.png'), fullPage: true });

    // An email that already has an account is told when the visitor leaves the field.
    await fillSignup(page, { email: GRACE.email.toUpperCase() });
    await page.locator('[data-testid="field-signup-email"]').blur();
    await page.waitForSelector('[data-testid="error-signup-email"]:has-text("This email is already registered.")');

    const email = freshEmail('ada'); // not RUN's: CI's retry would meet the failed attempt's account
    await fillSignup(page, {
      firstName: 'Ada', lastName: 'Lovelace', email, confirmPassword: 'engine42', phone: '+44 20 7946 0958', company: 'Analytical Engines',
    });
    await page.check('[data-testid="field-signup-agreeTerms"]');
    expect(await page.locator('.atrium-field__error').count()).toBe(0);

    // The progress state: hold the answer until the button has been seen busy.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/v2/users/signup', async (route) => { await held; await route.continue(); });
    await page.click('[data-testid="signup-submit"]');
    const submit = page.locator('[data-testid="signup-submit"]');
    await page.waitForSelector('[data-testid="signup-submit"]:disabled');
    expect(await submit.textContent()).toBe('Creating your account…');
    expect(await page.locator('[data-testid="signup-submit"] .atrium-spinner').count()).toBe(1);
    await page.locator('.atrium-form__actions').screenshot({ path: path.join(SHOTS, 'accounts-signup-busy.png') });
    release();

    await page.waitForURL(`${baseUrl}${TOUR_PATH}`);
    await page.waitForSelector('[data-testid="panel-profile"] [data-testid="profile-name"]', { timeout: 60_000 });
    expect(await text(page, 'profile-name')).toBe('Ada Lovelace');
    expect(await text(page, 'profile-email')).toBe(email);
    expect(await text(page, 'profile-company')).toBe('Analytical Engines');
    expect(await page.getAttribute('[data-testid="open-profile"]', 'aria-pressed')).toBe('true');
    await page.locator('[data-testid="panel-profile"]').screenshot({ path: path.join(SHOTS, 'accounts-profile-panel.png') });
    await page.screenshot({ path: path.join(SHOTS, 'accounts-tour-signed-in.png') });

    // The panel closes and opens again from the menu.
    await page.click('[data-testid="panel-profile-close"]');
    await page.waitForSelector('[data-testid="panel-profile"]', { state: 'detached' });
    await page.click('[data-testid="open-profile"]');
    await page.waitForSelector('[data-testid="panel-profile"] [data-testid="profile-name"]');
    expect(ownErrors(errors)).toEqual([]);
  });

  it('the profile panel edits the profile, refuses a wrong current password and logs out', async () => {
    const { page } = await pageFor();
    const errors = collectConsoleErrors(page);
    await logIn(page);
    expect(await text(page, 'profile-name')).toBe('Grace Hopper');

    await page.click('[data-testid="profile-edit"] summary');
    await page.fill('[data-testid="field-profile-occupation"]', 'Rear admiral');
    await page.click('[data-testid="profile-form-submit"]');
    await page.waitForSelector('[data-testid="profile-form-status"]:has-text("Your profile has been saved.")');
    expect(await text(page, 'profile-occupation')).toBe('Rear admiral');

    await page.click('[data-testid="profile-password"] summary');
    await page.fill('[data-testid="field-password-currentPassword"]', 'not-my-password1');
    await page.fill('[data-testid="field-password-newPassword"]', 'short');
    await page.click('[data-testid="password-form-submit"]');
    expect(await text(page, 'error-password-newPassword')).toBe('Minimum length is 8 characters.');
    await page.fill('[data-testid="field-password-newPassword"]', 'compiler1952');
    await page.fill('[data-testid="field-password-confirmPassword"]', 'compiler1952');
    await page.click('[data-testid="password-form-submit"]');
    // Section 7: the failure comes from the answer's error field.
    await page.waitForSelector('[data-testid="password-form-failure"]:has-text("Your current password is incorrect.")');

    const logout = page.waitForRequest((r) => r.url().endsWith('/v1/users/logout') && Boolean(r.headers()['x-session-token']));
    await page.click('[data-testid="profile-logout"]');
    await logout;
    await page.waitForSelector('[data-testid="panel-profile"]', { state: 'detached' });
    await page.waitForSelector('[data-testid="sign-in"]');
    expect(await page.locator('[data-testid="open-profile"]').count()).toBe(0);
    // Focus lands on "Sign in", not on the page body.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'sign-in');
    // The wrong current password answers 400 by design (its message is shown above).
    expect(ownErrors(errors, [/status of 400/])).toEqual([]);
  });

  it('log in: "Invalid account or password" for a wrong password, then back to the tour named by next=', async () => {
    const { page } = await pageFor();
    const errors = collectConsoleErrors(page);
    await page.goto(`${baseUrl}${TOUR_PATH}&index=2`);
    await page.waitForSelector('[data-testid="sign-in"]', { timeout: 60_000 });
    await page.click('[data-testid="sign-in"]');
    await page.waitForSelector('[data-testid="login-form"]');
    const next = new URL(page.url()).searchParams.get('next');
    expect(next).toBe(`${TOUR_PATH}&index=2`);
    await page.screenshot({ path: path.join(SHOTS, 'accounts-login.png') });

    // Keyboard only: type, Tab to the password, Enter submits.
    await page.focus('[data-testid="field-login-username"]');
    await page.keyboard.type(GRACE.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('wrong-password1');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="login-failure"]:has-text("Invalid account or password")');
    expect(await text(page, 'login-failure')).toBe('Invalid account or password');

    await page.fill('[data-testid="field-login-password"]', GRACE.password);
    const profileCall = page.waitForRequest((r) => r.url().endsWith('/v2/users/profile'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}${TOUR_PATH}&index=2`);
    // The identity headers go with every call once signed in.
    const headers = (await profileCall).headers();
    expect(headers['x-token-type']).toBe('istaging');
    expect(headers['x-session-token']?.length).toBeGreaterThan(20);
    expect(headers['x-user-id']).toBeTruthy();
    await page.waitForSelector('[data-testid="panel-profile"] [data-testid="profile-name"]');
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]');
    // The only error is the refused login itself (Chromium logs every 401 answer).
    expect(ownErrors(errors, [/status of 401/])).toEqual([]);
  });

  it('next= never leaves the site: an external address lands on the default tour', async () => {
    const { page } = await pageFor();
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent('https://evil.example/phish')}`);
    await page.waitForSelector('[data-testid="login-form"]');
    expect(await page.getAttribute('[data-testid="account-back"]', 'href')).toBe('/');
    await page.fill('[data-testid="field-login-username"]', GRACE.email);
    await page.fill('[data-testid="field-login-password"]', GRACE.password);
    await page.click('[data-testid="login-submit"]');
    // The route named default ('/') then opens the instance's default tour, whichever it is.
    const { objectId } = (await (await fetch(`${baseUrl}/v2/buildings/default`)).json()) as { objectId: string };
    await page.waitForURL(`${baseUrl}/${objectId}`);
    expect(new URL(page.url()).origin).toBe(baseUrl);
  });

  it('a reload keeps the session (strictly necessary storage); everything else waits for cookie consent', async () => {
    const { page } = await pageFor();
    await logIn(page);
    // Unanswered consent: the session token is kept (it is what signing in asked for), and nothing else is written.
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['atrium.sessionToken']);
    const resumed = page.waitForRequest((r) => /\/v1\/users\/login\/[^/]+$/.test(r.url()));
    await page.reload();
    await resumed;
    await page.waitForSelector('[data-testid="panel-profile"] [data-testid="profile-name"]', { timeout: 60_000 });
    expect(await text(page, 'profile-name')).toBe('Grace Hopper');
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['atrium.sessionToken']);

    // Consent then lets the rest (e.g. the device id that remembers likes) reach the device too.
    await page.click('[data-testid="cookie-accept"]');
    expect(await page.evaluate(() => document.cookie)).toContain('atrium_consent=all');
    expect(await page.evaluate(() => localStorage.getItem('atrium.sessionToken'))).toBeTruthy();
  });

  it('Arabic: the account pages are right to left and translated', async () => {
    const { page } = await pageFor();
    const errors = collectConsoleErrors(page);
    await page.goto(`${baseUrl}/login?locale=ar&next=${encodeURIComponent(TOUR_PATH)}`);
    await page.waitForSelector('[data-testid="login-form"]');
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);
    expect(await page.textContent('label[for="login-password"]')).not.toBe('Password');
    await page.screenshot({ path: path.join(SHOTS, 'accounts-login-ar.png') });
    // The language travels to the sign-up page.
    await page.click('[data-testid="to-signup"]');
    await page.waitForSelector('[data-testid="signup-form"]');
    expect(new URL(page.url()).searchParams.get('locale')).toBe('ar');
    await page.click('[data-testid="signup-submit"]');
    await page.screenshot({ path: path.join(SHOTS, 'accounts-signup-ar.png'), fullPage: true });
    expect(ownErrors(errors)).toEqual([]);
  });

  it('phone (390 px): login and sign-up pages, menu entry and profile panel fit', async () => {
    const { page, context } = await pageFor({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent(TOUR_PATH)}`);
    await page.waitForSelector('[data-testid="login-form"]');
    await page.screenshot({ path: path.join(SHOTS, 'accounts-login-phone.png') });
    await page.goto(`${baseUrl}/signup?next=${encodeURIComponent(TOUR_PATH)}`);
    await page.waitForSelector('[data-testid="signup-form"]');
    await page.click('[data-testid="signup-submit"]');
    expect(await page.evaluate(() => document.querySelector('.atrium-account__card')!.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SHOTS, 'accounts-signup-phone.png') });

    // A kept session (consent given earlier) resumes and the profile panel opens.
    const answer = (await (await fetch(`${baseUrl}/v1/users/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: GRACE.email, password: GRACE.password, allowVisitor: true }),
    })).json()) as { sessionToken: string };
    await context.addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
    await page.evaluate((token) => localStorage.setItem('atrium.sessionToken', token), answer.sessionToken);
    await page.goto(`${baseUrl}${TOUR_PATH}`);
    await page.waitForSelector('[data-testid="panel-profile"] [data-testid="profile-name"]', { timeout: 60_000 });
    const box = (await page.locator('[data-testid="panel-profile"]').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SHOTS, 'accounts-profile-phone.png') });
    await page.click('[data-testid="panel-profile-close"]');
    await page.click('[data-testid="open-menu"]');
    await page.waitForSelector('[data-testid="mobile-menu"] [data-testid="open-profile"]:has-text("Profile")');
  });
});
