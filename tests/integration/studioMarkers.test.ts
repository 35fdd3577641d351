import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKER_TYPES } from '../../src/protocol/constants.ts';
import { emptyDraft, StudioMarkersResponseSchema, studioMarkerPaths, type MarkerDraft, type MarkerKind } from '../../src/protocol/studioMarkers.ts';
import { MarkerSchema, TourSchema, type Marker } from '../../src/protocol/tour.ts';
import { createRepositories, type Repositories } from '../../src/server/db/repositories.ts';
import { ensureOwnHeadquarter } from '../../src/server/modules/access/policy.ts';
import { toSessionUser } from '../../src/server/modules/auth/identity.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { multipartBody } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const at = { ath: 12.5, atv: -4 };
const draft = (type: MarkerKind, extra: Partial<MarkerDraft> = {}): MarkerDraft => ({ ...emptyDraft(type, at), ...extra });

interface World { user: SignedUpUser; tour: string; panoA: string; panoB: string; secondTour: string; secondPano: string }

/** A signed-up owner with a tour of two panoramas and a second tour of one panorama, all in their headquarter. */
async function ownerWithTours(t: TestApp, repos: Repositories, prefix: string): Promise<World> {
  const user = await signUpUser(t.app);
  const owner = await ensureOwnHeadquarter(repos, toSessionUser((await repos.users.findById(user.userId))!));
  const ids = { tour: `${prefix}Tour`, panoA: `${prefix}PanoA`, panoB: `${prefix}PanoB`, secondTour: `${prefix}Tour2`, secondPano: `${prefix}Pano2` };
  for (const id of [ids.tour, ids.secondTour]) {
    await repos.buildings.insert({ id, headquarterId: owner.headquarterId!, ownerId: owner.id, name: `Tour ${id}` });
  }
  const pano = (id: string, buildingId: string, index: number) =>
    repos.panoramas.insert({ id, buildingId, index, name: `Room ${id}`, customCategory: null, thumbnail: null, rawUrl: `/media/${id}.jpg`, adjustedRawUrl: null, desktopUrl: null, previewUrl: null, cubemapFilePath: null, cubemapPreviewUrl: null, cubemapUrl: null, mediaVersion: null, positionX: null, positionY: null, initialAth: null, initialAtv: null, initialFov: null, videoAttribute: null });
  await pano(ids.panoA, ids.tour, 0);
  await pano(ids.panoB, ids.tour, 1);
  await pano(ids.secondPano, ids.secondTour, 0);
  return { user, ...ids };
}

/** The smallest valid marker of each kind, pointing at panoB where a target is needed. */
const validOf = (type: MarkerKind, w: World): MarkerDraft => draft(type, ({
  point: { nextPanoramaId: w.panoB, iconType: 'upstairsArrow' },
  teleport: { nextPanoramaId: w.panoB },
  memo: { description: '<b>Mind</b> the step' },
  tag: { name: 'Oak chair', price: '€120', nameMulti: { fr: 'Chaise en chêne' }, link: 'https://shop.example.com/chair', action: 'Buy' },
  gallery: { photos: ['/media/assets/a.jpg', '/media/assets/b.jpg'] },
  popup: { link: 'https://vimeo.com/76979871', iconType: 'video' },
  arMakerTag: { arTarget: 'https://ar.example.com/chair', arWidthPercent: 60 },
  pdf: { link: '/media/assets/brochure.pdf' },
  narration: { link: '/media/assets/voice.mp3' },
  multitag: { multitagInfo: [{ name: 'Blue', hidden: false, mainPhoto: '/media/assets/blue.jpg' }, { name: 'Red', hidden: true, mainPhoto: null }] },
  sticker: { photos: ['/media/assets/s.png'], opacity: 0.5, disableResizing: true },
  search: { name: 'Chairs' },
  videoplay: { link: 'https://cdn.example.com/tour/stream.m3u8' },
} satisfies Record<MarkerKind, Partial<MarkerDraft>>)[type]);

/** What a visitor's openLink then carries for each kind: every field the valid draft set, in the viewer's form. */
const seenOf = (type: MarkerKind, w: World): Partial<Marker> => ({
  point: { nextPanoramaId: w.panoB, nextBuildingId: null, iconType: 'upstairsArrow' },
  teleport: { nextPanoramaId: w.panoB, nextBuildingId: null },
  memo: { description: '<b>Mind</b> the step' },
  tag: { name: 'Oak chair', price: '€120', nameMulti: '{"fr":"Chaise en chêne"}', link: 'https://shop.example.com/chair', action: 'Buy' },
  gallery: { photo: '/media/assets/a.jpg,/media/assets/b.jpg' },
  popup: { link: 'https://vimeo.com/76979871', iconType: 'video' },
  arMakerTag: { attributes: { target: 'https://ar.example.com/chair', widthPercent: 60 } },
  pdf: { link: '/media/assets/brochure.pdf' },
  narration: { link: '/media/assets/voice.mp3' },
  multitag: { multitagInfo: [{ name: 'Blue', hidden: false, mainPhoto: '/media/assets/blue.jpg' }, { name: 'Red', hidden: true, mainPhoto: null }] },
  sticker: { photo: '/media/assets/s.png', opacity: 0.5, disableResizing: true },
  search: { name: 'Chairs' },
  videoplay: { link: 'https://cdn.example.com/tour/stream.m3u8' },
} satisfies Record<MarkerKind, Partial<Marker>>)[type];

describe.each(DIALECTS)('studio marker authoring on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let owner: World;
  let other: World;
  let otherMarker: string;
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    t = await createTestApp(db.handle);
    const repos = createRepositories(db.handle.db);
    owner = await ownerWithTours(t, repos, 'own');
    other = await ownerWithTours(t, repos, 'oth');
    const res = await t.app.inject({ method: 'POST', url: studioMarkerPaths.panoramaMarkers(other.panoA), headers: other.user.headers, payload: { marker: draft('memo', { name: 'Theirs' }) } });
    otherMarker = res.json<{ objectId: string }>().objectId;
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string> | undefined, payload?: unknown) => {
    const res = await t!.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() };
  };
  const create = (panoramaId: string, marker: MarkerDraft, headers = owner.user.headers) => call('POST', studioMarkerPaths.panoramaMarkers(panoramaId), headers, { marker });

  it.for(MARKER_TYPES)('creates a %s marker that visitors see on their next load', async (type, ctx) => {
    if (!t) return ctx.skip();
    const res = await create(owner.panoA, validOf(type, owner));
    expect(res.status).toBe(200);
    const marker = MarkerSchema.parse(res.body);
    expect(marker).toMatchObject({ type, panoramaId: owner.panoA, buildingId: owner.tour, position: at });
    const tour = TourSchema.parse((await call('GET', `/v2/buildings/openLink/${owner.tour}`, undefined)).body);
    const seen = tour.panoramas[0]!.markers.find((m) => m.objectId === marker.objectId);
    expect(seen).toMatchObject({ type, panoramaId: owner.panoA, position: at, ...seenOf(type, owner) });
  });

  it('lists the tour\'s panoramas with their markers and the teleport targets of the headquarter', async (ctx) => {
    if (!t) return ctx.skip();
    const res = await call('GET', studioMarkerPaths.tourMarkers(owner.tour), owner.user.headers);
    expect(res.status).toBe(200);
    const body = StudioMarkersResponseSchema.parse(res.body);
    expect(body.panoramas.map((p) => p.objectId)).toEqual([owner.panoA, owner.panoB]);
    expect(body.panoramas[0]!.markers.length).toBeGreaterThanOrEqual(MARKER_TYPES.length);
    expect(body.targets.map((x) => x.objectId).sort()).toEqual([owner.tour, owner.secondTour].sort());
    expect(body.targets.find((x) => x.objectId === owner.secondTour)!.panoramas.map((p) => p.objectId)).toEqual([owner.secondPano]);
  });

  it('refuses bad input with a 400 naming the field', async (ctx) => {
    if (!t) return ctx.skip();
    const cases: Array<[MarkerDraft, string]> = [
      [draft('teleport'), 'nextPanoramaId'],
      [draft('tag', { price: '€1' }), 'name'],
      [draft('popup', { link: 'javascript:alert(1)' }), 'link'],
      [draft('tag', { name: 'Chair', link: 'java\tscript:alert(1)' }), 'link'],
      [draft('pdf', { link: '/media/../atrium.sqlite' }), 'link'],
      [draft('gallery', { photos: ['\u0001javascript:alert(1)'] }), 'photos.0'],
      [draft('memo', { name: 'x', opacity: 3 }), 'opacity'],
      [draft('gallery'), 'photos'],
    ];
    for (const [marker, field] of cases) {
      const res = await create(owner.panoA, marker);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', field: `body.marker.${field}` });
    }
    const wrongTarget = await create(owner.panoA, draft('teleport', { nextPanoramaId: other.panoA }));
    expect(wrongTarget).toMatchObject({ status: 400, body: { field: 'body.nextPanoramaId' } });
  });

  it('teleports into another tour of the same owner, never into someone else\'s', async (ctx) => {
    if (!t) return ctx.skip();
    const ok = await create(owner.panoA, draft('teleport', { nextBuildingId: owner.secondTour, nextPanoramaId: owner.secondPano }));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ nextBuildingId: owner.secondTour, nextPanoramaId: owner.secondPano });
    const foreign = await create(owner.panoA, draft('teleport', { nextBuildingId: other.tour, nextPanoramaId: other.panoA }));
    expect(foreign).toMatchObject({ status: 400, body: { field: 'body.nextPanoramaId' } });
  });

  it('moves and edits a marker, validating the merged marker for its kind', async (ctx) => {
    if (!t) return ctx.skip();
    const id = (await create(owner.panoA, validOf('tag', owner))).body.objectId as string;
    const moved = await call('PATCH', studioMarkerPaths.marker(id), owner.user.headers, { position: { ath: -170, atv: 30 } });
    expect(moved).toMatchObject({ status: 200, body: { position: { ath: -170, atv: 30 }, name: 'Oak chair' } });
    const edited = await call('PATCH', studioMarkerPaths.marker(id), owner.user.headers, { price: '€99', priceMulti: { ja: '¥15000', fr: '' } });
    expect(edited).toMatchObject({ status: 200, body: { price: '€99', priceMulti: '{"ja":"¥15000"}' } });
    expect(await call('PATCH', studioMarkerPaths.marker(id), owner.user.headers, { name: '' })).toMatchObject({ status: 400, body: { field: 'body.name' } });
    expect(await call('PATCH', studioMarkerPaths.marker(id), owner.user.headers, { opacity: 1.2 })).toMatchObject({ status: 400, body: { field: 'body.opacity' } });
    expect(await call('PATCH', studioMarkerPaths.marker(id), owner.user.headers, { unknownField: 1 })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('links a tag to the ordering platform\'s style and collection (both or neither), which visitors\' tags carry', async (ctx) => {
    if (!t) return ctx.skip();
    const id = (await create(owner.panoA, draft('tag', { name: 'Sofa', orderingProductId: 'P-100', orderingCollectionId: 'COL-SS27' }))).body.objectId as string;
    const tour = TourSchema.parse((await call('GET', `/v2/buildings/openLink/${owner.tour}`, undefined)).body);
    const seen = tour.panoramas[0]!.markers.find((m) => m.objectId === id);
    expect(seen?.customAttributes).toEqual({ orderingProductId: 'P-100', orderingCollectionId: 'COL-SS27' });
    expect(await call('PATCH', studioMarkerPaths.marker(id), owner.user.headers, { orderingCollectionId: null }))
      .toMatchObject({ status: 400, body: { field: 'body.orderingCollectionId' } });
    expect(await call('PATCH', studioMarkerPaths.marker(id), owner.user.headers, { orderingProductId: 'P 100' }))
      .toMatchObject({ status: 400, body: { field: 'body.orderingProductId' } });
    const unlinked = await call('PATCH', studioMarkerPaths.marker(id), owner.user.headers, { orderingProductId: null, orderingCollectionId: null });
    expect(unlinked).toMatchObject({ status: 200, body: { customAttributes: { orderingProductId: null, orderingCollectionId: null } } });
  });

  it('deletes a marker and brings it back under its id (undo), once', async (ctx) => {
    if (!t) return ctx.skip();
    const marker = validOf('memo', owner);
    const id = (await create(owner.panoA, marker)).body.objectId as string;
    expect(await call('DELETE', studioMarkerPaths.marker(id), owner.user.headers)).toEqual({ status: 200, body: { objectId: id } });
    const tour = TourSchema.parse((await call('GET', `/v2/buildings/openLink/${owner.tour}`, undefined)).body);
    expect(tour.panoramas[0]!.markers.some((m) => m.objectId === id)).toBe(false);
    const back = await call('POST', studioMarkerPaths.panoramaMarkers(owner.panoA), owner.user.headers, { objectId: id, marker });
    expect(back).toMatchObject({ status: 200, body: { objectId: id, description: marker.description } });
    expect((await call('POST', studioMarkerPaths.panoramaMarkers(owner.panoA), owner.user.headers, { objectId: id, marker })).status).toBe(409);
  });

  it('answers 401 signed out and the same 403 for another user\'s or an unknown marker on every route', async (ctx) => {
    if (!t) return ctx.skip();
    const memo = { marker: draft('memo', { name: 'x' }) };
    const routes: Array<[string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown]> = [
      ['list', 'GET', studioMarkerPaths.tourMarkers(other.tour), undefined],
      ['create', 'POST', studioMarkerPaths.panoramaMarkers(other.panoA), memo],
      ['update', 'PATCH', studioMarkerPaths.marker(otherMarker), { name: 'mine now' }],
      ['delete', 'DELETE', studioMarkerPaths.marker(otherMarker), undefined],
    ];
    for (const [name, method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).status, name).toBe(401);
      const forbidden = await call(method, url, owner.user.headers, payload);
      expect(forbidden.status, name).toBe(403);
      const unknown = await call(method, url.replace(other.tour, 'noSuchTour').replace(other.panoA, 'noSuchPano').replace(otherMarker, 'noSuchMarker'), owner.user.headers, payload);
      expect(unknown, name).toEqual(forbidden);
    }
    const upload = multipartBody([{ field: 'file', filename: 'a.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
    const assets = (headers?: Record<string, string>) => t!.app.inject({ method: 'POST', url: studioMarkerPaths.assets(other.tour, 'pdf'), payload: upload.payload, headers: { ...upload.headers, ...headers } });
    expect((await assets()).statusCode).toBe(401);
    expect((await assets(owner.user.headers)).statusCode).toBe(403);
    // Their marker is untouched.
    const theirs = TourSchema.parse((await call('GET', `/v2/buildings/openLink/${other.tour}`, undefined)).body);
    expect(theirs.panoramas[0]!.markers.find((m) => m.objectId === otherMarker)).toMatchObject({ name: 'Theirs' });
  });

  it('stores photos, icons, PDFs and audio by their real type and refuses wrong types and oversized files', async (ctx) => {
    if (!t) return ctx.skip();
    const upload = async (kind: 'photo' | 'icon' | 'pdf' | 'audio', fileName: string, bytes: Buffer, claimed = 'application/octet-stream') => {
      const body = multipartBody([{ field: 'file', filename: fileName, type: claimed, content: bytes }]);
      const res = await t!.app.inject({ method: 'POST', url: studioMarkerPaths.assets(owner.tour, kind), payload: body.payload, headers: { ...body.headers, ...owner.user.headers } });
      return { status: res.statusCode, body: res.json() };
    };
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c05030' } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#00000000' } }).png().toBuffer();
    const photo = await upload('photo', 'chair.jpeg', jpeg, 'image/jpeg');
    expect(photo).toMatchObject({ status: 200, body: { kind: 'photo', contentType: 'image/jpeg', bytes: jpeg.length } });
    expect(photo.body.url).toMatch(/^\/media\/assets\/[\w-]+\.jpg$/);
    expect(fs.readFileSync(path.join(t.mediaDir, photo.body.url.replace('/media/', ''))).equals(jpeg)).toBe(true);
    expect((await upload('icon', 'icon.png', png)).body).toMatchObject({ contentType: 'image/png' });
    expect((await upload('pdf', 'brochure.bin', Buffer.from('%PDF-1.7\n1 0 obj\n%%EOF\n'))).body).toMatchObject({ contentType: 'application/pdf' });
    expect((await upload('audio', 'voice.mp3', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64, 1)]))).body).toMatchObject({ contentType: 'audio/mpeg' });
    // Named like a photo, but it is text: refused by its content.
    expect(await upload('photo', 'fake.jpg', Buffer.from('not really a jpeg'), 'image/jpeg')).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA', field: 'file' } });
    expect((await upload('pdf', 'photo.pdf', jpeg)).status).toBe(415);
    expect((await upload('audio', 'doc.mp3', Buffer.from('%PDF-1.4'))).status).toBe(415);
    // Icons are at most 2 MB.
    expect(await upload('icon', 'huge.png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10)]))).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    expect((await call('POST', `${studioMarkerPaths.tourMarkers(owner.tour).replace('/markers', '/assets')}?kind=video`, owner.user.headers, {})).status).toBe(400);
  });
});
