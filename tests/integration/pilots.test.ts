import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PILOT_MESSAGES, RecordingListSchema, RecordingSchema, RecordingWithRouteSchema, type PilotRoute, type Recording } from '../../src/protocol/pilot.ts';
import { createRepositories, type Repositories } from '../../src/server/db/repositories.ts';
import { ensureOwnHeadquarter } from '../../src/server/modules/access/policy.ts';
import { toSessionUser } from '../../src/server/modules/auth/identity.ts';
import { syntheticWebm } from '../support/webm.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { multipartForm } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const VOICE = fs.readFileSync(fileURLToPath(new URL('../fixtures/audio/voice-3s.webm', import.meta.url)));
const VOICE_MP4 = fs.readFileSync(fileURLToPath(new URL('../fixtures/audio/voice-3s.mp4', import.meta.url)));

const route = (panoramas: string[], markerId: string | null = null): PilotRoute => ({
  version: 1,
  durationMs: 3000,
  views: [[0, 170, 0, 90], [1000, -170, 5, 80], [1500, 20, 0, 90]],
  panoramas: panoramas.map((panoramaId, i) => ({ t: i * 1500, panoramaId })),
  markers: markerId ? [{ t: 500, markerId }, { t: 1200, markerId: null }] : [],
});

let takes = 0;
const form = (r: PilotRoute | string, audio: Buffer | null = VOICE, extra: Record<string, string> = {}) => multipartForm(
  { title: 'Morning walk', language: 'en', clientId: `take-${Date.now()}-${++takes}`, route: typeof r === 'string' ? r : JSON.stringify(r), ...extra },
  audio ? [{ field: 'audio', filename: 'take.webm', content: audio, type: 'audio/webm' }] : [],
);

describe.each(DIALECTS)('guided tours (pilots) on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp;
  let repos: Repositories;
  let owner: SignedUpUser;
  let pilot: SignedUpUser;
  let stranger: SignedUpUser;
  const ids = { tour: `pt${dialect}`, panoA: `pa${dialect}`, panoB: `pb${dialect}`, marker: `pm${dialect}`, other: `po${dialect}`, otherPano: `pop${dialect}`, otherMarker: `pom${dialect}` };

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    t = await createTestApp(db.handle);
    repos = createRepositories(db.handle.db);
    owner = await signUpUser(t.app);
    pilot = await signUpUser(t.app, { firstName: 'Pia', lastName: 'Pilot' });
    stranger = await signUpUser(t.app);
    const hq = await ensureOwnHeadquarter(repos, toSessionUser((await repos.users.findById(owner.userId))!));
    for (const id of [ids.tour, ids.other]) await repos.buildings.insert({ id, headquarterId: hq.headquarterId!, ownerId: hq.id, name: `Tour ${id}` });
    const pano = (id: string, buildingId: string, index: number) => repos.panoramas.insert({ id, buildingId, index, name: `Room ${id}`, category: 'kitchen', rawUrl: `/media/${id}.jpg` });
    await pano(ids.panoA, ids.tour, 0);
    await pano(ids.panoB, ids.tour, 1);
    await pano(ids.otherPano, ids.other, 0);
    await repos.markers.insertMany([
      { id: ids.marker, panoramaId: ids.panoA, buildingId: ids.tour, type: 'tag', ath: 10, atv: 5, category: '[]', name: 'Sofa' },
      { id: ids.otherMarker, panoramaId: ids.otherPano, buildingId: ids.other, type: 'tag', ath: 10, atv: 5, category: '[]', name: 'Lamp' },
    ]);
  });
  afterAll(async () => {
    if (!db) return;
    await t.cleanup();
    await db.drop();
  });

  const upload = (who: SignedUpUser | null, body: ReturnType<typeof form>, tour = ids.tour) =>
    t.app.inject({ method: 'POST', url: `/v2/pilots/tours/${tour}/recordings`, payload: body.payload, headers: { ...body.headers, ...(who?.headers ?? {}) } });
  const list = async (who: SignedUpUser | null): Promise<Recording[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/pilots/tours/${ids.tour}/recordings`, headers: who?.headers ?? {} });
    expect(res.statusCode).toBe(200);
    return RecordingListSchema.parse(res.json()).recordings;
  };

  it('lets the owner name pilots in the studio, and no one else', async () => {
    if (!db) return;
    const refused = await t.app.inject({ method: 'PUT', url: `/v2/studio/tours/${ids.tour}/pilots`, headers: stranger.headers, payload: { usernames: [stranger.email] } });
    expect(refused.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'PUT', url: `/v2/studio/tours/${ids.tour}/pilots`, headers: owner.headers, payload: { usernames: ['nobody@example.test'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('nobody@example.test');
    const res = await t.app.inject({ method: 'PUT', url: `/v2/studio/tours/${ids.tour}/pilots`, headers: owner.headers, payload: { usernames: [pilot.email] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().usernames).toEqual([pilot.email]);
    const availability = async (who: SignedUpUser | null) =>
      (await t.app.inject({ method: 'GET', url: `/v2/pilots/availability?buildingId=${ids.tour}`, headers: who?.headers ?? {} })).json();
    expect(await availability(pilot)).toEqual({ canRecord: true, limitMs: 600_000 });
    expect((await availability(owner)).canRecord).toBe(true);
    expect((await availability(stranger)).canRecord).toBe(false);
    expect((await availability(null)).canRecord).toBe(false);
  });

  it('takes a recording from a pilot, keeps it unpublished until published, then plays it to anyone', async () => {
    if (!db) return;
    const body = form(route([ids.panoA, ids.panoB], ids.marker));
    const res = await upload(pilot, body);
    expect(res.statusCode, res.body).toBe(200);
    const made = RecordingSchema.parse(res.json());
    expect(made).toMatchObject({ title: 'Morning walk', language: 'en', pilotName: 'Pia Pilot', published: false, canManage: true, audioType: 'audio/webm' });
    expect(made.durationMs).toBeGreaterThan(2500);
    expect(made.cover).toEqual({ panoramaId: ids.panoA, yaw: 170, pitch: 0, fov: 90 });
    expect(made.audioUrl).toMatch(/^\/media\/pilots\/[\w-]+\.webm$/);

    // The same take sent again (a retry after a lost answer) is the same recording.
    const again = await upload(pilot, body);
    expect(again.json().objectId).toBe(made.objectId);

    expect(await list(null)).toEqual([]);
    expect((await list(pilot)).map((r) => r.objectId)).toEqual([made.objectId]);
    expect((await list(owner))[0]?.canManage).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/v2/pilots/recordings/${made.objectId}` })).statusCode).toBe(404);

    const published = await t.app.inject({ method: 'PATCH', url: `/v2/pilots/recordings/${made.objectId}`, headers: pilot.headers, payload: { published: true, title: 'Harbour walk' } });
    expect(published.statusCode, published.body).toBe(200);
    const seen = await list(null);
    expect(seen.map((r) => [r.title, r.canManage])).toEqual([['Harbour walk', false]]);
    const played = await t.app.inject({ method: 'GET', url: `/v2/pilots/recordings/${made.objectId}` });
    expect(played.statusCode).toBe(200);
    const full = RecordingWithRouteSchema.parse(played.json());
    expect(full.route.panoramas.map((p) => p.panoramaId)).toEqual([ids.panoA, ids.panoB]);
    expect(full.route.markers[0]).toEqual({ t: 500, markerId: ids.marker });
    const audio = await t.app.inject({ method: 'GET', url: made.audioUrl });
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.equals(VOICE)).toBe(true);
  });

  it('takes the fragmented MP4 some browsers record', async () => {
    if (!db) return;
    const res = await upload(pilot, form(route([ids.panoA]), VOICE_MP4));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().audioType).toBe('audio/mp4');
  });

  it('refuses a file that is not audio, by its content', async () => {
    if (!db) return;
    const res = await upload(pilot, form(route([ids.panoA]), Buffer.from('<html>not a recording</html>')));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA', message: PILOT_MESSAGES.notAudio, field: 'audio' });
  });

  it('refuses a recording longer than 10 minutes', async () => {
    if (!db) return;
    const res = await upload(pilot, form(route([ids.panoA]), syntheticWebm(10 * 60_000 + 30_000)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: PILOT_MESSAGES.tooLong, field: 'audio' });
    const within = await upload(pilot, form(route([ids.panoA]), syntheticWebm(10 * 60_000 + 2_000)));
    expect(within.statusCode, within.body).toBe(200);
  });

  it("refuses a route that names another tour's panorama or marker", async () => {
    if (!db) return;
    const panorama = await upload(pilot, form(route([ids.panoA, ids.otherPano])));
    expect(panorama.statusCode).toBe(400);
    expect(panorama.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'route', details: { panoramaId: ids.otherPano } });
    expect(panorama.json().message).toContain(PILOT_MESSAGES.badRoute);
    const marker = await upload(pilot, form(route([ids.panoA], ids.otherMarker)));
    expect(marker.statusCode).toBe(400);
    expect(marker.json().details).toEqual({ markerId: ids.otherMarker });
  });

  it('refuses malformed fields and routes with the field named', async () => {
    if (!db) return;
    expect((await upload(pilot, form('{nope'))).json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'route' });
    const unordered = { ...route([ids.panoA]), views: [[0, 0, 0, 90], [900, 0, 0, 90], [100, 0, 0, 90]] } as PilotRoute;
    expect((await upload(pilot, form(unordered))).json().field).toBe('route.views');
    expect((await upload(pilot, form(route([ids.panoA]), VOICE, { title: ' ' }))).json().field).toBe('title');
    expect((await upload(pilot, form(route([ids.panoA]), null))).json().field).toBe('audio');
    const notMultipart = await t.app.inject({ method: 'POST', url: `/v2/pilots/tours/${ids.tour}/recordings`, headers: pilot.headers, payload: { title: 'x' } });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('answers 401 without a session (the recorder asks to sign in again) and 403 to someone not named', async () => {
    if (!db) return;
    const anonymous = await upload(null, form(route([ids.panoA])));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    const outsider = await upload(stranger, form(route([ids.panoA])));
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(PILOT_MESSAGES.notPilot);
    expect((await upload(pilot, form(route([ids.otherPano])), ids.other)).statusCode).toBe(403);
  });

  it('lets the pilot and the owner rename and delete, and no one else; the audio goes with the last recording using it', async () => {
    if (!db) return;
    const made = RecordingSchema.parse((await upload(pilot, form(route([ids.panoA]), syntheticWebm(4_321)))).json());
    const file = path.join(t.mediaDir, made.audioUrl.replace(/^\/media\//, ''));
    expect(fs.existsSync(file)).toBe(true);
    const byStranger = await t.app.inject({ method: 'PATCH', url: `/v2/pilots/recordings/${made.objectId}`, headers: stranger.headers, payload: { title: 'Mine' } });
    expect(byStranger.statusCode).toBe(404);
    await t.app.inject({ method: 'PATCH', url: `/v2/pilots/recordings/${made.objectId}`, headers: pilot.headers, payload: { published: true } });
    const publicStranger = await t.app.inject({ method: 'DELETE', url: `/v2/pilots/recordings/${made.objectId}`, headers: stranger.headers });
    expect(publicStranger.statusCode).toBe(403);
    const renamed = await t.app.inject({ method: 'PATCH', url: `/v2/pilots/recordings/${made.objectId}`, headers: owner.headers, payload: { title: 'By the owner' } });
    expect(renamed.json().title).toBe('By the owner');
    const removed = await t.app.inject({ method: 'DELETE', url: `/v2/pilots/recordings/${made.objectId}`, headers: pilot.headers });
    expect(removed.statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/v2/pilots/recordings/${made.objectId}`, headers: owner.headers })).statusCode).toBe(404);
  });
});

describe('a shortened recording limit (configuration)', () => {
  it('refuses what the configured limit does not take', async () => {
    const db = await createTestDatabase('sqlite');
    const t = await createTestApp(db.handle, { config: { pilotLimitMs: 2_000 } });
    try {
      const repos = createRepositories(db.handle.db);
      const owner = await signUpUser(t.app);
      const hq = await ensureOwnHeadquarter(repos, toSessionUser((await repos.users.findById(owner.userId))!));
      await repos.buildings.insert({ id: 'short', headquarterId: hq.headquarterId!, ownerId: hq.id, name: 'Short' });
      await repos.panoramas.insert({ id: 'shortPano', buildingId: 'short', index: 0, name: 'Room', category: 'kitchen', rawUrl: '/media/x.jpg' });
      const availability = await t.app.inject({ method: 'GET', url: '/v2/pilots/availability?buildingId=short', headers: owner.headers });
      expect(availability.json()).toEqual({ canRecord: true, limitMs: 2_000 });
      const res = await t.app.inject({ method: 'POST', url: '/v2/pilots/tours/short/recordings', ...withHeaders(form({ ...route(['shortPano']), durationMs: 1_900, views: [[0, 0, 0, 90]] }), owner) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The recording is longer than 2 seconds.');
    } finally {
      await t.cleanup();
      await db.drop();
    }
  });
});

function withHeaders(body: ReturnType<typeof form>, who: SignedUpUser) {
  return { payload: body.payload, headers: { ...body.headers, ...who.headers } };
}
