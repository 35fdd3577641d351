import zlib from 'node:zlib';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDraft, studioMarkerPaths } from '../../src/protocol/studioMarkers.ts';
import { signUpUser } from './support/accounts.ts';
import { DIALECTS } from './support/databases.ts';
import { SEED } from './support/seedTour.ts';
import { seededTourSuite } from './support/seededTourSuite.ts';

const HOUR_MS = 3600_000;

/**
 * The assembled-tour cache: two apps over one database stand for two server processes, each with a cache of its own.
 * Every write goes through one (`writer`), every read the test checks through the other (`reader`), after the reader
 * has cached the answer as it was: a write that did not reach the cache would show there as a stale answer.
 */
describe.each(DIALECTS)('openLink cache: fresh after every write, ETag and 304, gates kept (%s)', (dialect) => {
  let now = Date.parse('2026-11-27T10:10:00Z');
  // One secret for both, as every process of one installation has.
  const suite = seededTourSuite(dialect, { writer: { clock: () => now }, reader: { clock: () => now, withClient: true } });

  const open = (headers: Record<string, string> = {}, id: string = SEED.tour) => suite.apps.reader.app.inject({ method: 'GET', url: `/v2/buildings/openLink/${id}`, headers });
  const tourOf = async (headers: Record<string, string> = {}, id: string = SEED.tour) => {
    const res = await open(headers, id);
    expect(res.statusCode).toBe(200);
    return res.json<{ name: string; layout: string; whiteList: string[]; gateOnly?: boolean; panoramas: Array<{ objectId: string; name: string; markers: Array<{ objectId: string; name: string }> }> }>();
  };
  const write = async (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await suite.apps.writer.app.inject({ method, url, headers: suite.owner, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json<Record<string, unknown>>();
  };
  const markerNames = (tour: Awaited<ReturnType<typeof tourOf>>) => tour.panoramas.flatMap((p) => p.markers.map((m) => m.name));

  it('answers with an ETag, 304 to a requester holding it, and the same JSON precompressed as br and gzip', async (ctx) => {
    if (!suite.ready) return ctx.skip();
    const plain = await open();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await open({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await open({ 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    expect((await open({ 'if-none-match': '"other"' })).statusCode).toBe(200);
    const br = await open({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await open({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await open({ 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    // The same answer as before the cache: the response schema's encoding of the assembled tour.
    expect(plain.json()).toMatchObject({ objectId: SEED.tour, layout: 'default', whiteList: [] });
  });

  it('studio edits of the tour, its panoramas and their order are seen at once by another process', async (ctx) => {
    if (!suite.ready) return ctx.skip();
    const before = await open();
    await write('PATCH', `/v2/studio/tours/${SEED.tour}`, { name: 'Renamed tour' });
    const after = await open({ 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().name).toBe('Renamed tour');

    await write('PATCH', `/v2/studio/tours/${SEED.tour}/panoramas/${SEED.panoA}`, { name: 'Kitchen, renamed' });
    expect((await tourOf()).panoramas.find((p) => p.objectId === SEED.panoA)?.name).toBe('Kitchen, renamed');

    const order = (await tourOf()).panoramas.map((p) => p.objectId);
    // Every panorama of the tour is named, the one without an image (not shown) too.
    await write('PUT', `/v2/studio/tours/${SEED.tour}/panoramas/order`, { panoramaIds: [...[...order].reverse(), SEED.panoNoRaw] });
    expect((await tourOf()).panoramas.map((p) => p.objectId)).toEqual([...order].reverse());

    await write('DELETE', `/v2/studio/tours/${SEED.tour}/panoramas/${SEED.panoOdd}`);
    expect((await tourOf()).panoramas.map((p) => p.objectId)).not.toContain(SEED.panoOdd);
  });

  it('marker writes (create, edit, delete) are seen at once', async (ctx) => {
    if (!suite.ready) return ctx.skip();
    expect(markerNames(await tourOf())).not.toContain('Oak chair');
    const created = await write('POST', studioMarkerPaths.panoramaMarkers(SEED.panoA), { marker: { ...emptyDraft('memo', { ath: 10, atv: 5 }), name: 'Oak chair' } });
    expect(markerNames(await tourOf())).toContain('Oak chair');
    await write('PATCH', studioMarkerPaths.marker(String(created.objectId)), { name: 'Walnut chair' });
    expect(markerNames(await tourOf())).toEqual(expect.arrayContaining(['Walnut chair']));
    expect(markerNames(await tourOf())).not.toContain('Oak chair');
    await write('DELETE', studioMarkerPaths.marker(String(created.objectId)));
    expect(markerNames(await tourOf())).not.toContain('Walnut chair');
  });

  it('writes outside the app (a script, another tool on the database) are seen too: the database raises the version', async (ctx) => {
    if (!suite.ready) return ctx.skip();
    await tourOf();
    await suite.db.handle.db.updateTable('markers').set({ name: 'Renamed by a script' }).where('id', '=', 'mBack').execute();
    expect(markerNames(await tourOf())).toContain('Renamed by a script');
    await sql`update panoramas set name = ${'Bath by SQL'} where id = ${SEED.panoB}`.execute(suite.db.handle.db);
    expect((await tourOf()).panoramas.find((p) => p.objectId === SEED.panoB)?.name).toBe('Bath by SQL');
    // The headquarter decides the layout.
    await suite.db.handle.db.updateTable('headquarters').set({ partner: 1 }).where('id', '=', SEED.hq).execute();
    expect((await tourOf()).layout).toBe('partner');
    await suite.db.handle.db.updateTable('headquarters').set({ partner: 0 }).where('id', '=', SEED.hq).execute();
    expect((await tourOf()).layout).toBe('default');
  });

  it('publish and draft, remove and restore: a cached answer never outlives a change of who may see it', async (ctx) => {
    if (!suite.ready) return ctx.skip();
    const published = await open();
    expect(published.statusCode).toBe(200);
    await write('POST', `/v2/studio/tours/${SEED.tour}/publish`, { published: false });
    // The editor's own view of the draft is assembled and cached; no one else gets it, with or without its ETag.
    const editorView = await open(suite.owner);
    expect(editorView.statusCode).toBe(200);
    for (const headers of [{}, suite.stranger, { 'if-none-match': String(editorView.headers.etag) }]) expect((await open(headers)).statusCode).toBe(403);
    await write('POST', `/v2/studio/tours/${SEED.tour}/publish`, { published: true });
    expect((await open(suite.stranger)).statusCode).toBe(200);

    await write('DELETE', `/v2/studio/tours/${SEED.tour}`);
    expect((await open()).statusCode).toBe(410);
    await write('POST', `/v2/studio/tours/${SEED.tour}/restore`);
    expect((await tourOf()).name).toBe('Renamed tour');

    await write('PATCH', `/v2/studio/tours/${SEED.tour}`, { hidden: true });
    expect((await open()).statusCode).toBe(403);
    await write('PATCH', `/v2/studio/tours/${SEED.tour}`, { hidden: false, isOffline: true });
    expect((await tourOf()).panoramas).toEqual([]);
    await write('PATCH', `/v2/studio/tours/${SEED.tour}`, { isOffline: false });
    expect((await tourOf()).panoramas.length).toBeGreaterThan(0);
  });

  it('a gated tour\'s cached answer never reaches a requester who has not passed, and its whitelist only its editors', async (ctx) => {
    if (!suite.ready) return ctx.skip();
    const openAnswer = await open();
    await write('PATCH', `/v2/studio/tours/${SEED.tour}`, { requireWhiteListing: true, whiteList: ['friend@example.test'] });
    // The owner (an editor) fills the cache with the whole tour first.
    const editor = await open(suite.owner);
    expect(editor.json()).toMatchObject({ whiteList: ['friend@example.test'] });
    expect(editor.body).toContain('/media/pass/');
    const listed = await signUpUser(suite.apps.writer.app, { email: 'friend@example.test' });
    const visitor = await tourOf(listed.headers);
    expect(visitor.whiteList).toEqual(['friend@example.test']);
    expect(visitor.panoramas.length).toBeGreaterThan(0);
    // Anyone else: the gate screen, whatever ETag they send, and never a media URL or the list.
    for (const headers of [{}, suite.stranger, { 'if-none-match': String(editor.headers.etag) }, { 'if-none-match': String(openAnswer.headers.etag) }, { 'accept-encoding': 'br' }]) {
      const res = await open(headers);
      expect(res.statusCode).toBe(200);
      const text = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(JSON.parse(text)).toMatchObject({ gateOnly: true, panoramas: [], whiteList: [] });
      expect(text).not.toContain('/media/');
      expect(text).not.toContain('friend@');
    }
    // The deep link's page inlines the same gate-only answer.
    const page = await suite.apps.reader.app.inject({ url: `/${SEED.tour}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('gateOnly');
    expect(page.body).not.toContain('/media/');

    // Media passes stay fresh: an hour on, the answer carries the next hour's pass (and a new ETag).
    const pass = (body: string) => /\/media\/pass\/([^/]+)\//.exec(body)?.[1];
    const first = await open(listed.headers);
    now += HOUR_MS;
    try {
      const later = await open({ ...listed.headers, 'if-none-match': String(first.headers.etag) });
      expect(later.statusCode).toBe(200);
      expect(pass(later.body)).toBeDefined();
      expect(pass(later.body)).not.toBe(pass(first.body));
    } finally {
      now -= HOUR_MS;
    }
    await write('PATCH', `/v2/studio/tours/${SEED.tour}`, { requireWhiteListing: false, whiteList: [] });
    expect((await open()).body).not.toContain('/media/pass/');
  });
});
