import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StudioTourSchema, StudioToursResponseSchema, UploadPanoramasResponseSchema, type StudioTour } from '../../src/protocol/studio.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { EQUIRECT, FIXTURES, fixturesAvailable } from './support/fixtures.ts';
import { multipartBody, type PartFile } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const hasPhotos = fixturesAvailable();
const CUBE_FACE = path.join(FIXTURES, 'fishermans-bastion', 'posx.jpg');

describe.skipIf(!hasPhotos).each(DIALECTS)('studio tours and panoramas on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let owner: SignedUpUser;
  let stranger: SignedUpUser;
  let photo: Buffer;
  let mirrored: Buffer;

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    t = await createTestApp(db.handle);
    owner = await signUpUser(t.app);
    stranger = await signUpUser(t.app);
    photo = fs.readFileSync(EQUIRECT);
    // A second, different panorama from the same photograph: the bastion seen the other way round.
    mirrored = await sharp(photo).flop().jpeg({ quality: 85 }).toBuffer();
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = owner.headers) => {
    const res = await t!.app.inject({ method, url, payload: payload as object | undefined, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const upload = async (url: string, files: PartFile[], headers: Record<string, string> = owner.headers, method: 'POST' | 'PUT' = 'POST') => {
    const body = multipartBody(files);
    const res = await t!.app.inject({ method, url, payload: body.payload, headers: { ...headers, ...body.headers } });
    return { status: res.statusCode, body: res.json() };
  };
  /** Polls the tour until no panorama is tiling (the tiler runs in a worker thread). */
  async function settled(tourId: string): Promise<StudioTour> {
    for (;;) {
      const tour = StudioTourSchema.parse((await call('GET', `/v2/studio/tours/${tourId}`)).body);
      if (!tour.panoramas.some((p) => p.status === 'tiling')) return tour;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  async function newTour(name = 'Harbour house'): Promise<StudioTour> {
    const res = await call('POST', '/v2/studio/tours', { name });
    expect(res.status).toBe(200);
    return StudioTourSchema.parse(res.body);
  }

  // The tests run in order: this first one opens the owner's studio (the others rely on it).
  it('opens the studio: signed out is 401, a member gets a headquarter of their own once', async (ctx) => {
    if (!t) return ctx.skip();
    expect((await call('POST', '/v2/studio/session', undefined, {})).status).toBe(401);
    expect((await call('GET', '/v2/studio/tours', undefined, {})).status).toBe(401);
    // Before the first visit the member has no studio.
    expect((await call('GET', '/v2/studio/tours')).status).toBe(403);
    const first = await call('POST', '/v2/studio/session');
    expect(first.status).toBe(200);
    expect(first.body.userType).toBe('owner');
    expect((await call('POST', '/v2/studio/session')).body.headquarterId).toBe(first.body.headquarterId);
    expect((await call('POST', '/v2/studio/session', undefined, stranger.headers)).body.headquarterId).not.toBe(first.body.headquarterId);
    expect(StudioToursResponseSchema.parse((await call('GET', '/v2/studio/tours')).body)).toMatchObject({ tours: [], removed: [], properties: [], usage: { tours: 0, panoramas: 0, storedBytes: 0 } });
  });

  it('creates, describes and switches every flag of a tour; bad input is a 400 naming the field and changes nothing', async (ctx) => {
    if (!t) return ctx.skip();
    const empty = await call('POST', '/v2/studio/tours', { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('body.name');
    const tour = await newTour();
    expect(tour).toMatchObject({ name: 'Harbour house', themeColor: 'default', music: 'none', panoramas: [], removedAt: null });

    const patch = {
      name: 'Harbour house by the sea', nameMulti: { fr: 'Maison du port', ja: 'ハーバーハウス', de: '' },
      description: 'Three rooms and a garden.', descriptionMulti: { fr: 'Trois pièces et un jardin.' },
      themeColor: 'green', music: 'https://example.test/song.mp3', musicVolume: 35,
      geoLatitude: 47.5021, geoLongitude: 19.0348, mapEnable: true,
      showComment: true, showContactInfo: true, showPoweredBy: false, requireVisitorData: true, requireWhiteListing: true,
      whiteList: ['ada', 'Grace', 'grace'], embedSites: ['https://shop.example.com', 'https://*.example.org'], tourRingBtn: true, myFavoriteEnable: true, instantMessagingEnable: true,
      homeButtonEnable: true, markerFinderEnable: true, introAssetsEnable: true, isOffline: false, unavailable: false, hidden: true,
    };
    const saved = await call('PATCH', `/v2/studio/tours/${tour.objectId}`, patch);
    expect(saved.status).toBe(200);
    // Empty translations are not stored; usernames compare case-insensitively.
    expect(saved.body).toMatchObject({ ...patch, nameMulti: { fr: 'Maison du port', ja: 'ハーバーハウス' }, whiteList: ['ada', 'Grace'] });

    for (const [body, field] of [
      [{ themeColor: 'purple' }, 'body.themeColor'],
      [{ geoLatitude: 91 }, 'body.geoLatitude'],
      [{ musicVolume: 120 }, 'body.musicVolume'],
      [{ music: 'ftp://x' }, 'body.music'],
      [{ name: 'x'.repeat(201) }, 'body.name'],
      [{ nameMulti: { 'not a language': 'x' } }, 'body.nameMulti'],
      [{ somethingElse: true }, 'body'],
      [{ geoLatitude: null, geoLongitude: null }, 'body.mapEnable'],
      [{ name: 'Lost', geoLongitude: null }, 'body.geoLongitude'],
      [{ embedSites: ['https://shop.example.com', "https://x.example; script-src 'unsafe-inline'"] }, 'body.embedSites.1'],
      [{ embedSites: ['*'] }, 'body.embedSites.0'],
    ] as const) {
      const bad = await call('PATCH', `/v2/studio/tours/${tour.objectId}`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.field, JSON.stringify(body)).toContain(field);
      expect(bad.body.message).toContain(field);
    }
    // Nothing saved was lost on the bad requests.
    expect((await call('GET', `/v2/studio/tours/${tour.objectId}`)).body).toMatchObject({ ...patch, nameMulti: { fr: 'Maison du port', ja: 'ハーバーハウス' }, whiteList: ['ada', 'Grace'] });
    // The map can be switched off with its location.
    const off = await call('PATCH', `/v2/studio/tours/${tour.objectId}`, { mapEnable: false, geoLatitude: null, geoLongitude: null });
    expect(off.body).toMatchObject({ mapEnable: false, geoLatitude: null, geoLongitude: null });
    // Sites are kept in one spelling, once each; an empty list lets any site embed the tour again.
    expect((await call('PATCH', `/v2/studio/tours/${tour.objectId}`, { embedSites: ['HTTPS://Shop.Example.com/', 'https://shop.example.com:443'] })).body.embedSites).toEqual(['https://shop.example.com']);
    expect((await call('PATCH', `/v2/studio/tours/${tour.objectId}`, { embedSites: [] })).body.embedSites).toEqual([]);
  });

  it('removes a tour (visitors get TOUR_REMOVED) and restores it', async (ctx) => {
    if (!t) return ctx.skip();
    const tour = await newTour('To be removed');
    const removed = await call('DELETE', `/v2/studio/tours/${tour.objectId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.removedAt).toBeTruthy();
    expect((await call('GET', `/v2/buildings/openLink/${tour.objectId}`, undefined, {})).status).toBe(410);
    const list = StudioToursResponseSchema.parse((await call('GET', '/v2/studio/tours')).body);
    expect(list.removed.map((r) => r.objectId)).toContain(tour.objectId);
    expect(list.tours.map((r) => r.objectId)).not.toContain(tour.objectId);
    const restored = await call('POST', `/v2/studio/tours/${tour.objectId}/restore`);
    expect(restored.body.removedAt).toBeNull();
    expect((await call('GET', `/v2/buildings/openLink/${tour.objectId}`, undefined, {})).status).not.toBe(410);
  });

  it('stores a logo and a floor plan checked by content, and refuses a non-image naming it', async (ctx) => {
    if (!t) return ctx.skip();
    const tour = await newTour('Branded');
    const plan = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#ffffff' } }).png().toBuffer();
    // The name lies (.gif); the bytes are a PNG and are stored as one.
    const floor = await upload(`/v2/studio/tours/${tour.objectId}/floorplan`, [{ filename: 'plan.gif', content: plan }], owner.headers, 'PUT');
    expect(floor.status).toBe(200);
    expect(floor.body.floorplan).toMatch(/^\/media\/assets\/.+\.png$/);
    expect(floor.body.floorplanSize).toEqual({ width: 800, height: 500 });
    const logo = await upload(`/v2/studio/tours/${tour.objectId}/logo`, [{ filename: 'logo.jpg', content: await sharp(photo).resize(300).jpeg().toBuffer() }], owner.headers, 'PUT');
    expect(logo.status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: logo.body.logoUrl })).statusCode).toBe(200);
    const text = await upload(`/v2/studio/tours/${tour.objectId}/logo`, [{ filename: 'notes.jpg', content: Buffer.from('hello, not a picture') }], owner.headers, 'PUT');
    expect(text.status).toBe(400);
    expect(text.body.message).toContain('notes.jpg is not an image');
    // The logo stored before is still there.
    expect((await call('GET', `/v2/studio/tours/${tour.objectId}`)).body.logoUrl).toBe(logo.body.logoUrl);
    // Past the size limit the file is cut, refused and named; nothing half-stored.
    const big = await upload(`/v2/studio/tours/${tour.objectId}/logo`, [{ filename: 'huge-logo.png', content: Buffer.alloc(11 * 1024 * 1024, 7) }], owner.headers, 'PUT');
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'file', message: expect.stringContaining('huge-logo.png is larger than 10 MB') });
    const cleared = await call('DELETE', `/v2/studio/tours/${tour.objectId}/floorplan`);
    expect(cleared.body.floorplan).toBeNull();
  });

  it('uploads real photographs; each bad file fails alone with a message naming it; visitors see the panoramas', async (ctx) => {
    if (!t) return ctx.skip();
    const tour = await newTour('Bastion');
    const res = await upload(`/v2/studio/tours/${tour.objectId}/panoramas`, [
      { filename: 'bastion-north.jpg', content: photo, type: 'image/jpeg' },
      { filename: 'readme.jpg', content: Buffer.from('this is text pretending to be a photo') },
      { filename: 'broken.jpg', content: photo.subarray(0, Math.floor(photo.length / 2)) },
      { filename: 'cube-face.jpg', content: fs.readFileSync(CUBE_FACE) },
      { filename: 'bastion-south.jpg', content: mirrored },
    ]);
    expect(res.status).toBe(200);
    const { results } = UploadPanoramasResponseSchema.parse(res.body);
    expect(results.map((r) => [r.fileName, r.ok])).toEqual([
      ['bastion-north.jpg', true], ['readme.jpg', false], ['broken.jpg', false], ['cube-face.jpg', false], ['bastion-south.jpg', true],
    ]);
    const failed = Object.fromEntries(results.flatMap((r) => (r.ok ? [] : [[r.fileName, r]])));
    expect(failed['readme.jpg']).toMatchObject({ code: 'NOT_AN_IMAGE', message: expect.stringContaining('readme.jpg is not an image') });
    expect(failed['broken.jpg']).toMatchObject({ code: 'CORRUPT_IMAGE', message: expect.stringContaining('broken.jpg is damaged') });
    expect(failed['cube-face.jpg']).toMatchObject({ code: 'WRONG_RATIO', message: expect.stringContaining('cube-face.jpg is 2048x2048') });

    const ready = await settled(tour.objectId);
    expect(ready.panoramas.map((p) => [p.name, p.status])).toEqual([['bastion north', 'ready'], ['bastion south', 'ready']]);
    const [north, south] = ready.panoramas as [StudioTour['panoramas'][0], StudioTour['panoramas'][0]];
    expect(ready.thumbnail).toBe(north.thumbnail);

    // Once the tour is published (new tours start as drafts), visitors see them on their next load, tiles included.
    expect((await call('GET', `/v2/buildings/openLink/${tour.objectId}`, undefined, {})).status).toBe(403);
    expect((await call('POST', `/v2/studio/tours/${tour.objectId}/publish`, { published: true })).status).toBe(200);
    const open = await call('GET', `/v2/buildings/openLink/${tour.objectId}`, undefined, {});
    expect(open.status).toBe(200);
    expect(open.body.panoramas.map((p: { objectId: string }) => p.objectId)).toEqual([north.objectId, south.objectId]);
    expect((await t.app.inject({ method: 'GET', url: open.body.panoramas[0].cubemapUrl })).statusCode).toBe(200);

    // Rename, categorise, choose the initial view and the place on the plan.
    const edited = await call('PATCH', `/v2/studio/tours/${tour.objectId}/panoramas/${south.objectId}`, {
      name: 'South terrace', category: 'custom', customCategory: 'Terrace', initialView: { ath: 120, atv: -10, fov: 90 }, position: { x: 0.25, y: 0.75 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.panoramas[1]).toMatchObject({ name: 'South terrace', category: 'custom', customCategory: 'Terrace', initialView: { ath: 120, atv: -10, fov: 90 }, position: { x: 0.25, y: 0.75 } });
    const noCustom = await call('PATCH', `/v2/studio/tours/${tour.objectId}/panoramas/${south.objectId}`, { category: 'custom', customCategory: '' });
    expect(noCustom.status).toBe(400);
    expect(noCustom.body.field).toBe('body.customCategory');
    const offPlan = await call('PATCH', `/v2/studio/tours/${tour.objectId}/panoramas/${south.objectId}`, { position: { x: 1.5, y: 0 } });
    expect(offPlan.body.field).toBe('body.position.x');

    // Reorder: the tour starts in the south now.
    const badOrder = await call('PUT', `/v2/studio/tours/${tour.objectId}/panoramas/order`, { panoramaIds: [south.objectId] });
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.field).toBe('body.panoramaIds');
    const order = await call('PUT', `/v2/studio/tours/${tour.objectId}/panoramas/order`, { panoramaIds: [south.objectId, north.objectId] });
    expect(order.body.panoramas.map((p: { name: string }) => p.name)).toEqual(['South terrace', 'bastion north']);
    const visitor = await call('GET', `/v2/buildings/openLink/${tour.objectId}`, undefined, {});
    expect(visitor.body.panoramas[0]).toMatchObject({ name: 'South terrace', customCategory: 'Terrace', initialView: { ath: 120, atv: -10, fov: 90 } });
    expect(visitor.body.thumbnail).toBe(south.thumbnail);

    // Delete: its media goes with it.
    const gone = await call('DELETE', `/v2/studio/tours/${tour.objectId}/panoramas/${north.objectId}`);
    expect(gone.body.panoramas.map((p: { objectId: string }) => p.objectId)).toEqual([south.objectId]);
    expect(fs.existsSync(path.join(t.mediaDir, 'panoramas', north.objectId))).toBe(false);
    expect((await call('DELETE', `/v2/studio/tours/${tour.objectId}/panoramas/${north.objectId}`)).status).toBe(404);
  });

  it('asks for at least one file', async (ctx) => {
    if (!t) return ctx.skip();
    const tour = await newTour('Empty upload');
    const none = await call('POST', `/v2/studio/tours/${tour.objectId}/panoramas`, { files: [] });
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('files');
  });

  it('pushes tiling progress live as Server-Sent Events', async (ctx) => {
    if (!t) return ctx.skip();
    const tour = await newTour('Live');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const stream = await fetch(`${address}/v2/studio/tours/${tour.objectId}/events`, { headers: owner.headers, signal: controller.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect((await fetch(`${address}/v2/studio/tours/${tour.objectId}/events`, { headers: stranger.headers })).status).toBe(403);
    const res = await upload(`/v2/studio/tours/${tour.objectId}/panoramas`, [{ filename: 'live.jpg', content: photo }]);
    const id = res.body.results[0].panorama.objectId as string;
    const statuses: string[] = [];
    const progress: number[] = [];
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    while (!statuses.includes('ready')) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const events = buffer.split('\n\n');
      buffer = events.pop()!;
      for (const e of events) {
        const data = e.split('\n').find((l) => l.startsWith('data: '));
        if (!data) continue;
        const { panorama } = JSON.parse(data.slice(6));
        if (panorama.objectId !== id) continue;
        statuses.push(panorama.status);
        progress.push(panorama.progress);
      }
    }
    controller.abort();
    expect(statuses.at(-1)).toBe('ready');
    expect(statuses).toContain('tiling');
    // Several steps of progress, never going back.
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('groups tours into properties with an order', async (ctx) => {
    if (!t) return ctx.skip();
    const a = await newTour('Group A');
    const b = await newTour('Group B');
    const created = await call('POST', '/v2/studio/properties', { name: 'Seaside' });
    expect(created.status).toBe(200);
    const id = created.body.objectId as string;
    const set = await call('PATCH', `/v2/studio/properties/${id}`, { name: 'Seaside homes', buildingIds: [b.objectId, a.objectId] });
    expect(set.body).toEqual({ objectId: id, name: 'Seaside homes', buildingIds: [b.objectId, a.objectId] });
    // Drafts are nobody's business in the group's public answer; published tours show in the group's order.
    const visitor = async () => (await call('GET', `/v2/properties/${id}`, undefined, {})).body.buildings.map((x: { building: { objectId: string } }) => x.building.objectId);
    expect(await visitor()).toEqual([]);
    for (const tour of [a, b]) expect((await call('POST', `/v2/studio/tours/${tour.objectId}/publish`, { published: true })).status).toBe(200);
    expect(await visitor()).toEqual([b.objectId, a.objectId]);
    expect((await call('PATCH', `/v2/studio/properties/${id}`, { buildingIds: [a.objectId, a.objectId] })).body.field).toBe('body.buildingIds');
    expect(StudioToursResponseSchema.parse((await call('GET', '/v2/studio/tours')).body).properties).toContainEqual({ objectId: id, name: 'Seaside homes', buildingIds: [b.objectId, a.objectId] });
    expect((await call('DELETE', `/v2/studio/properties/${id}`)).status).toBe(200);
  });

  it('answers 403 to another user and 401 to nobody on every route, whether the tour exists or not', async (ctx) => {
    if (!t) return ctx.skip();
    const tour = await newTour('Private');
    await upload(`/v2/studio/tours/${tour.objectId}/panoramas`, [{ filename: 'p.jpg', content: photo }]);
    const ready = await settled(tour.objectId);
    const pano = ready.panoramas[0]!.objectId;
    const property = (await call('POST', '/v2/studio/properties', { name: 'Mine' })).body.objectId as string;
    const own = (await call('POST', '/v2/studio/tours', { name: 'Theirs' }, stranger.headers)).body.objectId as string;
    const routes: Array<[method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, files?: boolean]> = [
      ['GET', `/v2/studio/tours/${tour.objectId}`],
      ['PATCH', `/v2/studio/tours/${tour.objectId}`, { name: 'Stolen' }],
      ['DELETE', `/v2/studio/tours/${tour.objectId}`],
      ['POST', `/v2/studio/tours/${tour.objectId}/restore`],
      ['PUT', `/v2/studio/tours/${tour.objectId}/logo`, undefined, true],
      ['DELETE', `/v2/studio/tours/${tour.objectId}/logo`],
      ['PUT', `/v2/studio/tours/${tour.objectId}/floorplan`, undefined, true],
      ['DELETE', `/v2/studio/tours/${tour.objectId}/floorplan`],
      ['POST', `/v2/studio/tours/${tour.objectId}/panoramas`, undefined, true],
      ['PUT', `/v2/studio/tours/${tour.objectId}/panoramas/order`, { panoramaIds: [pano] }],
      ['PATCH', `/v2/studio/tours/${tour.objectId}/panoramas/${pano}`, { name: 'Stolen' }],
      ['DELETE', `/v2/studio/tours/${tour.objectId}/panoramas/${pano}`],
      ['GET', `/v2/studio/tours/${tour.objectId}/events`],
      ['PATCH', `/v2/studio/properties/${property}`, { name: 'Stolen' }],
      ['DELETE', `/v2/studio/properties/${property}`],
      // Putting someone else's tour into one's own group is refused too.
      ['PATCH', `/v2/studio/properties/__own__`, { buildingIds: [tour.objectId] }],
      // An id that does not exist answers the same as someone else's.
      ['GET', '/v2/studio/tours/doesNotExist1'],
    ];
    const strangersProperty = (await call('POST', '/v2/studio/properties', { name: 'Theirs' }, stranger.headers)).body.objectId as string;
    for (const [method, rawUrl, body, files] of routes) {
      const url = rawUrl.replace('__own__', strangersProperty);
      for (const [who, headers, status] of [['stranger', stranger.headers, 403], ['nobody', {}, 401]] as const) {
        const res = files
          ? await upload(url, [{ filename: 'p.jpg', content: photo }], headers, method as 'POST' | 'PUT')
          : await call(method, url, body, headers);
        expect(res.status, `${who} ${method} ${url}`).toBe(status);
      }
    }
    const after = StudioTourSchema.parse((await call('GET', `/v2/studio/tours/${tour.objectId}`)).body);
    expect(after.name).toBe('Private');
    expect(after.panoramas).toHaveLength(1);
    expect(own).toBeTruthy();
  });
});
