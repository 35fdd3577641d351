import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { AuthService } from '../../src/server/modules/auth/auth.service.ts';
import { OWNER_ROUTE_PREFIXES } from '../../src/server/modules/access/routeGuard.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { identityHeaders, signUpUser } from './support/accounts.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

interface RouteEntry { method: string; url: string }

/** Every owner-only route the app registers, collected as Fastify registers them (so new routes are swept too). */
const collectRoutes = (into: RouteEntry[]) => (route: { method: string | string[]; url: string }) => {
  for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    if (OWNER_ROUTE_PREFIXES.some((p) => route.url.startsWith(p))) into.push({ method, url: route.url });
  }
};

/** The seeded tour's own ids for every param an owner route can name. */
const PARAM_VALUES: Record<string, string> = {
  buildingId: SEED.tour, id: SEED.tour, panoramaId: SEED.panoA, markerId: 'mTag', propertyId: SEED.property, kind: 'logo',
};
const concrete = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => PARAM_VALUES[name] ?? `unknown-${name}`);
/** Routes about the caller's own headquarter (list, create, open the studio): no tour to guard. */
const isOwnScope = (r: RouteEntry) => !/:\w+/.test(r.url);

describe.each(DIALECTS)('every owner-only route refuses everyone but the owner, on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  const routes: RouteEntry[] = [];
  let ownerHeaders: Record<string, string> = {};
  let strangerHeaders: Record<string, string> = {};
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    t = await createTestApp(db.handle, { onRoute: collectRoutes(routes) });
    const repos = createRepositories(db.handle.db);
    ownerHeaders = identityHeaders(await new AuthService(repos).startSession((await repos.users.findById(SEED.user))!));
    const stranger = await signUpUser(t.app);
    strangerHeaders = stranger.headers;
    // The stranger is an owner too, of another headquarter: being an owner somewhere grants nothing here.
    await t.app.inject({ method: 'POST', url: '/v2/studio/session', headers: strangerHeaders });
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });

  it('finds the studio and analytics routes', (ctx) => {
    if (!t) return ctx.skip();
    expect(routes.filter((r) => !isOwnScope(r)).length).toBeGreaterThan(10);
  });

  it('answers 401 without a session and 403 to another owner, whatever the body, before validating it', async (ctx) => {
    if (!t) return ctx.skip();
    const failures: string[] = [];
    for (const route of routes.filter((r) => !isOwnScope(r))) {
      const url = concrete(route.url);
      const method = route.method as 'GET';
      const anonymous = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : { junk: true } });
      const stranger = await t.app.inject({ method, url, headers: strangerHeaders, payload: method === 'GET' ? undefined : { junk: true } });
      if (anonymous.statusCode !== 401) failures.push(`${route.method} ${route.url}: anonymous got ${anonymous.statusCode}`);
      if (stranger.statusCode !== 403) failures.push(`${route.method} ${route.url}: another owner got ${stranger.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('gives the same 403 for ids that do not exist, so ids cannot be probed', async (ctx) => {
    if (!t) return ctx.skip();
    for (const route of routes.filter((r) => !isOwnScope(r) && r.method === 'GET')) {
      const real = await t.app.inject({ method: 'GET', url: concrete(route.url), headers: strangerHeaders });
      const fake = await t.app.inject({ method: 'GET', url: route.url.replace(/:(\w+)/g, 'doesNotExist1'), headers: strangerHeaders });
      expect(fake.statusCode, route.url).toBe(403);
      expect(fake.json().message, route.url).toBe(real.json().message);
    }
  });

  it("lets the tour's owner through the guard (a GET answers 200)", async (ctx) => {
    if (!t) return ctx.skip();
    const reads = routes.filter((r) => !isOwnScope(r) && r.method === 'GET' && !r.url.endsWith('/events'));
    expect(reads.length).toBeGreaterThan(0);
    for (const route of reads) {
      const res = await t.app.inject({ method: 'GET', url: concrete(route.url), headers: ownerHeaders });
      expect(res.statusCode, `${route.url}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });
});
