import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { AuthService } from '../../src/server/modules/auth/auth.service.ts';
import { identityHeaders, signUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

describe.each(DIALECTS)('draft tours: invisible to others until published, on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let owner: Record<string, string> = {};
  let stranger: Record<string, string> = {};
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    t = await createTestApp(db.handle);
    const repos = createRepositories(db.handle.db);
    owner = identityHeaders(await new AuthService(repos).startSession((await repos.users.findById(SEED.user))!));
    stranger = (await signUpUser(t.app)).headers;
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });
  const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) => {
    const res = await t!.app.inject({ method, url, headers, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const listed = async () => (await call('GET', `/v2/buildings/ListAll?limit=100&offset=0&skipLogin=true`, { username: SEED.username })).body.buildingList.map((b: { objectId: string }) => b.objectId);

  it('existing tours stay published; a new studio tour starts as a draft that only its editors can open', async (ctx) => {
    if (!t) return ctx.skip();
    expect((await call('GET', `/v2/buildings/openLink/${SEED.tour}`)).status).toBe(200);
    const created = await call('POST', '/v2/studio/tours', owner, { name: 'Harbour loft' });
    expect(created.body).toMatchObject({ draft: true, hidden: false });
    const id = created.body.objectId as string;

    const hidden = await call('GET', `/v2/buildings/openLink/${SEED.hiddenTour}`);
    for (const headers of [{}, stranger]) {
      const answer = await call('GET', `/v2/buildings/openLink/${id}`, headers);
      // The same answer as a hidden tour: nothing says a draft exists.
      expect(answer).toEqual({ status: 403, body: hidden.body });
    }
    expect((await call('GET', `/v2/buildings/openLink/${id}`, owner)).body).toMatchObject({ objectId: id, name: 'Harbour loft' });
    expect(await listed()).not.toContain(id);
    expect((await call('GET', '/v2/studio/tours', owner)).body.tours.find((x: { objectId: string }) => x.objectId === id)).toMatchObject({ draft: true });

    // Publishing makes it public and listed; back to draft hides it again.
    expect((await call('POST', `/v2/studio/tours/${id}/publish`, owner, { published: true })).body).toMatchObject({ draft: false });
    expect((await call('GET', `/v2/buildings/openLink/${id}`)).status).toBe(200);
    expect(await listed()).toContain(id);
    await call('POST', `/v2/studio/tours/${id}/publish`, owner, { published: false });
    expect((await call('GET', `/v2/buildings/openLink/${id}`, stranger)).status).toBe(403);
    expect(await listed()).not.toContain(id);
    // Only the tour's editors may publish.
    expect((await call('POST', `/v2/studio/tours/${id}/publish`, stranger, { published: true })).status).toBe(403);
    expect((await call('POST', `/v2/studio/tours/${id}/publish`, {}, { published: true })).status).toBe(401);
  });
});
