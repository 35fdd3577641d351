import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SessionAnswer } from '../../../src/protocol/accounts.ts';
import { rowInserter } from './rowInserter.ts';

/**
 * A copy of the demo tour with instant messaging on (id `tour`), owned by a member who signs up through the real
 * route (chat.spec.ts, vr-chat-paging.spec.ts: each its own tour and owner, so the files run in any order).
 */
export async function seedChatTour(opts: { baseUrl: string; demoTourId: string; databaseFile: string; tour: string; ownerEmail: string }): Promise<SessionAnswer> {
  const res = await fetch(`${opts.baseUrl}/v2/users/signup`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: opts.ownerEmail, password: 'harbour42house', firstName: 'Olive', lastName: 'Organiser', agreeTerms: true }),
  });
  expect(res.status).toBe(200);
  const owner = (await res.json()) as SessionAnswer;
  const db = new Database(opts.databaseFile);
  try {
    const demo = db.prepare('select * from buildings where id = ?').get(opts.demoTourId) as Record<string, unknown>;
    const insert = rowInserter(db);
    // Older than the demo (and than the availability copies), so the demo stays the first tour of the list, where
    // a removed tour sends its visitors (tests/e2e/availability.spec.ts, whichever file runs first).
    const created = new Date(Date.parse(String(demo.created_at)) - 180_000).toISOString();
    insert('buildings', { ...demo, id: opts.tour, name: 'Harbour House (chat)', name_multi: '{}', created_at: created, owner_id: owner.objectId, instant_messaging_enable: 1 });
    for (const p of db.prepare('select * from panoramas where building_id = ?').all(opts.demoTourId) as Array<Record<string, unknown>>) {
      insert('panoramas', { ...p, id: `${String(p.id)}${opts.tour}`, building_id: opts.tour });
    }
  } finally {
    db.close();
  }
  return owner;
}

/** The identity headers of a signed-in member's HTTP calls. */
export const memberHeaders = (session: SessionAnswer): Record<string, string> => ({
  'content-type': 'application/json', 'x-token-type': 'istaging', 'x-session-token': session.sessionToken, 'x-user-id': session.objectId,
});

/** The page opens signed in as the member of `token`, with consent to keep things on the device. */
export async function signIn(page: Page, baseUrl: string, token: string): Promise<void> {
  await page.context().addCookies([{ name: 'atrium_consent', value: 'all', url: baseUrl }]);
  await page.addInitScript((t) => localStorage.setItem('atrium.sessionToken', t), token);
}
