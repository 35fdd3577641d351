import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TourSchema } from '../../src/protocol/tour.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

describe.each(DIALECTS)('read API of section 7 on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    t = await createTestApp(db.handle, {
      before: (app) => app.get('/v2/boom', () => { throw new Error('secret internal detail'); }),
    });
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t!.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  it('opens a tour with panoramas and markers, normalised as section 4 says', async (ctx) => {
    if (!t) return ctx.skip();
    const { status, body } = await get(`/v2/buildings/openLink/${SEED.tour}`);
    expect(status).toBe(200);
    const tour = TourSchema.parse(body);
    expect(tour.objectId).toBe(SEED.tour);
    expect(tour.themeColor).toBe('blue');
    expect(tour.nameMulti).toEqual({ fr: 'Visite' });
    // panorama without raw url dropped, the rest sorted by index
    expect(tour.panoramas.map((p) => p.objectId)).toEqual([SEED.panoA, SEED.panoB, SEED.panoOdd]);
    // unknown category becomes custom, keeping the original
    expect(tour.panoramas[2]).toMatchObject({ category: 'custom', customCategory: 'wine-cellar' });
    expect(tour.panoramas[0]).toMatchObject({ category: 'kitchen', customCategory: null, cubemapReady: true });
    // mosaic markers dropped
    const markers = tour.panoramas[0]!.markers;
    expect(markers.map((m) => m.type).sort()).toEqual(['point', 'tag']);
    const tag = markers.find((m) => m.type === 'tag')!;
    expect(tag).toMatchObject({
      nameMulti: '{"ja":"椅子"}', photo: '/a.jpg,/b.jpg', placement: 'company', currentPanoramaId: SEED.panoA,
      customAttributes: { orderingProductId: 'P1', orderingCollectionId: null },
    });
    const teleport = markers.find((m) => m.type === 'point')!;
    expect(teleport).toMatchObject({ nextPanoramaId: SEED.panoB, nextBuildingId: SEED.tour, iconType: 'frontArrow', position: { ath: 10, atv: 5 } });
  });

  it('tells the viewer to use the partner layout for a partner brand\'s tours', async (ctx) => {
    if (!t || !db) return ctx.skip();
    expect((await get(`/v2/buildings/openLink/${SEED.tour}`)).body.layout).toBe('default');
    await db.handle.db.updateTable('headquarters').set({ partner: 1 }).where('id', '=', SEED.hq).execute();
    try {
      expect((await get(`/v2/buildings/openLink/${SEED.tour}`)).body.layout).toBe('partner');
    } finally {
      await db.handle.db.updateTable('headquarters').set({ partner: 0 }).where('id', '=', SEED.hq).execute();
    }
  });

  it('passes broken multilingual JSON through as text and survives broken stored lists', async (ctx) => {
    if (!t) return ctx.skip();
    const { body } = await get(`/v2/buildings/openLink/${SEED.tour}`);
    const memo = TourSchema.parse(body).panoramas[1]!.markers.find((m) => m.type === 'memo')!;
    expect(memo.nameMulti).toBe('{not json');
    expect(memo.multitagInfo).toBeNull();
    expect(memo.category).toEqual([]);
  });

  it('answers each unavailable tour as the viewer needs', async (ctx) => {
    if (!t) return ctx.skip();
    const missing = await get('/v2/buildings/openLink/doesNotExist');
    expect(missing).toMatchObject({ status: 404, body: { code: 'TOUR_NOT_FOUND', message: "Sorry, this LiveTour doesn't exist." } });
    const hidden = await get(`/v2/buildings/openLink/${SEED.hiddenTour}`);
    expect(hidden).toMatchObject({ status: 403, body: { code: 'TOUR_HIDDEN', message: 'This LiveTour is hidden from view.' } });
    const removed = await get(`/v2/buildings/openLink/${SEED.removedTour}`);
    expect(removed.status).toBe(410);
    expect(removed.body.code).toBe('TOUR_REMOVED');
    // the first tour of the list that a visitor can open: never the offline one
    expect(removed.body.details.firstBuildingId).toBe(SEED.tour);
    const offline = await get(`/v2/buildings/openLink/${SEED.offlineTour}`);
    expect(offline.status).toBe(200);
    expect(offline.body).toMatchObject({ isOffline: true, panoramas: [] });
  });

  it('names the default tour: the first open one', async (ctx) => {
    if (!t) return ctx.skip();
    expect((await get('/v2/buildings/default')).body).toEqual({ objectId: SEED.tour });
  });

  it('gives the tour logo', async (ctx) => {
    if (!t) return ctx.skip();
    expect((await get(`/v2/buildings/tripodLogo/${SEED.tour}`)).body).toEqual({ logoUrl: '/media/assets/logo.png', logoSize: { width: 200, height: 80 } });
    expect((await get(`/v2/buildings/tripodLogo/${SEED.hiddenTour}`)).body).toEqual({ logoUrl: null, logoSize: null });
    expect((await get('/v2/buildings/tripodLogo/nope')).status).toBe(404);
  });

  it('lists a user\'s public tours with paging', async (ctx) => {
    if (!t) return ctx.skip();
    const list = await get('/v2/buildings/ListAll?limit=100&offset=0&skipLogin=true', { username: 'owner1' });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.buildingList.map((b: { objectId: string }) => b.objectId).sort()).toEqual([SEED.offlineTour, SEED.tour].sort());
    const page = await get('/v2/buildings/ListAll?limit=1&offset=1&skipLogin=true', { username: 'owner1' });
    expect(page.body.buildingList).toHaveLength(1);
    expect((await get('/v2/buildings/ListAll?skipLogin=true', { username: 'nobody' })).body).toEqual({ buildingList: [], total: 0 });
    expect((await get('/v2/buildings/ListAll?limit=10', { username: 'owner1' })).status).toBe(401);
  });

  it('serves groups, their open tours, markers and companies', async (ctx) => {
    if (!t) return ctx.skip();
    const prop = await get(`/v2/properties/${SEED.property}`);
    expect(prop.status).toBe(200);
    expect(prop.body).toMatchObject({ objectId: SEED.property, markerFinderEnable: true, myFavoriteEnable: false });
    expect(prop.body.buildings.map((b: { index: number; building: { objectId: string } }) => [b.index, b.building.objectId])).toEqual([
      [0, SEED.offlineTour], [1, SEED.tour],
    ]);
    const open = await get(`/v2/properties/openlink/${SEED.property}`);
    expect(open.body.buildings.map((b: { objectId: string }) => b.objectId)).toEqual([SEED.tour]);
    const markers = await get(`/v2/properties/${SEED.property}/allMarkers`);
    expect(markers.body.markers.map((m: { objectId: string }) => m.objectId).sort()).toEqual(['mBack', 'mBrokenJson', 'mTag', 'mTeleport']);
    const companies = await get(`/v2/properties/${SEED.property}/allCompanies`);
    expect(Object.keys(companies.body.companies)).toEqual([SEED.company]);
    expect(companies.body.companies[SEED.company]).toMatchObject({ name: 'Nordic Chairs' });
    expect((await get('/v2/properties/nope')).body.code).toBe('PROPERTY_NOT_FOUND');
    expect((await get('/v2/properties/nope/allMarkers')).status).toBe(404);
  });

  it('finds a headquarter by title', async (ctx) => {
    if (!t) return ctx.skip();
    expect((await get('/v1/headquarters?title=Harbour%20Estates')).body).toEqual({ objectId: SEED.hq, title: 'Harbour Estates', qrUrl: null, partner: false });
    expect((await get('/v1/headquarters?title=Unknown')).status).toBe(404);
  });

  it('tells whether a panorama\'s tiles are published, for a given version too', async (ctx) => {
    if (!t) return ctx.skip();
    expect((await get(`/v2/panoramas/${SEED.panoA}/cubemapReady`)).body).toEqual({ cubeMapReady: true });
    expect((await get(`/v2/panoramas/${SEED.panoA}/cubemapReady?fileName=v1`)).body).toEqual({ cubeMapReady: true });
    expect((await get(`/v2/panoramas/${SEED.panoA}/cubemapReady?fileName=old`)).body).toEqual({ cubeMapReady: false });
    expect((await get('/v2/panoramas/offlinePano/cubemapReady')).body).toEqual({ cubeMapReady: false });
    expect((await get('/v2/panoramas/nope/cubemapReady')).status).toBe(404);
  });

  it.for([
    ['/v2/buildings/openLink/bad%20id!', 'params.id'],
    ['/v2/buildings/ListAll?limit=0&skipLogin=true', 'querystring.limit'],
    ['/v2/buildings/ListAll?limit=abc&skipLogin=true', 'querystring.limit'],
    ['/v2/buildings/ListAll?offset=-1&skipLogin=true', 'querystring.offset'],
    ['/v2/buildings/ListAll?skipLogin=maybe', 'querystring.skipLogin'],
    ['/v1/headquarters', 'querystring.title'],
    ['/v1/headquarters?title=', 'querystring.title'],
    ['/v2/properties/%24%24/allMarkers', 'params.id'],
  ] as const)('refuses %s with a 400 naming %s', async ([url, field], ctx) => {
    if (!t) return ctx.skip();
    const res = await get(url, url.includes('ListAll') ? { username: 'owner1' } : {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.field).toBe(field);
    expect(res.body.message).toContain(field);
  });

  it('refuses ListAll without the username header', async (ctx) => {
    if (!t) return ctx.skip();
    const res = await get('/v2/buildings/ListAll?skipLogin=true');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('headers.username');
  });

  it('answers unknown API paths with a JSON 404 and crashes with a correlation id, never a stack', async (ctx) => {
    if (!t) return ctx.skip();
    expect(await get('/v2/nothing/here')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const boom = await get('/v2/boom');
    expect(boom.status).toBe(500);
    expect(boom.body.code).toBe('INTERNAL');
    expect(boom.body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(boom.body)).not.toContain('secret internal detail');
    expect(JSON.stringify(boom.body)).not.toContain('.ts:');
  });

  it('reports health with the database in use', async (ctx) => {
    if (!t) return ctx.skip();
    expect((await get('/healthz')).body).toMatchObject({ status: 'ok', database: dialect });
  });
});
