import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Callback, TourRingInfo } from '../../src/protocol/tourRing.ts';
import { buildApp } from '../../src/server/app.ts';
import type { MeetingMedia } from '../../src/server/janus/janusMedia.ts';
import type { GuidesDirectory, RingGuide } from '../../src/server/modules/tourRing/guidesDirectory.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { askRing, connectRing, ok, record, type TestRingSocket } from './support/tourRingClient.ts';

const RING_MS = 1200;

/** The guides of the seeded tour, as the booking issue's table would list them. */
function testGuides(guides: RingGuide[]): GuidesDirectory {
  return {
    list: (b) => Promise.resolve(b === SEED.tour ? guides : []),
    forLanguage: (b, lang) => Promise.resolve(b === SEED.tour ? guides.filter((g) => g.languages.includes(lang)) : []),
    isGuide: (b, u) => Promise.resolve(b === SEED.tour && guides.some((g) => g.userId === u)),
    toursOf: (u) => Promise.resolve(guides.some((g) => g.userId === u) ? [SEED.tour] : []),
    ringTimeoutMs: () => Promise.resolve(RING_MS),
  };
}

const until = (check: () => boolean, ms = 4000) => vi.waitFor(() => {
  if (!check()) throw new Error('not yet');
}, { timeout: ms, interval: 20 });

describe.each(DIALECTS)('tour ring, %s', (dialect) => {
  let db: TestDatabase | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let baseUrl = '';
  const guides: RingGuide[] = [];
  let ann: SignedUpUser, ben: SignedUpUser, kim: SignedUpUser, owner: SignedUpUser;
  const sockets: TestRingSocket[] = [];
  const connect = async (token?: string) => {
    const s = await connectRing(baseUrl, token);
    sockets.push(s);
    return s;
  };
  const console = async (who: SignedUpUser) => {
    const s = await connect(who.token);
    ok(await askRing(s, 'console:join', {}));
    return s;
  };

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    // An answered call becomes a meeting: createNow needs meetings on, not a Janus room (the host's entry makes that).
    app = await buildApp({
      config: { mediaDir: '/tmp/ring-test-media', clientDir: '/tmp/ring-test-client', logLevel: 'silent', publicUrl: 'https://tours.example' },
      database: db.handle, logger: false, meetingMedia: {} as MeetingMedia, guides: testGuides(guides),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    [ann, ben, kim, owner] = [await signUpUser(app), await signUpUser(app), await signUpUser(app), await signUpUser(app)];
    guides.push({ userId: ann.userId, languages: ['en', 'ja'] }, { userId: ben.userId, languages: ['en'] }, { userId: kim.userId, languages: ['ko'] });
    await db.handle.db.updateTable('buildings').set({ ownerId: owner.userId, tourRingBtn: 1 }).where('id', '=', SEED.tour).execute();
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('tells the page the languages, the time-out and where the calendar is', async (ctx) => {
    if (!app) return ctx.skip();
    const info = (await app.inject({ url: `/v2/tour-ring/${SEED.tour}` })).json<TourRingInfo>();
    expect(info).toMatchObject({ button: true, hasGuides: true, meetingsOn: true, languages: ['en', 'ja', 'ko'], ringTimeoutMs: RING_MS, calendarPath: `/${SEED.tour}?calendar=1` });
    expect((await app.inject({ url: '/v2/tour-ring/nope' })).statusCode).toBe(404);
  });

  it('rings every free guide of the language; the first to accept wins, the others stop ringing', async (ctx) => {
    if (!app) return ctx.skip();
    const [a, b, k] = [await console(ann), await console(ben), await console(kim)];
    const rings = [record(a, 'ring:incoming'), record(b, 'ring:incoming'), record(k, 'ring:incoming')];
    const stops = [record(a, 'ring:stopped'), record(b, 'ring:stopped')];
    const visitor = await connect();
    const answered = record(visitor, 'call:answered');
    const call = ok(await askRing(visitor, 'call:start', { buildingId: SEED.tour, language: 'en', name: 'Vic Visitor' }));
    expect(call).toMatchObject({ status: 'ringing', guidesRung: 2, ringTimeoutMs: RING_MS });
    if (call.status !== 'ringing') return;
    await until(() => rings[0]!.length === 1 && rings[1]!.length === 1);
    expect(rings[0]![0]).toMatchObject({ callId: call.callId, visitorName: 'Vic Visitor', language: 'en', buildingId: SEED.tour });
    expect(rings[2]).toHaveLength(0); // Kim speaks Korean only

    // Both press Accept at the same moment: exactly one wins.
    const [fromAnn, fromBen] = await Promise.all([askRing(a, 'ring:accept', { callId: call.callId }), askRing(b, 'ring:accept', { callId: call.callId })]);
    const winners = [fromAnn, fromBen].filter((x) => x.ok);
    expect(winners).toHaveLength(1);
    const loser = [fromAnn, fromBen].find((x) => !x.ok);
    expect(loser).toMatchObject({ ok: false, error: { code: 'CALL_TAKEN' } });
    const won = winners[0]!.ok ? winners[0]!.data : null;
    expect(won?.hostPath).toBe(`/${SEED.tour}?meeting=${won?.meetingId}&host=1`);
    await until(() => answered.length === 1);
    expect(answered[0]).toMatchObject({ callId: call.callId, meetingId: won?.meetingId, guestPath: `/${SEED.tour}?meeting=${won?.meetingId}`, visitorName: 'Vic Visitor' });
    // The loser's console stopped ringing, as 'taken'.
    const loserStops = fromAnn.ok ? stops[1]! : stops[0]!;
    await until(() => loserStops.some((s) => s.callId === call.callId && s.reason === 'taken'));
    const meeting = await db!.handle.db.selectFrom('meetings').selectAll().where('id', '=', won!.meetingId).executeTakeFirstOrThrow();
    expect(meeting).toMatchObject({ buildingId: SEED.tour, hostUserId: fromAnn.ok ? ann.userId : ben.userId, capacity: 1, state: 'scheduled' });

    // The winner is in a call now: the next English call rings only the other guide.
    const next = ok(await askRing(await connect(), 'call:start', { buildingId: SEED.tour, language: 'en' }));
    expect(next).toMatchObject({ status: 'ringing', guidesRung: 1 });
    if (next.status === 'ringing') ok(await askRing(fromAnn.ok ? b : a, 'ring:decline', { callId: next.callId }));
    // And a Japanese call finds Ann (the only Japanese speaker) in a call when she won: busy with a tour.
    const japanese = ok(await askRing(await connect(), 'call:start', { buildingId: SEED.tour, language: 'ja' }));
    expect(japanese.status).toBe(fromAnn.ok ? 'busy' : 'ringing');
    // Once the meeting ends, the guide is free again.
    await db!.handle.db.updateTable('meetings').set({ state: 'ended' }).where('id', '=', won!.meetingId).execute();
    const again = ok(await askRing(await connect(), 'call:start', { buildingId: SEED.tour, language: 'en' }));
    expect(again).toMatchObject({ status: 'ringing', guidesRung: 2 });
  });

  it('a call nobody answers stops ringing after the time-out and tells the caller the contact cannot answer', async (ctx) => {
    if (!app) return ctx.skip();
    const a = await console(ann);
    const stops = record(a, 'ring:stopped');
    const visitor = await connect();
    const ended = record(visitor, 'call:ended');
    const call = ok(await askRing(visitor, 'call:start', { buildingId: SEED.tour, language: 'ja' }));
    expect(call.status).toBe('ringing');
    if (call.status !== 'ringing') return;
    await until(() => ended.length === 1, RING_MS + 4000);
    expect(ended[0]).toEqual({ callId: call.callId, outcome: 'cannot-answer' });
    expect(stops).toContainEqual({ callId: call.callId, reason: 'timeout' });
    // Too late to accept.
    expect(await askRing(a, 'ring:accept', { callId: call.callId })).toMatchObject({ ok: false, error: { code: 'CALL_TAKEN' } });
  });

  it('when every guide declines the caller hears at once that the contact cannot answer; a hang-up stops the ringing', async (ctx) => {
    if (!app) return ctx.skip();
    const [a, b] = [await console(ann), await console(ben)];
    const visitor = await connect();
    const ended = record(visitor, 'call:ended');
    const call = ok(await askRing(visitor, 'call:start', { buildingId: SEED.tour, language: 'en' }));
    if (call.status !== 'ringing') throw new Error('not ringing');
    ok(await askRing(a, 'ring:decline', { callId: call.callId }));
    expect(ended).toHaveLength(0);
    ok(await askRing(b, 'ring:decline', { callId: call.callId }));
    await until(() => ended.length === 1);
    expect(ended[0]!.outcome).toBe('cannot-answer');

    const stops = record(a, 'ring:stopped');
    const second = ok(await askRing(visitor, 'call:start', { buildingId: SEED.tour, language: 'en' }));
    if (second.status !== 'ringing') throw new Error('not ringing');
    visitor.disconnect(); // the caller closes the page
    await until(() => stops.some((s) => s.callId === second.callId && s.reason === 'cancelled'));
  });

  it('unavailable when no guide of the language is online; busy when all of them are in a call', async (ctx) => {
    if (!app) return ctx.skip();
    const visitor = await connect();
    expect(ok(await askRing(visitor, 'call:start', { buildingId: SEED.tour, language: 'ko' }))).toEqual({ status: 'unavailable' });
    expect(ok(await askRing(visitor, 'call:start', { buildingId: SEED.tour, language: 'fr' }))).toEqual({ status: 'unavailable' });
    const k = await console(kim);
    const inCall = record(k, 'console:in-call');
    const call = ok(await askRing(visitor, 'call:start', { buildingId: SEED.tour, language: 'ko' }));
    if (call.status !== 'ringing') throw new Error('not ringing');
    const { meetingId } = ok(await askRing(k, 'ring:accept', { callId: call.callId }));
    expect(ok(await askRing(await connect(), 'call:start', { buildingId: SEED.tour, language: 'ko' }))).toEqual({ status: 'busy' });
    // The meeting ends: the console hears at once that its guide is free, and the next call rings them.
    await app.meetings.presence.end(meetingId, 'host-ended');
    await vi.waitFor(() => expect(inCall.map((e) => e.inCall)).toEqual([true, false]));
    expect(ok(await askRing(await connect(), 'call:start', { buildingId: SEED.tour, language: 'ko' }))).toMatchObject({ status: 'ringing' });
    const refused = await askRing(visitor, 'call:start', { buildingId: 'bad id!', language: 'ko' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  });

  it('one caller may ring 10 times in 10 minutes; the 11th call is refused', async (ctx) => {
    if (!app) return ctx.skip();
    const visitor = await connect();
    for (let i = 0; i < 10; i++) expect(ok(await askRing(visitor, 'call:start', { buildingId: SEED.tour, language: 'fr' }))).toEqual({ status: 'unavailable' });
    expect(await askRing(visitor, 'call:start', { buildingId: SEED.tour, language: 'en' })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    // Another visitor is not held by it.
    expect(ok(await askRing(await connect(), 'call:start', { buildingId: SEED.tour, language: 'fr' }))).toEqual({ status: 'unavailable' });
  });

  it('a call-back request is checked (name, phone for the country, language), reaches the consoles and the owner', async (ctx) => {
    if (!app) return ctx.skip();
    const post = (payload: object) => app!.inject({ method: 'POST', url: `/v2/tour-ring/${SEED.tour}/callbacks`, payload });
    const good = { name: 'Yui Tanaka', phone: '090-1234-5678', country: 'JP', language: 'ja', note: 'After 6 pm please' };
    const cases: Array<[object, string, string]> = [
      [{ ...good, name: '  ' }, 'name', 'Field required.'],
      [{ ...good, phone: '12' }, 'phone', 'Please enter the phone number or the format is incorrect'],
      [{ ...good, phone: '+1 212 555 0123' }, 'phone', 'Please enter the phone number or the format is incorrect'],
      [{ ...good, language: '' }, 'language', 'Please choose a language.'],
      [{ ...good, language: 'fr' }, 'language', 'Please choose a language.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field, message: `${field}: ${message}` });
    }
    expect((await post({ ...good, country: 'US' })).statusCode).toBe(400);

    const a = await console(ann);
    const arrived = record(a, 'callback:created');
    const res = await post(good);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Callback>()).toMatchObject({ name: 'Yui Tanaka', phone: '+819012345678', country: 'JP', language: 'ja', note: 'After 6 pm please' });
    await until(() => arrived.length === 1);
    // The console lists it when it connects again; the owner's studio list has it; a stranger's does not.
    const state = ok(await askRing(await connect(ann.token), 'console:join', {}));
    expect(state.callbacks.map((c) => c.name)).toContain('Yui Tanaka');
    const listed = await app.inject({ url: `/v2/studio/tours/${SEED.tour}/callbacks`, headers: owner.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ callbacks: Callback[] }>().callbacks[0]).toMatchObject({ name: 'Yui Tanaka', tourName: expect.any(String) });
    expect((await app.inject({ url: `/v2/studio/tours/${SEED.tour}/callbacks`, headers: kim.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: `/v2/studio/tours/${SEED.tour}/callbacks` })).statusCode).toBe(401);
  });

  it('a console needs a session; calling needs none', async (ctx) => {
    if (!app) return ctx.skip();
    const anonymous = await connect();
    expect(await askRing(anonymous, 'console:join', {})).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(await askRing(anonymous, 'ring:accept', { callId: 'abcdefghij' })).toMatchObject({ ok: false });
  });
});
