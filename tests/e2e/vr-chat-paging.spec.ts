import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionAnswer } from '../../src/protocol/accounts.ts';
import type { Conversation } from '../../src/protocol/chat.ts';
import { XR_CHAT_MESSAGES } from '../../src/features/chat/model/xrChatPaging.ts';
import { PANEL_MAX_HEIGHT } from '../../src/features/xr/kit/panelSize.ts';
import { collectConsoleErrors, installIwer } from './support/browser.ts';
import { connectChat, sendStored } from './support/chatSocket.ts';
import { memberHeaders, seedChatTour, signIn } from './support/seedChat.ts';
import { browserSuite, freshEmail, SHOTS } from './support/suite.ts';
import { enterVR, frames, openFromMenu, press, waitForTarget } from './support/xr.ts';

// The in-world chat pages back as far as the flat box reaches (IWER, Meta Quest 3): a conversation longer than the
// client's first page (50) and far longer than the panel's page. The wearer presses "Earlier messages" by ray
// through the messages held, then past them (the same server paging as the flat box's button) to the very first
// message, and "Latest messages" brings the newest back. When the server's page cannot be fetched (the network
// drops it, then the server fails), the panel says so as the flat box does and Retry fetches it. The card keeps one
// height, within the panels' 700 mm, on every page.
const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const databaseFile = inject('analytics').databaseFile;
const TOUR = 'e2eChatPagingTour';
/** More than the client's latest page of 50, so reaching the first message needs the server's previous page. */
const MESSAGES = 56;
/** The oldest message the page holds before paging: the client loads the latest 50. */
const FIRST_HELD = MESSAGES - 50 + 1;
const text = (n: number) => `Message ${n} of ${MESSAGES}`;
/** A fetch of earlier messages (the latest page loads with before= too, before the panel pages). */
const OLDER_PAGE = /\/messages\?.*before=/;

const shown = (page: Page) => page.evaluate(() => window.__atriumXR?.shown?.chat ?? []);
const says = (page: Page, target: string) => page.evaluate((t) => window.__atriumXR?.texts?.[t] ?? null, target);
const placed = (page: Page, target: string) => page.evaluate((t) => window.__atriumXR?.targets[t]?.() ?? null, target);
/** The message numbers of a page that starts at `first`. */
const pageFrom = (first: number) => Array.from({ length: XR_CHAT_MESSAGES }, (_, i) => first + i);
const number = (line: string) => Number(/^Message (\d+) of/.exec(line)?.[1] ?? NaN);
/** The open panel's card, top edge to bottom edge, in millimetres (its world corners). */
const cardHeight = (page: Page) => page.evaluate(() => {
  const corners = window.__atriumXR?.corners['panel:card']?.();
  if (!corners) return null;
  const [top, , , bottom] = corners;
  if (!top || !bottom) return null;
  return Math.round(Math.hypot(top[0] - bottom[0], top[1] - bottom[1], top[2] - bottom[2]) * 1000);
});

describe('in-world chat paging in the real viewer (IWER, Meta Quest 3)', () => {
  const suite = browserSuite();
  let owner: SessionAnswer;
  beforeAll(async () => {
    owner = await seedChatTour({ baseUrl, demoTourId, databaseFile, tour: TOUR, ownerEmail: freshEmail('paging-organiser') });
  });

  /** A member's conversation with the organiser, written through the real socket: odd messages the member's, even the organiser's. */
  async function seedConversation(wearer: SessionAnswer): Promise<void> {
    const res = await fetch(`${baseUrl}/v2/messages/conversations`, { method: 'POST', headers: memberHeaders(wearer), body: JSON.stringify({ buildingId: TOUR }) });
    expect(res.status).toBe(200);
    const { conversationId } = (await res.json()) as Conversation;
    const visitor = await connectChat(baseUrl, wearer.sessionToken);
    const organiser = await connectChat(baseUrl, owner.sessionToken);
    try {
      for (let n = 1; n <= MESSAGES; n += 1) await sendStored(n % 2 ? visitor : organiser, conversationId, text(n));
    } finally {
      visitor.disconnect();
      organiser.disconnect();
    }
  }

  const cases = [
    { locale: 'en', earlier: 'Earlier messages', newest: 'Latest messages', failed: 'Earlier messages could not be loaded.', retry: 'Retry' },
    { locale: 'ar', earlier: 'رسائل سابقة', newest: 'أحدث الرسائل', failed: 'تعذّر تحميل الرسائل السابقة.', retry: 'أعد المحاولة' },
  ];
  for (const c of cases) {
    it(`pages back to the first message by ray, says when a page fails and retries, at one height (${c.locale})`, { timeout: 600_000 }, async () => {
      const signup = await fetch(`${baseUrl}/v2/users/signup`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: freshEmail('paging-wearer'), password: 'harbour42house', firstName: 'Wren', lastName: 'Wearer', agreeTerms: true }),
      });
      expect(signup.status).toBe(200);
      const wearer = (await signup.json()) as SessionAnswer;
      await seedConversation(wearer);

      const { page } = await suite.pageFor();
      const errors = collectConsoleErrors(page);
      page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} ${r.url()}`));
      const olderPages: string[] = [];
      page.on('request', (r) => OLDER_PAGE.test(r.url()) && olderPages.push(r.url()));
      await installIwer(page);
      await signIn(page, baseUrl, wearer.sessionToken);
      await page.goto(`${baseUrl}/${TOUR}?autorotate=false&locale=${c.locale}`);
      await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 90_000 });
      await enterVR(page);
      await waitForTarget(page, 'menu:chat');
      await openFromMenu(page, 'chat');

      // The newest page: the last messages, the first one nowhere, "Earlier messages" above them.
      await page.waitForFunction((last) => (window.__atriumXR?.shown?.chat ?? []).includes(last), text(MESSAGES), { timeout: 60_000 });
      expect(await shown(page)).toEqual(Array.from({ length: XR_CHAT_MESSAGES }, (_, i) => text(MESSAGES - XR_CHAT_MESSAGES + 1 + i)));
      expect(await says(page, 'chat:earlier')).toBe(c.earlier);
      expect(await placed(page, 'chat:newest'), 'no way to the newest on the newest page').toBeNull();
      const latestLoads = olderPages.length;
      await frames(page, 20);
      const height = await cardHeight(page);
      expect(height, 'the card is laid out').not.toBeNull();
      expect(height!, 'the card within the panels\' bound').toBeLessThanOrEqual(PANEL_MAX_HEIGHT);
      const heights = new Set([height]);
      await page.screenshot({ path: path.join(SHOTS, `vr-chat-newest-${c.locale}.png`) });

      // The server's earlier page cannot be fetched: the network drops the first try, the server fails the second.
      const failures: string[] = [];
      await page.route(OLDER_PAGE, async (route) => {
        failures.push(route.request().url());
        if (failures.length === 1) await route.abort('failed');
        else await route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"down"}' });
      });

      // Earlier, by ray, through the messages held until the press that needs the server: it fails, and says so.
      let oldest = number((await shown(page))[0]!);
      for (let presses = 1; oldest > FIRST_HELD; presses += 1) {
        // 50 held (7..56), three a page: 15 presses reach 9..11; the 16th needs the server's page, which fails, and
        // shows the oldest held, 7..9.
        expect(presses, 'the held messages run out within the pages there are').toBeLessThanOrEqual(Math.ceil(MESSAGES / XR_CHAT_MESSAGES));
        await press(page, 'chat:earlier');
        await page.waitForFunction((before) => {
          const first = (window.__atriumXR?.shown?.chat ?? [])[0];
          return first !== undefined && Number(/^Message (\d+) of/.exec(first)?.[1]) < before;
        }, oldest, { timeout: 30_000 });
        const now = await shown(page);
        expect(now).toHaveLength(XR_CHAT_MESSAGES);
        oldest = number(now[0]!);
        expect(now.map(number)).toEqual(Array.from({ length: XR_CHAT_MESSAGES }, (_, i) => oldest + i));
        heights.add(await cardHeight(page));
      }
      await waitForTarget(page, 'chat:older-retry');
      expect(failures).toHaveLength(1);
      // The oldest messages held stay to read; the panel says what the flat box says, and offers Retry in the
      // place of Earlier messages.
      expect((await shown(page)).map(number)).toEqual(pageFrom(FIRST_HELD));
      await page.waitForFunction((m) => window.__atriumXR?.texts?.['chat:notice'] === m, c.failed, { timeout: 10_000 });
      expect(await says(page, 'chat:older-retry')).toBe(c.retry);
      expect(await placed(page, 'chat:earlier')).toBeNull();
      expect(await page.getByTestId('chat-older-failed').textContent()).toContain(c.failed);
      await frames(page, 20);
      heights.add(await cardHeight(page));
      await page.screenshot({ path: path.join(SHOTS, `vr-chat-older-failed-${c.locale}.png`) });

      // Retry: the server fails this time; still said, still there to retry.
      await press(page, 'chat:older-retry');
      await expect.poll(() => failures.length, { timeout: 30_000 }).toBe(2);
      await page.waitForFunction((m) => window.__atriumXR?.texts?.['chat:notice'] === m, c.failed, { timeout: 10_000 });
      await waitForTarget(page, 'chat:older-retry');
      expect((await shown(page)).map(number)).toEqual(pageFrom(FIRST_HELD));

      // The server is back: Retry fetches its page and steps back into it; the notice goes, Earlier messages returns.
      await page.unroute(OLDER_PAGE);
      await press(page, 'chat:older-retry');
      await page.waitForFunction((first) => Number(/^Message (\d+) of/.exec((window.__atriumXR?.shown?.chat ?? [])[0] ?? '')?.[1]) < first, FIRST_HELD, { timeout: 30_000 });
      expect((await shown(page)).map(number)).toEqual(pageFrom(FIRST_HELD - XR_CHAT_MESSAGES));
      await page.waitForFunction(() => !window.__atriumXR?.texts?.['chat:notice'], undefined, { timeout: 10_000 });
      expect(await placed(page, 'chat:older-retry')).toBeNull();
      expect(await page.getByTestId('chat-older-failed').count()).toBe(0);
      heights.add(await cardHeight(page));

      // On to the first message.
      await press(page, 'chat:earlier');
      await page.waitForFunction((first) => (window.__atriumXR?.shown?.chat ?? [])[0] === first, text(1), { timeout: 30_000 });
      expect(await shown(page)).toEqual(Array.from({ length: XR_CHAT_MESSAGES }, (_, i) => text(1 + i)));
      // The messages held ran out on the way: the server's previous page was fetched, as the flat box's button does.
      expect(olderPages.length).toBeGreaterThan(latestLoads + failures.length);
      // Nothing earlier: the button is gone; the way back is there.
      await page.waitForFunction(() => !window.__atriumXR?.targets['chat:earlier']?.(), undefined, { timeout: 10_000 });
      expect(await says(page, 'chat:newest')).toBe(c.newest);
      await frames(page, 20);
      heights.add(await cardHeight(page));
      await page.screenshot({ path: path.join(SHOTS, `vr-chat-first-${c.locale}.png`) });

      // Latest messages: back to the newest page.
      await press(page, 'chat:newest');
      await page.waitForFunction((last) => (window.__atriumXR?.shown?.chat ?? []).at(-1) === last, text(MESSAGES), { timeout: 30_000 });
      expect(await shown(page)).not.toContain(text(1));
      await page.waitForFunction(() => !window.__atriumXR?.targets['chat:newest']?.(), undefined, { timeout: 10_000 });
      await frames(page, 10);
      heights.add(await cardHeight(page));

      // One height on every page, buttons or none, notice or none: the card neither grew nor shrank.
      expect([...heights], 'the card\'s height on every page (mm)').toEqual([height]);
      // The failures this test made, and nothing else: the browser reports each failed fetch once.
      const made = (e: string) => /^Failed to load resource/.test(e) || (/^HTTP 500 /.test(e) && OLDER_PAGE.test(e));
      expect(errors.filter(made).length).toBeLessThanOrEqual(2 * failures.length);
      expect(errors.filter((e) => !made(e))).toEqual([]);
    });
  }
});
