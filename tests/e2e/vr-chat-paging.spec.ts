import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionAnswer } from '../../src/protocol/accounts.ts';
import type { Conversation } from '../../src/protocol/chat.ts';
import { XR_CHAT_MESSAGES } from '../../src/features/chat/model/xrChatPaging.ts';
import { askChat, clientId, connectChat, ok } from '../integration/support/chatClient.ts';
import { collectConsoleErrors, installIwer } from './support/browser.ts';
import { memberHeaders, seedChatTour, signIn } from './support/seedChat.ts';
import { browserSuite, freshEmail, SHOTS } from './support/suite.ts';
import { enterVR, frames, openFromMenu, press, waitForTarget } from './support/xr.ts';

// The in-world chat pages back as far as the flat box reaches (IWER, Meta Quest 3): a conversation longer than the
// client's first page (50) and far longer than the panel's page (6). The wearer presses "Earlier messages" by ray
// through the messages held, then past them (the same server paging as the flat box's button) to the very first
// message, and "Latest messages" brings the newest back.
const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');
const databaseFile = inject('analytics').databaseFile;
const TOUR = 'e2eChatPagingTour';
/** More than the client's latest page of 50, so reaching the first message needs the server's previous page. */
const MESSAGES = 56;
const text = (n: number) => `Message ${n} of ${MESSAGES}`;

const shown = (page: Page) => page.evaluate(() => window.__atriumXR?.shown?.chat ?? []);
const saysOnButton = (page: Page, target: string) => page.evaluate((t) => window.__atriumXR?.texts?.[t] ?? null, target);
const placed = (page: Page, target: string) => page.evaluate((t) => window.__atriumXR?.targets[t]?.() ?? null, target);
const number = (line: string) => Number(/^Message (\d+) of/.exec(line)?.[1] ?? NaN);

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
    const visitor = await connectChat(baseUrl, { sessionToken: wearer.sessionToken });
    const organiser = await connectChat(baseUrl, { sessionToken: owner.sessionToken });
    try {
      for (let n = 1; n <= MESSAGES; n += 1) {
        ok(await askChat(n % 2 ? visitor : organiser, 'message:send', { conversationId, clientId: clientId(), type: 'text', body: text(n) }));
      }
    } finally {
      visitor.disconnect();
      organiser.disconnect();
    }
  }

  const cases = [{ locale: 'en', earlier: 'Earlier messages', newest: 'Latest messages' }, { locale: 'ar', earlier: 'رسائل سابقة', newest: 'أحدث الرسائل' }];
  for (const c of cases) {
    it(`pages back to the first message by ray and back to the newest (${c.locale})`, { timeout: 420_000 }, async () => {
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
      page.on('request', (r) => /\/messages\?.*before=/.test(r.url()) && olderPages.push(r.url()));
      await installIwer(page);
      await signIn(page, baseUrl, wearer.sessionToken);
      await page.goto(`${baseUrl}/${TOUR}?autorotate=false&locale=${c.locale}`);
      await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 90_000 });
      await enterVR(page);
      await waitForTarget(page, 'menu:chat');
      await openFromMenu(page, 'chat');

      // The newest page: the last six messages, the first one nowhere, "Earlier messages" above them.
      await page.waitForFunction((last) => (window.__atriumXR?.shown?.chat ?? []).includes(last), text(MESSAGES), { timeout: 60_000 });
      expect(await shown(page)).toEqual(Array.from({ length: XR_CHAT_MESSAGES }, (_, i) => text(MESSAGES - XR_CHAT_MESSAGES + 1 + i)));
      expect(await saysOnButton(page, 'chat:earlier')).toBe(c.earlier);
      expect(await placed(page, 'chat:newest'), 'no way to the newest on the newest page').toBeNull();
      const latestLoads = olderPages.length;
      await frames(page, 20);
      await page.screenshot({ path: path.join(SHOTS, `vr-chat-newest-${c.locale}.png`) });

      // Earlier, by ray, until the first message shows: every press a page further back.
      let oldest = number((await shown(page))[0]!);
      for (let presses = 1; !(await shown(page)).includes(text(1)); presses += 1) {
        // 50 held (7..56) page back six at a time to 3..8 after 8 presses; the 9th needs the server's 1..6.
        expect(presses, 'the first message within the pages there are').toBeLessThanOrEqual(Math.ceil(MESSAGES / XR_CHAT_MESSAGES));
        await press(page, 'chat:earlier');
        await page.waitForFunction((before) => {
          const first = (window.__atriumXR?.shown?.chat ?? [])[0];
          return first !== undefined && Number(/^Message (\d+) of/.exec(first)?.[1]) < before;
        }, oldest, { timeout: 30_000 });
        const now = await shown(page);
        expect(now).toHaveLength(XR_CHAT_MESSAGES);
        oldest = number(now[0]!);
        expect(now.map(number)).toEqual(Array.from({ length: XR_CHAT_MESSAGES }, (_, i) => oldest + i));
      }
      expect(await shown(page)).toEqual(Array.from({ length: XR_CHAT_MESSAGES }, (_, i) => text(1 + i)));
      // The messages held ran out on the way: the server's previous page was fetched, as the flat box's button does.
      expect(olderPages.length).toBeGreaterThan(latestLoads);
      // Nothing earlier: the button is gone; the way back is there.
      await page.waitForFunction(() => !window.__atriumXR?.targets['chat:earlier']?.(), undefined, { timeout: 10_000 });
      expect(await saysOnButton(page, 'chat:newest')).toBe(c.newest);
      await frames(page, 20);
      await page.screenshot({ path: path.join(SHOTS, `vr-chat-first-${c.locale}.png`) });

      // Latest messages: back to the newest page.
      await press(page, 'chat:newest');
      await page.waitForFunction((last) => (window.__atriumXR?.shown?.chat ?? []).at(-1) === last, text(MESSAGES), { timeout: 30_000 });
      expect(await shown(page)).not.toContain(text(1));
      await page.waitForFunction(() => !window.__atriumXR?.targets['chat:newest']?.(), undefined, { timeout: 10_000 });
      expect(errors).toEqual([]);
    });
  }
});
