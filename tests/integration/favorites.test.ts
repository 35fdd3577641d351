import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVORITE_NOTE_MAX } from '../../src/protocol/constants.ts';
import { FAVORITES_PER_USER_MAX, FavoritesAnswerSchema, FavoriteSchema } from '../../src/protocol/favorites.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

describe.each(DIALECTS)('favourites (sections 3, 5, 7) on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let ada: SignedUpUser;
  let grace: SignedUpUser;
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    t = await createTestApp(db.handle);
    ada = await signUpUser(t.app, { firstName: 'Ada', lastName: 'Lovelace', companyDisplayName: 'Engines Ltd', phone: '+44 20 1234' } as never);
    grace = await signUpUser(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    const repos = createRepositories(db.handle.db);
    await repos.markers.insertMany([
      { id: 'mGallery', panoramaId: SEED.panoB, buildingId: SEED.tour, type: 'gallery', ath: 1, atv: 2, category: '[]', name: 'Paintings', description: 'Oil on canvas', photo: '/media/p.jpg' },
      { id: 'mHiddenTag', panoramaId: 'offlinePano', buildingId: SEED.offlineTour, type: 'tag', ath: 1, atv: 2, category: '[]', name: 'Offline' },
    ]);
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const res = await t!.app.inject({ method, url, payload: payload as object | undefined, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const setTourFlag = (id: string, on: boolean) =>
    db!.handle.db.updateTable('buildings').set({ myFavoriteEnable: on ? 1 : 0 }).where('id', '=', id).execute();
  const setGroupFlag = (on: boolean) =>
    db!.handle.db.updateTable('properties').set({ myFavoriteEnable: on ? 1 : 0 }).where('id', '=', SEED.property).execute();
  const rows = (userId: string) => db!.handle.db.selectFrom('favorites').selectAll().where('userId', '=', userId).execute();

  it('asks anonymous visitors to sign in for the four calls', async (ctx) => {
    if (!t) return ctx.skip();
    expect((await call('GET', '/v2/users/favorites')).status).toBe(401);
    expect((await call('POST', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mTag' })).status).toBe(401);
    expect((await call('DELETE', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mTag' })).status).toBe(401);
    expect((await call('PATCH', '/v2/users/favorites/abc', { note: 'x' })).status).toBe(401);
  });

  it('saves only where the tour or its group has myFavoriteEnable, and only what is there', async (ctx) => {
    if (!t) return ctx.skip();
    await setTourFlag(SEED.tour, false);
    await setGroupFlag(false);
    const off = await call('POST', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mTag' }, ada.headers);
    expect(off).toMatchObject({ status: 403, body: { code: 'FAVORITES_OFF' } });
    // The group's flag is enough (section 3: "the current building or its property").
    await setGroupFlag(true);
    const viaGroup = await call('POST', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mTag' }, ada.headers);
    expect(viaGroup.status).toBe(200);
    await call('DELETE', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mTag' }, ada.headers);
    expect((await call('GET', `/v2/favorites/settings?buildingId=${SEED.tour}`)).body).toEqual({ enabled: true, noteLimit: FAVORITE_NOTE_MAX });
    await setGroupFlag(false);
    expect((await call('GET', `/v2/favorites/settings?buildingId=${SEED.tour}`)).body.enabled).toBe(false);
    await setTourFlag(SEED.tour, true);
    expect((await call('GET', `/v2/favorites/settings?buildingId=${SEED.tour}`)).body.enabled).toBe(true);
    expect((await call('GET', `/v2/favorites/settings?buildingId=${SEED.hiddenTour}`)).body.enabled).toBe(false);

    const gone = { status: 404, body: { code: 'NOT_FOUND', message: 'This item is no longer available' } };
    expect(await call('POST', '/v2/users/favorites', { identifier: 'marker', identifierId: 'nope' }, ada.headers)).toMatchObject(gone);
    // A teleport is not a thing to keep; an offline tour's marker is not there for visitors.
    expect(await call('POST', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mTeleport' }, ada.headers)).toMatchObject(gone);
    expect(await call('POST', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mHiddenTag' }, ada.headers)).toMatchObject(gone);
    expect(await call('POST', '/v2/users/favorites', { identifier: 'panorama', identifierId: SEED.panoNoRaw }, ada.headers)).toMatchObject(gone);
    expect(await call('POST', '/v2/users/favorites', { identifier: 'card', identifierId: SEED.hiddenTour }, ada.headers)).toMatchObject(gone);
    const bad = await call('POST', '/v2/users/favorites', { identifier: 'sofa', identifierId: 'mTag' }, ada.headers);
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    // People and companies are saved from a tour, which must be named.
    const noContext = await call('POST', '/v2/users/favorites', { identifier: 'company', identifierId: SEED.company }, ada.headers);
    expect(noContext).toMatchObject({ status: 400, body: { field: 'body.buildingId' } });
  });

  it('adds every category once (adding twice is idempotent) and lists them with what they show', async (ctx) => {
    if (!t) return ctx.skip();
    await setTourFlag(SEED.tour, true);
    const add = (identifier: string, identifierId: string, extra: Record<string, unknown> = {}) =>
      call('POST', '/v2/users/favorites', { identifier, identifierId, ...extra }, ada.headers);
    const first = await add('marker', 'mTag');
    expect(first.status).toBe(200);
    expect(FavoriteSchema.parse(first.body)).toMatchObject({ identifier: 'marker', identifierId: 'mTag', note: '' });
    const again = await add('marker', 'mTag');
    expect(again.body.favoriteId).toBe(first.body.favoriteId);
    expect((await rows(ada.userId)).filter((r) => r.identifierId === 'mTag')).toHaveLength(1);

    expect((await add('marker', 'mGallery', { note: '  Ask about the frame  ' })).body.note).toBe('Ask about the frame');
    expect((await add('panorama', SEED.panoA)).status).toBe(200);
    expect((await add('card', SEED.tour)).status).toBe(200);
    expect((await add('company', SEED.company, { buildingId: SEED.tour })).status).toBe(200);
    expect((await add('user', grace.userId, { buildingId: SEED.tour })).status).toBe(200);
    expect((await add('nameCard', grace.userId, { buildingId: SEED.tour })).status).toBe(200);

    const list = await call('GET', '/v2/users/favorites', undefined, ada.headers);
    expect(list.status).toBe(200);
    const answer = FavoritesAnswerSchema.parse(list.body);
    expect(answer.noteLimit).toBe(FAVORITE_NOTE_MAX);
    expect(answer.favorites.map((f) => `${f.identifier}:${f.identifierId}`)).toEqual([
      'marker:mTag', 'marker:mGallery', `panorama:${SEED.panoA}`, `card:${SEED.tour}`, `company:${SEED.company}`, `user:${grace.userId}`, `nameCard:${grace.userId}`,
    ]);
    const [tag, gallery, pano, card, company, person, nameCard] = answer.favorites;
    expect(tag!.target).toMatchObject({ title: 'Marker mTag', titleMulti: { ja: '椅子' }, price: '€10', image: '/a.jpg', kind: 'tag', buildingId: SEED.tour, panoramaId: SEED.panoA, markerId: 'mTag', position: { ath: 10, atv: 5 } });
    expect(gallery!.target).toMatchObject({ title: 'Paintings', description: 'Oil on canvas', image: '/media/p.jpg', panoramaId: SEED.panoB });
    expect(pano!.target).toMatchObject({ title: `Pano ${SEED.panoA}`, kind: 'kitchen', panoramaId: SEED.panoA, markerId: null });
    expect(card!.target).toMatchObject({ title: `Tour ${SEED.tour}`, buildingId: SEED.tour, buildingNameMulti: { fr: 'Visite' } });
    // "Go there" for a company opens the marker that shows it.
    expect(company!.target).toMatchObject({ title: 'Nordic Chairs', description: 'Chairs', markerId: 'mTag', buildingId: SEED.tour });
    expect(person!.target).toMatchObject({ title: 'Grace Hopper', contact: null, buildingId: null });
    // A name card's contact shows only once the two are connected in the lounge.
    expect(nameCard!.target!.contact).toBeNull();
  });

  it('shows a name card\'s contact once connected, and never while either has blocked the other', async (ctx) => {
    if (!t) return ctx.skip();
    const dbx = db!.handle.db;
    const at = new Date().toISOString();
    const pairKey = [ada.userId, grace.userId].sort().join(':');
    await dbx.insertInto('loungeInvitations').values({ id: 'inv1', pairKey, fromUserId: ada.userId, toUserId: grace.userId, buildingId: SEED.tour, note: '', status: 'accepted', createdAt: at, seenAt: at, answeredAt: at }).execute();
    const contactOf = async () => {
      const list = FavoritesAnswerSchema.parse((await call('GET', '/v2/users/favorites', undefined, ada.headers)).body);
      return list.favorites.find((f) => f.identifier === 'nameCard')!.target!.contact;
    };
    expect(await contactOf()).toEqual({ email: grace.email, phone: null });
    await dbx.insertInto('loungeBlocks').values({ blockerId: grace.userId, blockedId: ada.userId, createdAt: at }).execute();
    expect(await contactOf()).toBeNull();
    await dbx.deleteFrom('loungeBlocks').execute();
    await dbx.deleteFrom('loungeInvitations').execute();
  });

  it('keeps a note per favourite up to the limit in letters, with section 5\'s {n}', async (ctx) => {
    if (!t) return ctx.skip();
    const { favorites } = FavoritesAnswerSchema.parse((await call('GET', '/v2/users/favorites', undefined, ada.headers)).body);
    const id = favorites[0]!.favoriteId;
    const ok = await call('PATCH', `/v2/users/favorites/${id}`, { note: 'Seat height 45 cm — ask for the oak legs' }, ada.headers);
    expect(ok).toMatchObject({ status: 200, body: { favoriteId: id, note: 'Seat height 45 cm — ask for the oak legs' } });
    // Letters as people count them: a family emoji is one letter, so 500 of them fit.
    const family = '👨‍👩‍👧'.repeat(FAVORITE_NOTE_MAX);
    expect((await call('PATCH', `/v2/users/favorites/${id}`, { note: family }, ada.headers)).status).toBe(200);
    const tooLong = await call('PATCH', `/v2/users/favorites/${id}`, { note: 'a'.repeat(FAVORITE_NOTE_MAX + 1) }, ada.headers);
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', field: 'body.note', details: { limit: FAVORITE_NOTE_MAX } } });
    expect(tooLong.body.message).toContain(String(FAVORITE_NOTE_MAX));
    // Another account's favourite answers exactly like one that does not exist.
    const stranger = await call('PATCH', `/v2/users/favorites/${id}`, { note: 'mine now' }, grace.headers);
    expect(stranger).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await call('PATCH', '/v2/users/favorites/doesNotExist', { note: 'x' }, ada.headers)).status).toBe(404);
    expect((await rows(ada.userId)).find((r) => r.id === id)!.note).toBe(family);
  });

  it('removes by identifier and identifierId; removing what is gone is not an error; others are untouched', async (ctx) => {
    if (!t) return ctx.skip();
    await call('POST', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mTag' }, grace.headers);
    const removed = await call('DELETE', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mTag' }, ada.headers);
    expect(removed).toEqual({ status: 200, body: { removed: true } });
    expect(await call('DELETE', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mTag' }, ada.headers)).toEqual({ status: 200, body: { removed: false } });
    expect(await call('DELETE', '/v2/users/favorites', { identifier: 'panorama', identifierId: 'neverSaved' }, ada.headers)).toEqual({ status: 200, body: { removed: false } });
    expect((await rows(grace.userId)).map((r) => r.identifierId)).toEqual(['mTag']);
  });

  it('shows a favourite whose tour became hidden as no longer available, and never its content', async (ctx) => {
    if (!t) return ctx.skip();
    await db!.handle.db.updateTable('buildings').set({ hidden: 1 }).where('id', '=', SEED.tour).execute();
    const list = FavoritesAnswerSchema.parse((await call('GET', '/v2/users/favorites', undefined, ada.headers)).body);
    expect(list.favorites.find((f) => f.identifierId === 'mGallery')!.target).toBeNull();
    expect(list.favorites.find((f) => f.identifier === 'card')!.target).toBeNull();
    await db!.handle.db.updateTable('buildings').set({ hidden: 0 }).where('id', '=', SEED.tour).execute();
  });

  it('resolves an anonymous visitor\'s list without an account, hiding what the tour hides', async (ctx) => {
    if (!t) return ctx.skip();
    const res = await call('POST', '/v2/favorites/resolve', { items: [
      { identifier: 'marker', identifierId: 'mTag' },
      { identifier: 'marker', identifierId: 'mHiddenTag' },
      { identifier: 'company', identifierId: SEED.company, buildingId: SEED.tour },
      { identifier: 'panorama', identifierId: 'nope' },
    ] });
    expect(res.status).toBe(200);
    expect(res.body.targets.map((x: { title: string } | null) => x?.title ?? null)).toEqual(['Marker mTag', null, 'Nordic Chairs', null]);
    expect((await call('POST', '/v2/favorites/resolve', { items: 'all' })).status).toBe(400);
  });

  it('merges what a visitor picked before signing in, keeping existing notes and skipping what is gone', async (ctx) => {
    if (!t) return ctx.skip();
    const before = await rows(grace.userId);
    const res = await call('POST', '/v2/users/favorites/merge', { items: [
      { identifier: 'marker', identifierId: 'mTag', note: 'from the phone' },
      { identifier: 'marker', identifierId: 'mGallery', note: 'frame?' },
      { identifier: 'marker', identifierId: 'mHiddenTag', note: 'hidden' },
      { identifier: 'company', identifierId: SEED.company, buildingId: SEED.tour, note: '' },
      { identifier: 'marker', identifierId: 'nope', note: '' },
    ] }, grace.headers);
    expect(res.status).toBe(200);
    const answer = FavoritesAnswerSchema.parse(res.body);
    expect(answer.favorites.map((f) => [f.identifierId, f.note])).toEqual([['mTag', 'from the phone'], ['mGallery', 'frame?'], [SEED.company, '']]);
    expect(before).toHaveLength(1);
  });

  it('stops at the per-account limit with a clear 409', async (ctx) => {
    if (!t) return ctx.skip();
    const user = await signUpUser(t.app);
    const at = new Date().toISOString();
    await db!.handle.db.insertInto('favorites').values(Array.from({ length: FAVORITES_PER_USER_MAX }, (_, i) => ({
      id: `fill${i}`, userId: user.userId, identifier: 'panorama', identifierId: `gone${i}`, buildingId: null, note: '', createdAt: at, updatedAt: at,
    }))).execute();
    const full = await call('POST', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mTag' }, user.headers);
    expect(full).toMatchObject({ status: 409, body: { code: 'FAVORITES_FULL', details: { limit: FAVORITES_PER_USER_MAX } } });
    // What is already there can still be added again (idempotent) and removed.
    expect((await call('DELETE', '/v2/users/favorites', { identifier: 'panorama', identifierId: 'gone1' }, user.headers)).body).toEqual({ removed: true });
    expect((await call('POST', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mTag' }, user.headers)).status).toBe(200);
  });
  it('exports the PDF: an account\'s list, or the list an anonymous visitor sends; a hidden tour is refused', async (ctx) => {
    if (!t) return ctx.skip();
    await setTourFlag(SEED.tour, true);
    const user = await signUpUser(t.app);
    expect((await call('POST', '/v2/users/favorites', { identifier: 'marker', identifierId: 'mTag', note: 'Ask for the price' }, user.headers)).status).toBe(200);
    const pdf = async (payload: unknown, headers: Record<string, string> = {}) => t!.app.inject({ method: 'POST', url: '/v2/favorites/export', payload: payload as object, headers });
    const mine = await pdf({ buildingId: SEED.tour, locale: 'ar' }, user.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const anonymous = await pdf({ buildingId: SEED.tour, locale: 'th', items: [{ identifier: 'marker', identifierId: 'mTag', note: 'ที่นี่' }] });
    expect(anonymous.statusCode).toBe(200);
    expect((await pdf({ buildingId: SEED.offlineTour, locale: 'en' })).statusCode).toBe(404);
    expect((await pdf({ buildingId: SEED.tour, locale: 'xx' })).statusCode).toBe(400);
  });
});
