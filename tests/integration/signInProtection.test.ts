import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { INVALID_LOGIN_MESSAGE } from '../../src/protocol/accounts.ts';
import { SIGN_IN_RULES } from '../../src/server/modules/auth/throttle/backoff.ts';
import { KNOWN_DEVICE_COOKIE } from '../../src/server/modules/auth/knownDeviceCookie.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const OWNER_HOME = '198.51.100.10';
const ATTACKER = '203.0.113.66';

describe.each(DIALECTS)('sign-in protection: no lock-out, no spraying, growing delays, on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let now = Date.parse('2026-11-25T12:00:00Z');
  const later = (ms: number) => { now += ms; };
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    t = await createTestApp(db.handle, { clock: () => now });
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });

  const login = (username: string, password: string, address: string, cookie?: string) =>
    t!.app.inject({
      method: 'POST', url: '/v1/users/login', remoteAddress: address,
      payload: { username, password, allowVisitor: true },
      ...(cookie ? { cookies: { [KNOWN_DEVICE_COOKIE]: cookie } } : {}),
    });
  const deviceCookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
  /** An owner who signed in once from home: home is now a usual address and the browser holds a device cookie. */
  async function ownerWithHistory(): Promise<{ user: SignedUpUser; cookie: string }> {
    const user = await signUpUser(t!.app);
    const first = await login(user.email, user.password, OWNER_HOME);
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/v1/users/login' });
    return { user, cookie: cookie!.value };
  }

  it('slows an attacker on one address with growing delays (5 free, then 1 s, 2 s, 4 s, ...), saying how long to wait', async (ctx) => {
    if (!t) return ctx.skip();
    const { user } = await ownerWithHistory();
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_RULES.perAccountAddress.freeFailures; i++) statuses.push((await login(user.email, 'wrong-pass-1', ATTACKER)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const waits: number[] = [];
    for (let step = 0; step < 5; step++) {
      const refused = await login(user.email, 'wrong-pass-1', ATTACKER);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.json().message).toMatch(/^Too many sign-in attempts\. Please wait \d+ seconds? and try again\.$/);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      // Even the right password is not checked during the wait: it would tell the attacker they found it.
      expect((await login(user.email, user.password, ATTACKER)).statusCode).toBe(429);
      later(wait * 1000);
      expect((await login(user.email, 'wrong-pass-1', ATTACKER)).json().message).toBe(INVALID_LOGIN_MESSAGE);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
  });

  it('an attacker cannot lock the owner out: the right password still works from home and from the known device', async (ctx) => {
    if (!t) return ctx.skip();
    const { user, cookie } = await ownerWithHistory();
    // Guessing spread over 40 addresses (a botnet): every attempt counts against the account from unusual clients.
    let refused = 0;
    for (let i = 0; i < 40; i++) {
      const res = await login(user.email, `guess-${i}-pass`, `203.0.113.${100 + i}`);
      if (res.statusCode === 429) refused++;
      else expect(res.statusCode).toBe(401);
    }
    expect(refused).toBeGreaterThan(25);
    // A stranger's address with the right password is held back too (it could be the attacker who guessed it)...
    expect((await login(user.email, user.password, '192.0.2.200')).statusCode).toBe(429);
    // ...but the owner at a usual address, or on the device that signed in before (from anywhere), gets in at once.
    expect((await login(user.email, user.password, OWNER_HOME)).statusCode).toBe(200);
    expect((await login(user.email, user.password, '192.0.2.201', cookie)).statusCode).toBe(200);
    // A cookie the server never issued for this account is no key.
    expect((await login(user.email, user.password, '192.0.2.202', 'A'.repeat(43))).statusCode).toBe(429);
  });

  it('slows one password sprayed across many accounts from one address (20 free, then growing delays)', async (ctx) => {
    if (!t) return ctx.skip();
    const sprayer = '203.0.113.250';
    const accounts = await Promise.all(Array.from({ length: 3 }, () => signUpUser(t!.app)));
    const names = [...accounts.map((a) => a.email), ...Array.from({ length: 30 }, (_, i) => `ghost${i}@example.test`)];
    const statuses: number[] = [];
    for (const name of names.slice(0, SIGN_IN_RULES.perAddress.freeFailures + 1)) statuses.push((await login(name, 'Summer2026!', sprayer)).statusCode);
    expect(statuses.slice(0, SIGN_IN_RULES.perAddress.freeFailures).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const waits: number[] = [];
    for (const name of names.slice(SIGN_IN_RULES.perAddress.freeFailures + 1, SIGN_IN_RULES.perAddress.freeFailures + 5)) {
      const blocked = await login(name, 'Summer2026!', sprayer);
      expect(blocked.statusCode).toBe(429);
      waits.push(Number(blocked.headers['retry-after']));
      later(waits.at(-1)! * 1000);
      expect((await login(name, 'Summer2026!', sprayer)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The owners of those accounts, elsewhere, are untouched.
    expect((await login(accounts[0]!.email, accounts[0]!.password, OWNER_HOME)).statusCode).toBe(200);
  });

  it('a success from the address clears its account-and-address delay; failures elsewhere do not slow the owner at home', async (ctx) => {
    if (!t) return ctx.skip();
    const { user } = await ownerWithHistory();
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'typo-pass-1', OWNER_HOME)).statusCode).toBe(401);
    expect((await login(user.email, user.password, OWNER_HOME)).statusCode).toBe(429);
    later(1000);
    expect((await login(user.email, user.password, OWNER_HOME)).statusCode).toBe(200);
    // Counting starts over after the success.
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'typo-pass-1', OWNER_HOME)).statusCode).toBe(401);
  });

  it('forgets old failures: an hour after the last one the account and address start fresh', async (ctx) => {
    if (!t) return ctx.skip();
    const user = await signUpUser(t.app);
    const address = '192.0.2.77';
    for (let i = 0; i < 5; i++) await login(user.email, 'wrong-pass-1', address);
    expect((await login(user.email, 'wrong-pass-1', address)).statusCode).toBe(429);
    later(SIGN_IN_RULES.perAccountAddress.forgetAfterMs);
    expect((await login(user.email, user.password, address)).statusCode).toBe(200);
  });
});
