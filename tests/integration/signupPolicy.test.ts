import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { AuthService } from '../../src/server/modules/auth/auth.service.ts';
import { identityHeaders } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const body = (email: string, invite?: string) => ({ email, password: 'harbour42house', firstName: 'In', lastName: 'Vited', agreeTerms: true, ...(invite ? { invite } : {}) });

describe.each(DIALECTS)('SIGNUP=invite and SIGNUP=closed on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let invite: TestApp | undefined;
  let closed: TestApp | undefined;
  let owner: Record<string, string> = {};
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    invite = await createTestApp(db.handle, { config: { signup: 'invite', publicUrl: 'https://tours.example.test' } });
    closed = await createTestApp(db.handle, { config: { signup: 'closed' } });
    const repos = createRepositories(db.handle.db);
    owner = identityHeaders(await new AuthService(repos).startSession((await repos.users.findById(SEED.user))!));
  });
  afterAll(async () => {
    await invite?.cleanup();
    await closed?.cleanup();
    await db?.drop();
  });

  it('invite: an owner makes a single-use link; without it, or used twice, sign-up is refused with a message', async (ctx) => {
    if (!invite) return ctx.skip();
    const signup = (payload: object) => invite!.app.inject({ method: 'POST', url: '/v2/users/signup', payload });
    const none = await signup(body('a@example.test'));
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ code: 'FORBIDDEN', field: 'invite', message: expect.stringMatching(/by invitation/) });

    expect((await invite.app.inject({ method: 'POST', url: '/v2/users/invitations' })).statusCode).toBe(401);
    const made = await invite.app.inject({ method: 'POST', url: '/v2/users/invitations', headers: owner });
    expect(made.statusCode).toBe(200);
    const { url } = made.json<{ url: string; expiresAt: string }>();
    expect(url).toMatch(/^https:\/\/tours\.example\.test\/signup\?invite=[A-Za-z0-9_-]{43}$/);
    const token = new URL(url).searchParams.get('invite')!;

    // A taken email does not spend the invitation; two sign-ups racing with it: one account.
    const raced = await Promise.all([signup(body('b@example.test', token)), signup(body('c@example.test', token))]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const again = await signup(body('d@example.test', token));
    expect(again.json().message).toMatch(/not valid any more/);
  });

  it('closed: nobody signs up over HTTP', async (ctx) => {
    if (!closed) return ctx.skip();
    const res = await closed.app.inject({ method: 'POST', url: '/v2/users/signup', payload: body('e@example.test') });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Sign-up is closed on this server/);
  });
});
