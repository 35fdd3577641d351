import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../src/server/db/repositories.ts';
import type { NewMarker } from '../../src/server/modules/markers/markers.repository.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const GATED = 'gatedTour';
const LISTED = 'listedTour';
const OPEN = 'openTour';
const HIDDEN = 'hiddenTour';
const DRAFT = 'draftTour';
const LISTED_NAME = 'listed.guest@example.test';
const OTHER_LISTED = 'someone.else@example.test';
const DAY_MS = 24 * 3600_000;

/** Every kind of file a tour shows, per tour: tiles, manifest, first view, previews, raw image, marker photo, PDF, audio. */
const filesOf = (id: string) => ({
  manifest: `/media/panoramas/p-${id}/v1/manifest.json`,
  tile: `/media/panoramas/p-${id}/v1/tiles/0/f/0_0.jpg`,
  firstView: `/media/panoramas/p-${id}/v1/first-view.jpg`,
  preview: `/media/panoramas/p-${id}/v1/preview.jpg`,
  raw: `/media/panoramas/p-${id}/raw-v1.jpg`,
  photo: `/media/assets/photo-${id}.jpg`,
  pdf: `/media/assets/doc-${id}.pdf`,
  audio: `/media/assets/sound-${id}.mp3`,
  floorplan: `/media/assets/plan-${id}.png`,
  logo: `/media/assets/logo-${id}.png`,
});

describe.each(DIALECTS)('a gated tour is gated by the server (%s)', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let now = Date.parse('2026-11-22T12:00:00Z');
  let owner: SignedUpUser;
  let member: SignedUpUser;
  let listed: SignedUpUser;

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    t = await createTestApp(db.handle, { clock: () => now });
    const r = createRepositories(db.handle.db);
    owner = await signUpUser(t.app);
    member = await signUpUser(t.app);
    listed = await signUpUser(t.app, { email: LISTED_NAME });
    await r.headquarters.insert({ id: 'hq', title: 'Gate HQ', qrUrl: null, partner: 0 });
    await r.users.update(owner.userId, { headquarterId: 'hq', userType: 'owner' });
    const listedUser = await r.users.findById(listed.userId);
    expect(listedUser?.username).toBe(LISTED_NAME);

    const tour = async (id: string, extra: Record<string, unknown>) => {
      const f = filesOf(id);
      await r.buildings.insert({
        id, headquarterId: 'hq', ownerId: owner.userId, name: `Tour ${id}`, floorplan: f.floorplan, logoUrl: f.logo, thumbnail: f.preview,
        music: f.audio, description: 'Harbour house', ...extra,
      });
      await r.panoramas.insert({
        id: `p-${id}`, buildingId: id, index: 0, name: 'Hall', category: 'others', rawUrl: f.raw, cubemapReady: 1, mediaVersion: 'v1',
        cubemapFilePath: `/media/panoramas/p-${id}/v1`, cubemapUrl: f.manifest, cubemapPreviewUrl: f.firstView, previewUrl: f.preview, thumbnail: f.preview,
      });
      const marker = (mid: string, type: string, more: Partial<NewMarker>): NewMarker => ({
        id: `${mid}-${id}`, panoramaId: `p-${id}`, buildingId: id, type, ath: 1, atv: 2, category: '[]', name: `${type} ${id}`, ...more,
      });
      await r.markers.insertMany([
        marker('tag', 'tag', { photo: `${f.photo},/media/assets/shared.jpg`, price: '€ 120', description: `<p><img src="${f.photo}"></p>` }),
        marker('pdf', 'pdf', { link: f.pdf }),
        marker('audio', 'audio', { link: f.audio }),
      ]);
      for (const url of Object.values(f)) write(url, `bytes of ${url}`);
    };
    const write = (url: string, body: string) => {
      const file = path.join(t!.mediaDir, url.slice('/media/'.length));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, body);
    };
    write('/media/assets/shared.jpg', 'shared');
    write('/media/panoramas/p-openTour/v1.partial-0a1b2c/tiles/0/f/0_0.jpg', 'half written');
    write('/media/panoramas/p-orphan/v1/manifest.json', '{}');
    await tour(GATED, { requireVisitorData: 1 });
    await tour(LISTED, { requireWhiteListing: 1, whiteList: JSON.stringify(['Listed.Guest@Example.test', OTHER_LISTED]) });
    await tour(OPEN, {});
    await tour(HIDDEN, { hidden: 1 });
    await tour(DRAFT, { draft: 1 });
    // A published guided tour (pilot recording) on the gated tour: its route and audio stay behind the gate too.
    write('/media/pilots/take-gated.webm', 'opus');
    await db.handle.db.insertInto('pilotRecordings').values({
      id: 'rec1', buildingId: GATED, pilotId: owner.userId, clientId: 'take-gated-1', title: 'Walk', language: 'en', durationMs: 1000,
      audioPath: 'pilots/take-gated.webm', audioType: 'audio/webm', bytes: 4, cover: JSON.stringify({ panoramaId: `p-${GATED}`, yaw: 0, pitch: 0, fov: 90 }),
      route: JSON.stringify({ version: 1, durationMs: 1000, views: [[0, 0, 0, 90]], panoramas: [{ t: 0, panoramaId: `p-${GATED}` }], markers: [] }),
      published: 1, createdAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString(),
    }).execute();
    await r.properties.insert({ id: 'group', headquarterId: 'hq', name: 'Group', markerFinderEnable: 1, myFavoriteEnable: 0, meta: '{}' }, [OPEN, GATED, LISTED]);
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t!.app.inject({ method: 'GET', url, headers });
  const openLink = async (id: string, who?: SignedUpUser) => {
    const res = await get(`/v2/buildings/openLink/${id}`, who?.headers);
    expect(res.statusCode).toBe(200);
    return { tour: res.json(), text: res.body };
  };
  const status = async (url: string, headers: Record<string, string> = {}) => (await get(url, headers)).statusCode;
  /** What the viewer fetches from a full answer: tiles resolved against the manifest URL, as the scene does. */
  const servedUrls = (tour: { panoramas: Array<Record<string, unknown> & { markers: Array<Record<string, unknown>> }>; floorplan: string; music: string }) => {
    const p = tour.panoramas[0]!;
    const manifest = String(p.cubemapUrl);
    const tag = p.markers.find((m) => m.type === 'tag')!;
    const pdf = p.markers.find((m) => m.type === 'pdf')!;
    const audio = p.markers.find((m) => m.type === 'audio')!;
    return {
      manifest, tile: new URL('tiles/0/f/0_0.jpg', `http://x${manifest}`).pathname, firstView: String(p.cubemapPreivewUrl), preview: String(p.previewUrl),
      raw: String(p.rawUrl), photo: String(tag.photo).split(',')[0]!, pdf: String(pdf.link), audio: String(audio.link), floorplan: tour.floorplan, music: tour.music,
    };
  };

  it('answers an anonymous visitor of a gated tour with the gate screen only, and none of its media', async (ctx) => {
    if (!t) return ctx.skip();
    for (const id of [GATED, LISTED]) {
      const { tour, text } = await openLink(id);
      expect(tour).toMatchObject({ objectId: id, name: `Tour ${id}`, gateOnly: true, panoramas: [], whiteList: [], description: '', floorplan: null, music: 'none', thumbnail: null });
      expect(tour.requireVisitorData || tour.requireWhiteListing).toBe(true);
      expect(text).not.toContain('/media/');
      expect(text.toLowerCase()).not.toContain('listed.guest');
      expect(text).not.toContain(OTHER_LISTED);
      for (const [kind, url] of Object.entries(filesOf(id))) {
        expect(await status(url), `${id} ${kind}`).toBe(kind === 'logo' ? 200 : 404);
      }
    }
    // The deep link's page carries the same gate-only answer.
    const page = await t.app.inject({ url: `/${GATED}` });
    expect(page.body).not.toContain('/media/panoramas');
  });

  it('serves the tour and every file to a visitor who passed, through a pass that works for tiles fetched directly', async (ctx) => {
    if (!t) return ctx.skip();
    const { tour } = await openLink(GATED, member);
    expect(tour.gateOnly).toBeUndefined();
    expect(tour.panoramas).toHaveLength(1);
    expect(tour.whiteList).toEqual([]);
    const urls = servedUrls(tour);
    for (const [kind, url] of Object.entries(urls)) {
      expect(url, kind).toMatch(/^\/media\/pass\/gatedTour\.[0-9a-z]+\.[\w-]{22}\//);
      const res = await get(url);
      expect(res.statusCode, `${kind} ${url}`).toBe(200);
      expect(res.headers['cache-control'], kind).toMatch(/^private, max-age=\d+/);
    }
    expect((await get(urls.tile)).body).toBe(`bytes of ${filesOf(GATED).tile}`);
    // Inside owner HTML too.
    const tag = tour.panoramas[0].markers.find((m: { type: string }) => m.type === 'tag');
    expect(tag.description).toMatch(/<img src="\/media\/pass\/gatedTour\./);
    // A reload within the hour hands out the same URLs (the browser's cache keeps working).
    expect(servedUrls((await openLink(GATED, member)).tour)).toEqual(urls);
  });

  it('keeps a gated tour\'s guided tours (route and audio) behind the gate', async (ctx) => {
    if (!t) return ctx.skip();
    const list = (who?: SignedUpUser) => get(`/v2/pilots/tours/${GATED}/recordings`, who?.headers);
    expect((await list()).json()).toEqual({ recordings: [] });
    expect((await get('/v2/pilots/recordings/rec1')).statusCode).toBe(404);
    expect(await status('/media/pilots/take-gated.webm')).toBe(404);
    const [recording] = (await list(member)).json().recordings as Array<{ audioUrl: string }>;
    expect(recording!.audioUrl).toMatch(/^\/media\/pass\/gatedTour\./);
    expect(await status(recording!.audioUrl)).toBe(200);
    expect((await get('/v2/pilots/recordings/rec1', member.headers)).statusCode).toBe(200);
  });

  it('refuses forged, borrowed and expired passes', async (ctx) => {
    if (!t) return ctx.skip();
    const { tile } = servedUrls((await openLink(GATED, member)).tour);
    const pass = /^\/media\/pass\/([^/]+)\//.exec(tile)![1]!;
    const [tourId, expires, signature] = pass.split('.') as [string, string, string];
    const forged = `${tourId}.${expires}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(await status(tile.replace(pass, forged))).toBe(404);
    expect(await status(tile.replace(pass, `${tourId}.${(parseInt(expires, 36) + 3600).toString(36)}.${signature}`))).toBe(404);
    // A pass for one tour opens nothing of another.
    const listedTile = filesOf(LISTED).tile.replace('/media/', `/media/pass/${pass}/`);
    expect(await status(listedTile)).toBe(404);
    expect(await status(`/media/pass/${pass}/panoramas/p-listedTour/raw-v1.jpg`)).toBe(404);
    // Two days later it has expired.
    now += 2 * DAY_MS;
    try {
      expect(await status(tile)).toBe(404);
    } finally {
      now -= 2 * DAY_MS;
    }
    expect(await status(tile)).toBe(200);
  });

  it('whitelist: a member not on the list gets the gate screen; a listed one the tour, and never the list', async (ctx) => {
    if (!t) return ctx.skip();
    const refused = await openLink(LISTED, member);
    expect(refused.tour.gateOnly).toBe(true);
    expect(refused.text).not.toContain('/media/');
    const admitted = await openLink(LISTED, listed);
    expect(admitted.tour.gateOnly).toBeUndefined();
    expect(admitted.tour.whiteList).toEqual([LISTED_NAME]);
    expect(admitted.text).not.toContain(OTHER_LISTED);
    expect(await status(servedUrls(admitted.tour).tile)).toBe(200);
    // The tour's editors see the whole list.
    expect((await openLink(LISTED, owner)).tour.whiteList).toEqual(['Listed.Guest@Example.test', OTHER_LISTED]);
  });

  it('an open tour stays public and cacheable; a file it shares with a gated tour stays public', async (ctx) => {
    if (!t) return ctx.skip();
    const { tour } = await openLink(OPEN);
    expect(tour.panoramas[0].cubemapUrl).toBe(filesOf(OPEN).manifest);
    const res = await get(filesOf(OPEN).tile);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(await status('/media/assets/shared.jpg')).toBe(200);
  });

  it('hidden tours and drafts leak nothing; their editors see their media through the studio cookie', async (ctx) => {
    if (!t) return ctx.skip();
    expect((await get(`/v2/buildings/openLink/${HIDDEN}`)).json()).toMatchObject({ code: 'TOUR_HIDDEN' });
    expect((await get(`/v2/buildings/openLink/${DRAFT}`)).json()).toMatchObject({ code: 'TOUR_HIDDEN' });
    for (const id of [HIDDEN, DRAFT, GATED]) {
      for (const [kind, url] of Object.entries(filesOf(id))) if (kind !== 'logo') expect(await status(url), `${id} ${kind}`).toBe(404);
    }
    // The studio's calls leave the editor a media cookie (HttpOnly, only for /media/).
    const studio = await get('/v2/studio/tours', owner.headers);
    expect(studio.statusCode).toBe(200);
    const setCookie = String(studio.headers['set-cookie']);
    expect(setCookie).toMatch(/^atrium_media=[^;]+; Max-Age=\d+; Path=\/media\/; HttpOnly; SameSite=Strict$/);
    const cookie = setCookie.split(';')[0]!;
    for (const id of [HIDDEN, DRAFT, GATED]) {
      const res = await get(filesOf(id).tile, { cookie });
      expect(res.statusCode, id).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private/);
    }
    // Another member's studio cookie opens nothing of this headquarter.
    const other = String((await get('/v2/studio/tours', member.headers)).headers['set-cookie'] ?? '');
    if (other) expect(await status(filesOf(DRAFT).tile, { cookie: other.split(';')[0]! })).toBe(404);
    expect(await status(filesOf(DRAFT).tile, { cookie: `${cookie.slice(0, -2)}xx` })).toBe(404);
    // The editor's own preview of the draft (the viewer, with the session) carries a pass.
    const preview = await openLink(DRAFT, owner);
    expect(await status(servedUrls(preview.tour).tile)).toBe(200);
  });

  it('never serves a half-written folder or a tile set no panorama publishes', async (ctx) => {
    if (!t) return ctx.skip();
    expect(await status('/media/panoramas/p-openTour/v1.partial-0a1b2c/tiles/0/f/0_0.jpg')).toBe(404);
    expect(await status('/media/panoramas/p-orphan/v1/manifest.json')).toBe(404);
  });

  it('a group shares neither the gated tours\' markers nor their thumbnails', async (ctx) => {
    if (!t) return ctx.skip();
    const markers = (await get('/v2/properties/group/allMarkers')).json().markers as Array<{ buildingId: string }>;
    expect(new Set(markers.map((m) => m.buildingId))).toEqual(new Set([OPEN]));
    const group = (await get('/v2/properties/group')).json().buildings as Array<{ building: { objectId: string; thumbnail: string | null } }>;
    expect(group.find((b) => b.building.objectId === GATED)?.building.thumbnail).toBeNull();
    expect(group.find((b) => b.building.objectId === OPEN)?.building.thumbnail).toBe(filesOf(OPEN).preview);
  });
});
