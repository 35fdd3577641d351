import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionAnswer } from '../../src/protocol/accounts.ts';
import { collectConsoleErrors } from './support/browser.ts';
import { browserSuite } from './support/suite.ts';

const baseUrl = inject('baseUrl');
const SHOTS = path.resolve('test-results/e2e');
const PHOTO = path.resolve(import.meta.dirname, '../../../shared/fixtures/panoramas/fishermans-bastion-equirect.jpg');

/** A member signed up through the real API; the page resumes the session from the kept token (consent given). */
async function signUp(): Promise<SessionAnswer> {
  const res = await fetch(`${baseUrl}/v2/users/signup`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `owner-${Date.now()}@example.test`, password: 'harbour42house', firstName: 'Olive', lastName: 'Owner', agreeTerms: true }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SessionAnswer;
}

describe('the studio: build a tour from photographs in the browser', () => {
  const suite = browserSuite();
  let files: string[];
  let planFile: string;
  beforeAll(async () => {
    // Two real photographs: the bastion, and the bastion seen the other way round.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-studio-e2e-'));
    files = [path.join(dir, 'bastion-north.jpg'), path.join(dir, 'bastion-south.jpg'), path.join(dir, 'notes.jpg')];
    fs.copyFileSync(PHOTO, files[0]!);
    await sharp(PHOTO).flop().jpeg({ quality: 85 }).toFile(files[1]!);
    // A text file named like a photo: refused on its own, the photographs still go through.
    fs.writeFileSync(files[2]!, 'shopping list: bread, milk');
    planFile = path.join(dir, 'plan.png');
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#f4f1e8' } })
      .composite([{ input: Buffer.from('<svg width="600" height="400"><rect x="20" y="20" width="560" height="360" fill="none" stroke="#333" stroke-width="8"/><line x1="300" y1="20" x2="300" y2="380" stroke="#333" stroke-width="6"/></svg>') }])
      .png().toFile(planFile);
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    const { page } = await suite.pageFor();
    await page.goto(`${baseUrl}/studio`);
    await page.waitForSelector('[data-testid="studio-signed-out"]');
    const href = await page.locator('[data-testid="studio-signed-out"] a').getAttribute('href');
    expect(href).toContain('/login?next=%2Fstudio');
  });

  it('creates a tour, uploads two photographs, renames and reorders them; a visitor walks the result', async () => {
    const owner = await signUp();
    const { context, page } = await suite.pageFor();
    await context.addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
    await context.addInitScript((token) => localStorage.setItem('atrium.sessionToken', token), owner.sessionToken);
    const errors = collectConsoleErrors(page);

    await page.goto(`${baseUrl}/studio`);
    await page.click('[data-testid="studio-new-tour"]');
    await page.fill('[data-testid="studio-tour-name"]', 'Fisherman’s Bastion');
    await page.screenshot({ path: path.join(SHOTS, 'studio-tours.png') });
    await page.click('[data-testid="studio-create-tour"]');
    await page.waitForURL(/\/studio\/[A-Za-z0-9_-]+$/);
    const tourId = new URL(page.url()).pathname.split('/').pop()!;
    await page.waitForSelector('[data-testid="studio-settings"]');

    // A bad latitude is named under its field and nothing is sent; fixed, it saves.
    await page.fill('[data-testid="studio-latitude"]', '95');
    await page.fill('[data-testid="studio-longitude"]', '19.0348');
    await page.click('[data-testid="studio-save-settings"]');
    await page.waitForSelector('#studio-err-geoLatitude');
    expect(await page.getAttribute('[data-testid="studio-latitude"]', 'aria-invalid')).toBe('true');
    await page.screenshot({ path: path.join(SHOTS, 'studio-settings-error.png') });
    await page.fill('[data-testid="studio-latitude"]', '47.5021');
    await page.click('[data-testid="studio-flag-hidden"]');
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/v2/studio/tours/${tourId}`));
    await page.click('[data-testid="studio-save-settings"]');
    expect((await saved).status()).toBe(200);
    await page.waitForSelector('.studio-ok');
    await page.screenshot({ path: path.join(SHOTS, 'studio-settings.png'), fullPage: true });
    // The tour is public again before visitors walk it.
    await page.click('[data-testid="studio-flag-hidden"]');
    const unhidden = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/v2/studio/tours/${tourId}`));
    await page.click('[data-testid="studio-save-settings"]');
    expect((await unhidden).status()).toBe(200);
    // A new tour is a draft (badge and banner) until it is published; a visitor meanwhile hears "hidden".
    expect(await page.getAttribute('[data-testid="studio-draft-status"]', 'data-draft')).toBe('true');
    expect(await page.locator('h1 [data-testid="studio-draft-badge"]').count()).toBe(1);
    expect((await fetch(`${baseUrl}/v2/buildings/openLink/${tourId}`)).status).toBe(403);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'studio-draft.png') });
    await page.click('[data-testid="studio-publish-tour"]');
    await page.waitForSelector('[data-testid="studio-unpublish-tour"]');
    expect(await page.locator('h1 [data-testid="studio-draft-badge"]').count()).toBe(0);

    await page.click('[data-testid="studio-tab-panoramas"]');
    await page.setInputFiles('[data-testid="studio-upload-input"]', files);
    const rows = page.locator('[data-testid="studio-panorama-row"][data-status="ready"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="studio-panorama-row"]').length === 3);
    // Live progress: while tiling, the rows say so (the stream may already have finished on a fast machine).
    const seen = await page.locator('[data-testid="studio-panorama-row"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(seen.every((s) => ['uploading', 'tiling', 'ready', 'failed'].includes(s ?? ''))).toBe(true);
    await page.waitForSelector('[data-testid="studio-panorama-row"][data-status="tiling"]').catch(() => undefined);
    await page.screenshot({ path: path.join(SHOTS, 'studio-tiling.png') });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="studio-panorama-row"][data-status="ready"]').length === 2, undefined, { timeout: 120_000 });
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-name')))).toEqual(['bastion north', 'bastion south']);
    const refused = page.locator('[data-testid="studio-panorama-row"][data-status="failed"]');
    await refused.waitFor();
    expect(await refused.getAttribute('data-name')).toBe('notes.jpg');
    expect(await refused.locator('[role="alert"]').textContent()).toContain('notes.jpg is not an image');

    // Rename the second one.
    const name = rows.nth(1).locator('[data-testid="studio-panorama-name"]');
    await name.fill('South terrace');
    const renamed = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/panoramas/'));
    await name.press('Enter');
    expect((await renamed).status()).toBe(200);

    // Reorder with the keyboard-accessible buttons: the terrace comes first.
    const reordered = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/panoramas/order'));
    await rows.nth(1).locator('[data-testid="studio-move-up"]').click();
    expect((await reordered).status()).toBe(200);
    await page.waitForFunction(() => document.querySelector('[data-testid="studio-panorama-row"]')?.getAttribute('data-name') === 'South terrace');
    await page.screenshot({ path: path.join(SHOTS, 'studio-panoramas.png'), fullPage: true });

    // The initial view is chosen on the flat picture; the arrow keys move it.
    await rows.nth(0).locator('button', { hasText: 'Initial view' }).click();
    const area = page.locator('.studio-aim-area');
    await area.click({ position: { x: 300, y: 150 } });
    await area.press('ArrowRight');
    await page.screenshot({ path: path.join(SHOTS, 'studio-initial-view.png') });
    const aimed = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/panoramas/'));
    await page.click('[data-testid="studio-save-view"]');
    const view = (await (await aimed).json()).panoramas[0].initialView;
    expect(view.ath).toBeGreaterThan(-180);
    expect(view.ath).toBeLessThan(180);
    // A floor plan (uploaded in Settings), then the panorama placed on it with a click.
    await page.click('[data-testid="studio-tab-settings"]');
    await page.setInputFiles('[data-testid="studio-floorplan-input"]', planFile);
    await page.waitForSelector('[data-testid="studio-floorplan"] img');
    await page.click('[data-testid="studio-tab-panoramas"]');
    await page.selectOption('[data-testid="studio-plan"] select', { label: 'South terrace' });
    const placed = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/panoramas/'));
    const plan = (await page.locator('[data-testid="studio-plan-image"]').boundingBox())!;
    await page.click('[data-testid="studio-plan-image"]', { position: { x: plan.width / 4, y: plan.height / 4 } });
    const position = (await (await placed).json()).panoramas[0].position;
    expect(position.x).toBeCloseTo(0.25, 1);
    expect(position.y).toBeCloseTo(0.25, 1);
    await page.locator('[data-testid="studio-plan"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'studio-plan.png') });

    // Console errors: only the refused upload's 200 carries its refusal, so there are none.
    expect(errors).toEqual([]);

    await page.click('text=← My tours');
    await page.waitForSelector('[data-testid="studio-tour-card"]');
    // The account's usage against the server's quotas (the defaults: 100 tours, 2000 panoramas, 50 GB).
    await expect.poll(() => page.getByTestId('studio-usage').textContent()).toMatch(/Tours: 1 of 100.*Panoramas: 2 of 2,000.*Storage: \d+(\.\d)? MB of 50 GB/);
    await page.screenshot({ path: path.join(SHOTS, 'studio-tours-list.png') });

    // A visitor (no account) opens the tour and finds both panoramas in the new order.
    const visitor = await suite.pageFor();
    await visitor.page.goto(`${baseUrl}/${tourId}?autorotate=false`);
    await visitor.page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 90_000 });
    await visitor.page.click('[data-testid="panobar-toggle"]');
    const names = await visitor.page.locator('[data-testid="panobar"] .atrium-panobar__name').allTextContents();
    expect(names).toEqual(['South terrace', 'bastion north']);
    await visitor.page.screenshot({ path: path.join(SHOTS, 'studio-visitor.png') });

    // Remove with confirmation, then restore from the Removed section: the way back.
    await page.click('[data-testid="studio-tour-card"] a');
    await page.click('[data-testid="studio-remove-tour"]');
    await page.waitForSelector('[data-testid="studio-confirm"]');
    await page.screenshot({ path: path.join(SHOTS, 'studio-remove-confirm.png') });
    await page.click('[data-testid="studio-confirm-yes"]');
    await page.waitForSelector('[data-testid="studio-removed-banner"]');
    expect((await fetch(`${baseUrl}/v2/buildings/openLink/${tourId}`)).status).toBe(410);
    await page.click('text=← My tours');
    await page.locator('[data-testid="studio-removed-tour"] button').click();
    await page.waitForSelector('[data-testid="studio-tour-card"]');
    expect((await fetch(`${baseUrl}/v2/buildings/openLink/${tourId}`)).status).toBe(200);

    // Arabic: the studio turns right-to-left.
    await page.goto(`${baseUrl}/studio?locale=ar`);
    await page.waitForSelector('[data-testid="studio-tour-card"]');
    expect(await page.getAttribute('[data-testid="page-studio"]', 'dir')).toBe('rtl');
    await page.screenshot({ path: path.join(SHOTS, 'studio-tours-ar.png') });
  });
});
