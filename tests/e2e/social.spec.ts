import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COMMENT_MAX_LENGTH } from '../../src/protocol/constants.ts';
import { browserSuite } from './support/suite.ts';
import { collectConsoleErrors } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const SHOTS = path.resolve('test-results/e2e');

const open = async (page: Page, query = '') => {
  await page.goto(`${baseUrl}/${demoTourId}?autorotate=false${query}`);
  await page.waitForSelector('[data-testid="float-menu"]', { timeout: 60_000 });
};
const openWithSocial = async (page: Page, query = '') => {
  await open(page, query);
  await page.waitForSelector('[data-testid="social-bar"]', { timeout: 60_000 });
};
const number = async (page: Page, testId: string) => Number((await page.textContent(`[data-testid="${testId}"]`))!.replace(/\D/g, ''));
const waitForNumber = (page: Page, testId: string, expected: number) =>
  page.waitForFunction(([id, n]) => Number(document.querySelector(`[data-testid="${id}"]`)?.textContent?.replace(/\D/g, '')) === n, [testId, expected] as const, { timeout: 15_000 });

describe('live social data (views, likes, comments)', () => {
  const suite = browserSuite();
  const pageFor = async () => (await suite.pageFor()).page;

  it('a like in one browser updates the count in another, and toggles back', async () => {
    const alice = await pageFor();
    const bob = await pageFor();
    await openWithSocial(alice);
    await openWithSocial(bob);
    const likes = await number(bob, 'like-count');
    expect(await alice.getAttribute('[data-testid="like"]', 'aria-pressed')).toBe('false');
    await alice.click('[data-testid="like"]');
    expect(await alice.getAttribute('[data-testid="like"]', 'aria-pressed')).toBe('true');
    await waitForNumber(bob, 'like-count', likes + 1);
    await alice.click('[data-testid="like"]');
    expect(await alice.getAttribute('[data-testid="like"]', 'aria-pressed')).toBe('false');
    await waitForNumber(bob, 'like-count', likes);
    // The view count is a number the visitor can read.
    expect(await number(bob, 'view-count-value')).toBeGreaterThan(0);
  });

  it('comments: closed at first, latest first, a comment and a reply arrive live in the other browser, text stays text', async () => {
    const alice = await pageFor();
    const bob = await pageFor();
    const errors = collectConsoleErrors(alice);
    await openWithSocial(alice);
    await openWithSocial(bob);
    expect(await alice.locator('[data-testid="panel-comments"]').count()).toBe(0);
    expect(await alice.getAttribute('[data-testid="open-comments"]', 'aria-expanded')).toBe('false');
    await alice.click('[data-testid="open-comments"]');
    await bob.click('[data-testid="open-comments"]');
    await alice.waitForSelector('[data-testid="panel-comments"][data-state="ready"]');
    await bob.waitForSelector('[data-testid="panel-comments"][data-state="ready"]');
    const count = await number(bob, 'comment-count');

    // The form says what is wrong before anything is sent.
    await alice.click('[data-testid="comment-form-submit"]');
    expect(await alice.textContent('[data-testid="comment-form"] [data-testid="comment-error"]')).toBe('Your comment is empty. Write something before posting.');
    await alice.fill('[data-testid="comment-form"] textarea', 'x'.repeat(COMMENT_MAX_LENGTH + 1));
    await alice.click('[data-testid="comment-form-submit"]');
    expect(await alice.textContent('[data-testid="comment-form"] [data-testid="comment-error"]')).toBe(`Your comment is too long: at most ${COMMENT_MAX_LENGTH} characters.`);

    const message = `Lovely light in here <b>${Date.now()}</b>`;
    await alice.fill('[data-testid="comment-form"] textarea', message);
    await alice.click('[data-testid="comment-form-submit"]');
    await alice.waitForFunction(() => (document.querySelector('[data-testid="comment-form"] textarea') as HTMLTextAreaElement).value === '');
    // Bob did not reload: the comment arrives on top of his list, as text, and his count follows.
    const first = bob.locator('[data-testid="comment"]').first();
    await bob.waitForFunction((m) => document.querySelector('[data-testid="comment"] [data-testid="comment-message"]')?.textContent === m, message, { timeout: 15_000 });
    expect(await first.locator('b').count()).toBe(0);
    expect(await first.locator('strong').textContent()).toBe('Visitor');
    await waitForNumber(bob, 'comment-count', count + 1);

    // Bob replies; Alice sees the reply under her comment.
    await first.locator('[data-testid="reply-open"]').click();
    await first.locator('[data-testid="reply-form"] textarea').fill('Agreed, the morning sun is best.');
    await first.locator('[data-testid="reply-form-submit"]').click();
    await alice.waitForFunction(() => document.querySelector('[data-testid="comment"] [data-testid="reply"] [data-testid="comment-message"]')?.textContent === 'Agreed, the morning sun is best.', undefined, { timeout: 15_000 });
    await waitForNumber(alice, 'comment-count', count + 2);
    await alice.locator('[data-testid="panel-comments"]').screenshot({ path: path.join(SHOTS, 'social-comments.png') });
    await alice.screenshot({ path: path.join(SHOTS, 'social-viewer.png') });

    await alice.keyboard.press('Escape');
    await alice.waitForSelector('[data-testid="panel-comments"]', { state: 'detached' });
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });

  it('shows 10 comments at a time, latest first, and loads more on request', async () => {
    const writer = await pageFor();
    await openWithSocial(writer);
    await writer.click('[data-testid="open-comments"]');
    await writer.waitForSelector('[data-testid="panel-comments"][data-state="ready"]');
    // Enough comments for two batches whatever the other tests left (the per-visitor limit allows 5 a minute,
    // so several browsers write them).
    for (let b = 0; b < 3; b++) {
      const page = await pageFor();
      await openWithSocial(page);
      await page.click('[data-testid="open-comments"]');
      for (let i = 0; i < 4; i++) {
        await page.fill('[data-testid="comment-form"] textarea', `batch ${b}-${i}`);
        await page.click('[data-testid="comment-form-submit"]');
        await page.waitForFunction(() => (document.querySelector('[data-testid="comment-form"] textarea') as HTMLTextAreaElement).value === '');
      }
    }
    const reader = await pageFor();
    await openWithSocial(reader);
    await reader.click('[data-testid="open-comments"]');
    await reader.waitForSelector('[data-testid="panel-comments"][data-state="ready"]');
    const messages = () => reader.locator('[data-testid="comment"] > [data-testid="comment-message"]').allTextContents();
    const firstBatch = await messages();
    expect(firstBatch).toHaveLength(10);
    expect(firstBatch.slice(0, 4)).toEqual(['batch 2-3', 'batch 2-2', 'batch 2-1', 'batch 2-0']);
    await reader.click('[data-testid="comments-more"]');
    await reader.waitForFunction(() => document.querySelectorAll('[data-testid="comment"]').length > 10);
    const both = await messages();
    expect(both.slice(0, 10)).toEqual(firstBatch);
    expect(both.slice(10, 12)).toEqual(['batch 0-1', 'batch 0-0']);
  });

  it('hideLike, hideComment and hideViewNum hide what they name', async () => {
    const page = await pageFor();
    await openWithSocial(page, '&hideLike=true');
    expect(await page.locator('[data-testid="like"]').count()).toBe(0);
    expect(await page.locator('[data-testid="view-count"]').count()).toBe(1);
    expect(await page.locator('[data-testid="open-comments"]').count()).toBe(1);
    await openWithSocial(page, '&hideComment=true');
    expect(await page.locator('[data-testid="open-comments"]').count()).toBe(0);
    expect(await page.locator('[data-testid="like"]').count()).toBe(1);
    // hide wins over show
    await openWithSocial(page, '&hideViewNum=true&hideComment=true&showComment=true');
    expect(await page.locator('[data-testid="view-count"]').count()).toBe(0);
    expect(await page.locator('[data-testid="open-comments"]').count()).toBe(0);
    expect(await page.locator('[data-testid="like"]').count()).toBe(1);
  });

  it('speaks the visitor\'s language, right to left in Arabic', async () => {
    const page = await pageFor();
    await openWithSocial(page, '&locale=ar');
    await page.click('[data-testid="open-comments"]');
    await page.waitForSelector('[data-testid="panel-comments"][data-state="ready"]');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.textContent('#atrium-comments-title')).toBe('التعليقات');
    expect(await page.getAttribute('[data-testid="like"]', 'aria-label')).toMatch(/^أعجبني/);
    await page.screenshot({ path: path.join(SHOTS, 'social-rtl.png') });
  });

  it('an unreachable realtime service leaves the tour working and says nothing; the counts appear once it answers', async () => {
    const page = await pageFor();
    const errors = collectConsoleErrors(page);
    // A realtime service that takes connections and never answers them, until the test lets them through.
    let attempts = 0;
    let answering = false;
    let secondAttempt: () => void = () => {};
    const retried = new Promise<void>((resolve) => { secondAttempt = resolve; });
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      attempts += 1;
      if (attempts >= 2) secondAttempt();
      if (answering) ws.connectToServer();
    });
    await open(page);
    await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
    // The viewer tried, waited, and tried again, quietly.
    await retried;
    expect(await page.locator('[data-testid="social-bar"]').count()).toBe(0);
    expect(await page.locator('[role="alert"], .atrium-error').count()).toBe(0);
    // The tour still works.
    await page.click('[data-testid="next"]');
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]');
    await page.click('[data-testid="open-info"]');
    await page.waitForSelector('[data-testid="panel-info"]');
    // The service answers again: the next attempt brings the likes and the view count.
    answering = true;
    await page.locator('[data-testid="social-bar"]').waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="like"]').waitFor();
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});
