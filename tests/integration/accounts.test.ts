import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_LOGIN_MESSAGE } from '../../src/protocol/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { identityHeaders, signUpUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

describe.each(DIALECTS)('accounts and sessions of section 7 on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    t = await createTestApp(db.handle);
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const res = await t!.app.inject({ method, url, payload: payload as object | undefined, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it('signs up, then logs in with the password and reads the own profile', async (ctx) => {
    if (!t) return ctx.skip();
    const user = await signUpUser(t.app, { email: 'Grace@Example.test', firstName: 'Grace', lastName: 'Hopper' });
    expect(user.token.length).toBeGreaterThan(30);
    const login = await call('POST', '/v1/users/login', { username: 'grace@example.test', password: user.password, allowVisitor: true });
    expect(login.status).toBe(200);
    // The session names the account as the viewer shows it (a meeting's join form starts with it), not by the username.
    expect(login.body).toMatchObject({ objectId: user.userId, username: 'grace@example.test', name: 'Grace Hopper', tokenType: 'istaging' });
    expect(login.body.sessionToken).not.toBe(user.token);
    const profile = await call('GET', '/v2/users/profile', undefined, identityHeaders(login.body));
    expect(profile.body).toMatchObject({ objectId: user.userId, email: 'grace@example.test', name: 'Grace Hopper', firstName: 'Grace' });
  });

  it('tells whether an email exists', async (ctx) => {
    if (!t) return ctx.skip();
    await signUpUser(t.app, { email: 'exists@example.test' });
    expect((await call('GET', '/v2/users/exist?email=exists@example.test')).body).toEqual({ exists: true });
    expect((await call('GET', '/v2/users/exist?email=nobody@example.test')).body).toEqual({ exists: false });
    expect((await call('GET', '/v2/users/exist?email=not-an-email')).status).toBe(400);
  });

  it('refuses a duplicate email, a weak password, a missing field and no terms agreement, naming the field', async (ctx) => {
    if (!t) return ctx.skip();
    await signUpUser(t.app, { email: 'taken@example.test' });
    const base = { email: 'new@example.test', password: 'abcdefg1', firstName: 'A', lastName: 'B', agreeTerms: true };
    const dup = await call('POST', '/v2/users/signup', { ...base, email: 'TAKEN@example.test' });
    expect(dup).toMatchObject({ status: 409, body: { code: 'CONFLICT', field: 'email' } });
    const short = await call('POST', '/v2/users/signup', { ...base, password: 'abc1' });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/password.*at least 8/);
    const noDigit = await call('POST', '/v2/users/signup', { ...base, password: 'abcdefgh' });
    expect(noDigit.body.message).toMatch(/letter and a number/);
    const badEmail = await call('POST', '/v2/users/signup', { ...base, email: 'nope' });
    expect(badEmail.body.message).toContain('Invalid email format.');
    const noName = await call('POST', '/v2/users/signup', { ...base, firstName: '  ' });
    expect(noName.body.message).toContain('Field required.');
    const noTerms = await call('POST', '/v2/users/signup', { ...base, agreeTerms: false });
    expect(noTerms.body.field).toContain('agreeTerms');
  });

  it('answers a wrong password and an unknown account with the same section 8 message', async (ctx) => {
    if (!t) return ctx.skip();
    const user = await signUpUser(t.app);
    const wrong = await call('POST', '/v1/users/login', { username: user.email, password: 'wrong-pass-1', allowVisitor: true });
    const unknown = await call('POST', '/v1/users/login', { username: 'ghost@example.test', password: 'wrong-pass-1', allowVisitor: true });
    expect(wrong).toEqual({ status: 401, body: { code: 'UNAUTHENTICATED', message: INVALID_LOGIN_MESSAGE } });
    expect(unknown).toEqual(wrong);
  });

  it('resumes a session by token, and logout ends it', async (ctx) => {
    if (!t) return ctx.skip();
    const user = await signUpUser(t.app);
    const resumed = await call('POST', `/v1/users/login/${user.token}`);
    expect(resumed.body).toMatchObject({ objectId: user.userId, sessionToken: user.token });
    expect((await call('POST', '/v1/users/logout', undefined, user.headers)).body).toEqual({ ok: true });
    expect((await call('GET', '/v2/users/profile', undefined, user.headers)).status).toBe(401);
    expect((await call('POST', `/v1/users/login/${user.token}`)).status).toBe(401);
  });

  it('refuses identity headers that do not agree (401 naming the header), on every route, public ones too', async (ctx) => {
    if (!t) return ctx.skip();
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ ...a.headers, 'x-user-id': b.userId }, /x-user-id does not match the session/],
      [{ ...a.headers, 'x-token-type': 'bearer' }, /x-token-type must be "istaging"/],
      [{ 'x-session-token': a.token, 'x-user-id': a.userId }, /x-token-type must be "istaging"/],
      [{ 'x-token-type': 'istaging', 'x-session-token': a.token }, /x-user-id is missing/],
      [{ 'x-token-type': 'istaging', 'x-user-id': a.userId }, /x-user-id was sent without x-session-token/],
    ];
    for (const [headers, message] of cases) {
      for (const url of ['/v2/users/profile', `/v2/users/${a.userId}/publicProfile`]) {
        const res = await call('GET', url, undefined, headers);
        expect(res.status, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', field: 'headers' });
        expect(res.body.message).toMatch(message);
      }
    }
    // A kept session that expired (or was logged out) is no identity, not an error, on a public page.
    const stale = { ...a.headers, 'x-session-token': 'x'.repeat(43) };
    expect((await call('GET', `/v2/users/${a.userId}/publicProfile`, undefined, stale)).status).toBe(200);
    expect((await call('GET', '/v2/users/profile', undefined, stale)).status).toBe(401);
    expect((await call('GET', '/v2/users/profile', undefined, a.headers)).status).toBe(200);
  });

  it('updates only the own profile', async (ctx) => {
    if (!t) return ctx.skip();
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const mine = await call('PUT', `/v2/users/profile/${a.userId}`, { nickname: 'Ace', phone: '+44 20 7946 0000', firstName: 'Alan' }, a.headers);
    expect(mine.body).toMatchObject({ nickname: 'Ace', phone: '+44 20 7946 0000', firstName: 'Alan', name: 'Alan Lovelace' });
    expect((await call('PUT', `/v2/users/profile/${b.userId}`, { nickname: 'x' }, a.headers)).status).toBe(403);
    expect((await call('PUT', `/v2/users/profile/${a.userId}`, { nickname: 'x' })).status).toBe(401);
    expect((await call('PUT', `/v2/users/profile/${a.userId}`, { userType: 'owner' }, a.headers)).status).toBe(400);
  });

  it('changes the password: a wrong old one is read from the error field; other sessions end', async (ctx) => {
    if (!t) return ctx.skip();
    const user = await signUpUser(t.app);
    const other = await call('POST', '/v1/users/login', { username: user.email, password: user.password, allowVisitor: true });
    const wrong = await call('POST', '/v1/users/password/change', { oldPassword: 'nope-nope-1', newPassword: 'fresh-pass-2' }, user.headers);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Your current password is incorrect.');
    const ok = await call('POST', '/v1/users/password/change', { oldPassword: user.password, newPassword: 'fresh-pass-2' }, user.headers);
    expect(ok.body).toEqual({ ok: true });
    expect((await call('GET', '/v2/users/profile', undefined, identityHeaders(other.body))).status).toBe(401);
    expect((await call('GET', '/v2/users/profile', undefined, user.headers)).status).toBe(200);
    const relogin = await call('POST', '/v1/users/login', { username: user.email, password: 'fresh-pass-2', allowVisitor: true });
    expect(relogin.status).toBe(200);
  });

  it('serves a public profile, and 404 for an unknown user', async (ctx) => {
    if (!t) return ctx.skip();
    const user = await signUpUser(t.app, { firstName: 'Pub', lastName: 'Lic' });
    const profile = await call('GET', `/v2/users/${user.userId}/publicProfile`);
    expect(profile.body).toMatchObject({ objectId: user.userId, name: 'Pub Lic', headquarter: null, customSetting: { analytics: true, themePicker: false, showPromotionHeader: false, useAutopilot: false } });
    expect((await call('GET', '/v2/users/nobody123/publicProfile')).status).toBe(404);
  });

  it('slows repeated wrong passwords for an account from one address with a 429 that says how long to wait', async (ctx) => {
    if (!t) return ctx.skip();
    const user = await signUpUser(t.app);
    const statuses: number[] = [];
    let last: { status: number; body: { code: string; message: string } } | undefined;
    for (let i = 0; i < 6; i++) {
      last = await call('POST', '/v1/users/login', { username: user.email, password: 'wrong-pass-1', allowVisitor: true });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(last).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(last!.body.message).toMatch(/Too many sign-in attempts\. Please wait .+ and try again\./);
    // another account from the same address is not locked out
    const other = await signUpUser(t.app);
    expect((await call('POST', '/v1/users/login', { username: other.email, password: other.password, allowVisitor: true })).status).toBe(200);
  });
});
