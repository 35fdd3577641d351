import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildingAnalyticsSchema } from '../../src/protocol/analytics.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { ensureOwnHeadquarter } from '../../src/server/modules/access/policy.ts';
import { toSessionUser } from '../../src/server/modules/auth/identity.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const DEVICE_A = 'deviceAAAAAAAAAAAAAAAA';
const DEVICE_B = 'deviceBBBBBBBBBBBBBBBB';
const DAY_MS = 24 * 3600 * 1000;
const today = () => new Date().toISOString().slice(0, 10);

describe.each(DIALECTS)('visitor statistics (sections 3, 4, 5, 7) on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let owner: SignedUpUser;
  let stranger: SignedUpUser;
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    t = await createTestApp(db.handle);
    const repos = createRepositories(db.handle.db);
    // The tour's owner: a member of its headquarter with userType owner.
    owner = await signUpUser(t.app);
    await repos.users.update(owner.userId, { headquarterId: SEED.hq, userType: 'owner' });
    // Another owner, of a headquarter of their own.
    stranger = await signUpUser(t.app);
    await ensureOwnHeadquarter(repos, toSessionUser((await repos.users.findById(stranger.userId))!));
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const res = await t!.app.inject({ method, url, payload: payload as object | undefined, headers });
    return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? res.json() : res.body, headers: res.headers };
  };
  const history = (id: string) => db!.handle.db.selectFrom('visitorHistories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Moves a visit's start into the past: the wall time that caps its viewing seconds. */
  const startedSecondsAgo = async (id: string, seconds: number) => {
    const startedAt = Date.now() - seconds * 1000;
    await db!.handle.db.updateTable('visitorHistories').set({ startedAt: new Date(startedAt).toISOString() }).where('id', '=', id).execute();
    return startedAt;
  };
  /** The cap the server applies to a claim made between `before` and `after`: whole seconds since the start + 2. */
  const capBetween = (startedAt: number, before: number, after: number) =>
    [Math.floor((before - startedAt) / 1000) + 2, Math.floor((after - startedAt) / 1000) + 2] as const;
  const open = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await call('POST', '/v2/visitorhistory', body, headers);
    expect(res.status).toBe(200);
    return res.body.visitorHistoryId as string;
  };

  it('creates a visitor history with its link source; an unknown or removed tour is 404, a bad body 400', async (ctx) => {
    if (!t) return ctx.skip();
    const id = await open({ buildingId: SEED.tour, linkSource: 'facebook', deviceId: DEVICE_A });
    expect(await history(id)).toMatchObject({ buildingId: SEED.tour, linkSource: 'facebook', visitorKey: `device:${DEVICE_A}`, userId: null, viewingSeconds: 0 });
    const signedIn = await open({ buildingId: SEED.tour }, owner.headers);
    expect(await history(signedIn)).toMatchObject({ linkSource: 'direct', userId: owner.userId, visitorKey: `user:${owner.userId}` });
    expect((await call('POST', '/v2/visitorhistory', { buildingId: 'nope' })).status).toBe(404);
    expect((await call('POST', '/v2/visitorhistory', { buildingId: SEED.removedTour })).status).toBe(404);
    const bad = await call('POST', '/v2/visitorhistory', { buildingId: SEED.tour, linkSource: 'myspace' });
    expect(bad.status).toBe(400);
    expect((await call('POST', '/v2/visitorhistory', { buildingId: SEED.tour, deviceId: 'short' })).status).toBe(400);
  });

  it('records viewing seconds, capped at the wall time since the visit began plus 2 s, never going back', async (ctx) => {
    if (!t) return ctx.skip();
    const id = await open({ buildingId: SEED.tour, deviceId: DEVICE_A });
    const startedAt = await startedSecondsAgo(id, 60);
    const honest = await call('PATCH', `/v2/visitorhistory/${id}`, { viewingSeconds: 55 });
    expect(honest).toMatchObject({ status: 200, body: { visitorHistoryId: id, viewingSeconds: 55 } });
    // A client claiming an hour after a minute gets the minute (+ slack), not the hour.
    const before = Date.now();
    const inflated = await call('PATCH', `/v2/visitorhistory/${id}`, { viewingSeconds: 3600 });
    const [low, high] = capBetween(startedAt, before, Date.now());
    expect(inflated.body.viewingSeconds).toBeGreaterThanOrEqual(low);
    expect(inflated.body.viewingSeconds).toBeLessThanOrEqual(high);
    expect(high).toBeLessThan(3600);
    expect((await history(id)).viewingSeconds).toBe(inflated.body.viewingSeconds);
    // A late, older total (a keepalive arriving after a newer update) does not lower it.
    const older = await call('PATCH', `/v2/visitorhistory/${id}`, { viewingSeconds: 10 });
    expect(older.body.viewingSeconds).toBe(inflated.body.viewingSeconds);
    expect((await call('PATCH', '/v2/visitorhistory/unknownVisit', { viewingSeconds: 5 })).status).toBe(404);
    expect((await call('PATCH', `/v2/visitorhistory/${id}`, { viewingSeconds: -1 })).status).toBe(400);
    expect((await call('PATCH', `/v2/visitorhistory/${id}`, { viewingSeconds: 1.5 })).status).toBe(400);
  });

  it('counts a marker click once per visitor within 1 s; other visitors and other markers count', async (ctx) => {
    if (!t) return ctx.skip();
    const visit = await open({ buildingId: SEED.tour, deviceId: DEVICE_B });
    const click = (body: Record<string, unknown>) => call('POST', '/v2/clickcount', body);
    expect((await click({ identifierId: 'mTag', visitorHistoryId: visit })).body).toEqual({ counted: true });
    expect((await click({ identifierId: 'mTag', visitorHistoryId: visit })).body).toEqual({ counted: false });
    expect((await click({ identifier: 'marker', identifierId: 'mBack', visitorHistoryId: visit })).body).toEqual({ counted: true });
    expect((await click({ identifierId: 'mTag', deviceId: DEVICE_A })).body).toEqual({ counted: true });
    const rows = await db!.handle.db.selectFrom('clickCounts').selectAll().where('buildingId', '=', SEED.tour).execute();
    expect(rows.filter((r) => r.identifierId === 'mTag')).toHaveLength(2);
    expect(rows.every((r) => r.identifier === 'marker')).toBe(true);
    // A second later the same visitor's click counts again.
    await db!.handle.db.updateTable('clickCounts').set({ at: new Date(Date.now() - 1500).toISOString() }).where('visitorKey', '=', `device:${DEVICE_B}`).execute();
    expect((await click({ identifierId: 'mTag', visitorHistoryId: visit })).body).toEqual({ counted: true });
    expect((await click({ identifierId: 'noSuchMarker' })).status).toBe(404);
    expect((await click({ identifierId: 'mTag', visitorHistoryId: 'unknownVisit' })).status).toBe(404);
    expect((await click({ identifier: 'share', identifierId: 'facebook' })).status).toBe(400);
    expect((await click({})).status).toBe(400);
  });

  it('takes visitor session reports only from signed-in, whitelisted accounts, capped at wall time', async (ctx) => {
    if (!t) return ctx.skip();
    const report = (body: Record<string, unknown>, headers: Record<string, string> = {}) => call('POST', '/v2/helper/visitorHistory?headquarter=Harbour%20Estates', body, headers);
    const startedAt = Date.now() - 30_000;
    expect((await report({ buildingId: SEED.tour, startedAt, duration: 10 })).status).toBe(401);
    const visitor = await signUpUser(t.app);
    expect((await report({ buildingId: SEED.tour, startedAt, duration: 10 }, visitor.headers)).status).toBe(403);
    const username = (await db!.handle.db.selectFrom('users').select('username').where('id', '=', visitor.userId).executeTakeFirstOrThrow()).username;
    // The whitelist compares usernames case-insensitively.
    await db!.handle.db.updateTable('buildings').set({ whiteList: JSON.stringify([username.toUpperCase()]) }).where('id', '=', SEED.tour).execute();
    try {
      expect(await report({ buildingId: SEED.tour, startedAt, duration: 10 }, visitor.headers)).toMatchObject({ status: 200, body: { duration: 10 } });
      // The next report of the same session replaces its duration; a claim beyond the wall time is capped.
      const before = Date.now();
      const capped = await report({ buildingId: SEED.tour, startedAt, duration: 9999 }, visitor.headers);
      const [low, high] = capBetween(startedAt, before, Date.now());
      expect(capped.body.duration).toBeGreaterThanOrEqual(low);
      expect(capped.body.duration).toBeLessThanOrEqual(high);
      expect(high).toBeLessThan(9999);
      const rows = await db!.handle.db.selectFrom('visitorReports').selectAll().where('userId', '=', visitor.userId).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ buildingId: SEED.tour, headquarter: 'Harbour Estates', durationSeconds: capped.body.duration, startedAt: new Date(startedAt).toISOString() });
      expect((await report({ buildingId: SEED.tour, startedAt: Date.now() + 60_000, duration: 1 }, visitor.headers)).status).toBe(400);
      expect((await report({ buildingId: 'nope', startedAt, duration: 1 }, visitor.headers)).status).toBe(404);
    } finally {
      await db!.handle.db.updateTable('buildings').set({ whiteList: '[]' }).where('id', '=', SEED.tour).execute();
    }
  });

  it('answers the owner: views per day, unique visitors, average time, top markers, link sources; 401 and 403 for others', async (ctx) => {
    if (!t || !db) return ctx.skip();
    // A clean slate for exact figures: visits on the tour's hidden sibling, which the owner also owns.
    const tour = SEED.hiddenTour;
    const visits = [
      { device: DEVICE_A, source: 'facebook', daysAgo: 0, seconds: 30 },
      { device: DEVICE_A, source: 'facebook', daysAgo: 0, seconds: 10 },
      { device: DEVICE_B, source: 'qrcode', daysAgo: 2, seconds: 50 },
      { device: DEVICE_B, source: 'direct', daysAgo: 40, seconds: 999 },
    ];
    for (const v of visits) {
      const id = await open({ buildingId: tour, linkSource: v.source, deviceId: v.device });
      const at = new Date(Date.now() - v.daysAgo * DAY_MS).toISOString();
      await db.handle.db.updateTable('visitorHistories').set({ startedAt: at, lastSeenAt: at, viewingSeconds: v.seconds }).where('id', '=', id).execute();
    }
    await db.handle.db.insertInto('markers').values([
      { id: 'hTag', panoramaId: SEED.panoA, buildingId: tour, type: 'tag', ath: 0, atv: 0, name: 'Sofa, "grey"', createdAt: '2026-01-01', updatedAt: '2026-01-01' },
      { id: 'hMemo', panoramaId: SEED.panoA, buildingId: tour, type: 'memo', ath: 0, atv: 0, name: '=cmd()', createdAt: '2026-01-01', updatedAt: '2026-01-01' },
    ]).execute();
    for (const device of [DEVICE_A, DEVICE_B]) await call('POST', '/v2/clickcount', { identifierId: 'hTag', deviceId: device });
    await call('POST', '/v2/clickcount', { identifierId: 'hMemo', deviceId: DEVICE_A });

    const url = `/v2/analytics/buildings/${tour}?from=${new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10)}&to=${today()}`;
    expect((await call('GET', url)).status).toBe(401);
    const forbidden = await call('GET', url, undefined, stranger.headers);
    expect(forbidden).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await call('GET', `/v2/analytics/buildings/unknownTour`, undefined, owner.headers)).status).toBe(403);

    const res = await call('GET', url, undefined, owner.headers);
    expect(res.status).toBe(200);
    const a = BuildingAnalyticsSchema.parse(res.body);
    expect(a).toMatchObject({ buildingId: tour, views: 3, uniqueVisitors: 2, averageViewingSeconds: 30 });
    expect(a.viewsPerDay).toHaveLength(7);
    expect(a.viewsPerDay.at(-1)).toEqual({ date: today(), views: 2 });
    expect(a.viewsPerDay.reduce((n, d) => n + d.views, 0)).toBe(3);
    expect(a.linkSources).toEqual([{ source: 'facebook', views: 2 }, { source: 'qrcode', views: 1 }]);
    expect(a.topMarkers).toEqual([
      { markerId: 'hTag', name: 'Sofa, "grey"', type: 'tag', clicks: 2 },
      { markerId: 'hMemo', name: '=cmd()', type: 'memo', clicks: 1 },
    ]);
    // The default range is the last 30 days; the 40-day-old visit appears in a 90-day range.
    const wide = await call('GET', `/v2/analytics/buildings/${tour}?from=${new Date(Date.now() - 89 * DAY_MS).toISOString().slice(0, 10)}`, undefined, owner.headers);
    expect(wide.body.views).toBe(4);
    expect((await call('GET', `/v2/analytics/buildings/${tour}`, undefined, owner.headers)).body.viewsPerDay).toHaveLength(30);
    expect((await call('GET', `/v2/analytics/buildings/${tour}?from=2026-02-31`, undefined, owner.headers)).status).toBe(400);
    expect((await call('GET', `/v2/analytics/buildings/${tour}?from=2026-05-02&to=2026-05-01`, undefined, owner.headers)).status).toBe(400);
    expect((await call('GET', `/v2/analytics/buildings/${tour}?from=2024-01-01&to=2026-01-01`, undefined, owner.headers)).status).toBe(400);
  });

  it('answers a deep link to /analytics/{id} with the page, like every client route', async (ctx) => {
    if (!db) return ctx.skip();
    const withClient = await createTestApp(db.handle, { withClient: true });
    try {
      const res = await withClient.app.inject({ method: 'GET', url: `/analytics/${SEED.tour}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Atrium test client');
    } finally {
      await withClient.cleanup();
    }
  });

  it('exports the same figures as CSV, escaped, to the owner only', async (ctx) => {
    if (!t) return ctx.skip();
    const url = `/v2/analytics/buildings/${SEED.hiddenTour}/export.csv?from=${new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10)}&to=${today()}`;
    expect((await call('GET', url)).status).toBe(401);
    expect((await call('GET', url, undefined, stranger.headers)).status).toBe(403);
    const res = await call('GET', url, undefined, owner.headers);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="analytics-tourHidden-.*\.csv"$/);
    const lines = String(res.body).split('\r\n');
    expect(lines[0]).toBe('section,key,label,value');
    expect(lines).toContain('summary,views,,3');
    expect(lines).toContain('summary,unique_visitors,,2');
    expect(lines).toContain(`day,${today()},,2`);
    expect(lines).toContain('link_source,facebook,,2');
    expect(lines).toContain('marker,hTag,"Sofa, ""grey""",2');
    // A name that looks like a formula stays text in a spreadsheet.
    expect(lines).toContain("marker,hMemo,'=cmd(),1");
  });
});
