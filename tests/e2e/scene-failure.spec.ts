import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BuildingAnalyticsSchema, type BuildingAnalytics } from '../../src/protocol/analytics.ts';
import { IDENTITY_HEADERS, TOKEN_TYPE } from '../../src/protocol/accounts.ts';
import { browserSuite, SHOTS } from './support/suite.ts';
import { collectConsoleErrors } from './support/browser.ts';
import { localeWords } from './support/locales.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const analyticsSeed = inject('analytics');

/**
 * The browser refuses the scene its WebGL context, as a blocklisted GPU or a GPU process that gave up does (a browser
 * without WebGL at all is viewer.spec.ts's case): only canvases in the document are refused, so the count below is
 * the scene's own attempts.
 */
async function refuseSceneWebGL(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __refusedContexts: number };
    w.__refusedContexts = 0;
    const original = HTMLCanvasElement.prototype.getContext;
    const refusing = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      if ((type === 'webgl2' || type === 'webgl') && this.isConnected) {
        w.__refusedContexts += 1;
        return null;
      }
      return (original as (this: HTMLCanvasElement, ...args: unknown[]) => unknown).call(this, type, ...rest);
    };
    HTMLCanvasElement.prototype.getContext = refusing as typeof HTMLCanvasElement.prototype.getContext;
  });
}

const openFailed = async (page: Page, kind: string, query = '') => {
  await page.goto(`${baseUrl}/${demoTourId}?autorotate=false${query}`);
  await page.waitForSelector(`[data-testid="scene-failed"][data-kind="${kind}"]`, { timeout: 60_000 });
};
/** The demo tour's figures as its owner's statistics page reads them (today's included). */
async function ownerFigures(): Promise<BuildingAnalytics> {
  const { owner } = analyticsSeed;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const answer = await fetch(`${baseUrl}/v2/analytics/buildings/${demoTourId}?from=${day(Date.now() - 864e5)}&to=${day(Date.now())}`, {
    headers: { [IDENTITY_HEADERS.tokenType]: TOKEN_TYPE, [IDENTITY_HEADERS.token]: owner.token, [IDENTITY_HEADERS.userId]: owner.userId },
  });
  expect(answer.status).toBe(200);
  return BuildingAnalyticsSchema.parse(await answer.json());
}
const number = async (page: Page, testId: string) => Number((await page.textContent(`[data-testid="${testId}"]`))!.replace(/\D/g, ''));

describe('a scene that fails at run time leaves the rest of the tour working', () => {
  const suite = browserSuite();

  it('WebGL refused to the scene: the visitor is told so, the poster goes, and likes, comments and meetings work', async () => {
    const { page: alice } = await suite.pageFor();
    const errors = collectConsoleErrors(alice);
    await refuseSceneWebGL(alice);
    await openFailed(alice, 'no-webgl');
    // The scene asked for its context and was refused, and never drew; no full-page error screen.
    expect(await alice.evaluate(() => (window as unknown as { __refusedContexts: number }).__refusedContexts)).toBeGreaterThan(0);
    expect(await alice.locator('[data-testid="error-no-webgl"]').count()).toBe(0);
    expect(await alice.evaluate(() => window.__atriumScene?.firstPixels ?? false)).toBe(false);
    expect(await alice.locator('[data-testid="scene-failed"] [role="alert"] p').textContent()).toBe(localeWords('en', 'viewer')('error.webgl-unavailable'));
    // No picture that looks like a viewer but never moves, no loading bar stuck at 100 %.
    await alice.waitForSelector('#atrium-poster', { state: 'detached' });
    expect(await alice.locator('[data-testid="progress"]').count()).toBe(0);

    // Likes: the server's count, as a second visitor (whose scene fails too) reads it.
    await alice.waitForSelector('[data-testid="social-bar"] [data-testid="like"]', { timeout: 60_000 });
    const likes = await number(alice, 'like-count');
    await alice.click('[data-testid="like"]');
    await alice.waitForSelector('[data-testid="like"][aria-pressed="true"]');
    // Comments: posted here, read from the server there.
    await alice.click('[data-testid="open-comments"]');
    await alice.waitForSelector('[data-testid="panel-comments"][data-state="ready"]');
    const message = `Seen without WebGL ${Date.now()}`;
    await alice.fill('[data-testid="comment-form"] textarea', message);
    await alice.click('[data-testid="comment-form-submit"]');
    await alice.waitForFunction(() => (document.querySelector('[data-testid="comment-form"] textarea') as HTMLTextAreaElement).value === '');

    const { page: bob } = await suite.pageFor();
    await refuseSceneWebGL(bob);
    await openFailed(bob, 'no-webgl');
    await bob.waitForSelector('[data-testid="social-bar"] [data-testid="like-count"]', { timeout: 60_000 });
    expect(await number(bob, 'like-count')).toBe(likes + 1);
    await bob.click('[data-testid="open-comments"]');
    await bob.waitForSelector('[data-testid="panel-comments"][data-state="ready"]');
    expect(await bob.locator('[data-testid="comment"] > [data-testid="comment-message"]').first().textContent()).toBe(message);
    await bob.keyboard.press('Escape');

    // The meeting entry: its menu opens and a code is checked by the server (an unknown one is refused).
    await alice.keyboard.press('Escape');
    await alice.click('[data-testid="meeting-button"]');
    await alice.fill('[data-testid="meeting-code-input"]', 'ABCD-2345');
    const [answer] = await Promise.all([
      alice.waitForResponse((r) => r.url().includes('/v2/meetings/code/')),
      alice.click('[data-testid="meeting-menu"] button[type="submit"]'),
    ]);
    expect(answer.status()).toBe(404);
    await alice.waitForSelector('[data-testid="meeting-code-error"]');
    await alice.click('[data-testid="meeting-button"]');
    await alice.screenshot({ path: path.join(SHOTS, 'scene-failed-webgl.png') });
    // The undo of the like, so other specs' counts are as they were; the server's answer restores the count.
    await alice.click('[data-testid="like"]');
    await alice.waitForSelector('[data-testid="like"][aria-pressed="false"]');
    await bob.waitForFunction((n) => Number(document.querySelector('[data-testid="like-count"]')?.textContent?.replace(/\D/g, '')) === n, likes, { timeout: 15_000 });
    // What the console saw: the refused context and the viewer's report of it, nothing else.
    expect(errors.filter((e) => !/WebGL context|SceneFailure|status of 404/.test(e))).toEqual([]);
  });

  it('a visitor whose scene failed is counted in the owner\'s figures, once, with their link source and viewing time', async () => {
    const before = await ownerFigures();
    const fromLinkedIn = (f: BuildingAnalytics) => f.linkSources.find((s) => s.source === 'linkedin')?.views ?? 0;
    const { page } = await suite.pageFor();
    await refuseSceneWebGL(page);
    const visits: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/v2/visitorhistory')) visits.push(r.url());
    });
    const created = page.waitForResponse((r) => r.url().endsWith('/v2/visitorhistory') && r.request().method() === 'POST', { timeout: 60_000 });
    await openFailed(page, 'no-webgl', '&ref=linkedin');
    const answer = await created;
    expect(answer.status()).toBe(200);
    const { visitorHistoryId } = (await answer.json()) as { visitorHistoryId: string };
    // The visit goes on while the tour is open: its viewing time reaches the server after five visible seconds.
    const patched = await page.waitForResponse((r) => r.url().endsWith(`/v2/visitorhistory/${visitorHistoryId}`) && r.request().method() === 'PATCH', { timeout: 30_000 });
    expect(await patched.json()).toEqual({ visitorHistoryId, viewingSeconds: 5 });
    // Panels and likes arrived meanwhile (the page re-rendered many times): still one visit.
    await page.waitForSelector('[data-testid="social-bar"] [data-testid="like"]', { timeout: 60_000 });
    expect(visits).toHaveLength(1);
    const after = await ownerFigures();
    expect(after.views).toBe(before.views + 1);
    expect(fromLinkedIn(after)).toBe(fromLinkedIn(before) + 1);
  });

  it('the scene\'s code never arrives: the visitor is told in their language, and the panels and likes are there', async () => {
    const { page } = await suite.pageFor();
    await page.route(/\/assets\/PanoramaScene-[^/]*\.js$/, (route) => route.abort());
    await openFailed(page, 'not-loaded', '&locale=ar');
    expect(await page.locator('[data-testid="scene-failed"] [role="alert"] p').textContent()).toBe(localeWords('ar', 'viewer')('error.chunk-load-failed'));
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await page.waitForSelector('[data-testid="float-menu"]', { timeout: 60_000 });
    await page.waitForSelector('[data-testid="social-bar"] [data-testid="like"]', { timeout: 60_000 });
    await page.waitForSelector('[data-testid="meeting-button"]');
    expect(await page.locator('[data-testid="progress"]').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'scene-failed-chunk-ar.png') });
  });
});
