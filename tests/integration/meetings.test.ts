import type { AddressInfo } from 'node:net';
import Janode from 'janode';
import VideoRoomPlugin from 'janode/plugins/videoroom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HostMeeting, JoinAnswer } from '../../src/protocol/meeting.ts';
import { buildApp } from '../../src/server/app.ts';
import { connectJanus, type MeetingMedia } from '../../src/server/janus/janusMedia.ts';
import type { JanusChild } from '../../src/server/janus/janusProcess.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { ask, connectMeeting, dataOf, fakeOffer, next, startTestJanus, type TestMeetingSocket } from './support/meetingClient.ts';
import { SEED, seedTour } from './support/seedTour.ts';

const WINDOW_MS = 1500;
let janus: JanusChild | null = null;
let media: MeetingMedia | null = null;

beforeAll(async () => {
  janus = await startTestJanus();
  if (janus) media = await connectJanus(janus, 'test Janus');
}, 30_000);
afterAll(async () => {
  await media?.close();
  await janus?.stop();
});

describe.each(DIALECTS)('meetings on a real Janus, %s', (dialect) => {
  let db: TestDatabase | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let baseUrl = '';
  let owner: SignedUpUser;
  let skew = 0;
  const sockets: TestMeetingSocket[] = [];
  const socket = async () => {
    const s = await connectMeeting(baseUrl);
    sockets.push(s);
    return s;
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) => app!.inject({ method: 'POST', url, payload, headers });
  const create = async (body: object = {}, who: SignedUpUser = owner): Promise<HostMeeting> => {
    const res = await post(`/v2/meetings/tours/${SEED.tour}`, body, who.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<HostMeeting>();
  };
  const join = async (meetingId: string, name: string, headers: Record<string, string> = {}, extra: object = {}) =>
    post(`/v2/meetings/${meetingId}/join`, { buildingId: SEED.tour, name, ...extra }, headers);
  const joined = async (meetingId: string, name: string, headers: Record<string, string> = {}): Promise<JoinAnswer> => {
    const res = await join(meetingId, name, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<JoinAnswer>();
  };
  const enter = async (answer: JoinAnswer) => {
    const s = await socket();
    const entered = dataOf(await ask(s, 'meeting:enter', { meetingId: answer.meeting.objectId, credential: answer.credential }));
    return { s, entered };
  };
  /** A live meeting: the host is in (the Janus room exists) and one guest too. */
  const liveMeeting = async (body: object = {}) => {
    const meeting = await create(body);
    const host = await enter(await joined(meeting.objectId, 'Host Ada', owner.headers));
    const guestJoin = await joined(meeting.objectId, 'Guest Bob');
    const guest = await enter(guestJoin);
    return { meeting, host, guest, guestJoin };
  };

  beforeAll(async () => {
    if (!media || (dialect === 'postgres' && !(await postgresAvailable()))) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    app = await buildApp({
      config: { mediaDir: '/tmp/atrium-meetings-test-media', clientDir: '/tmp/atrium-meetings-test-client', logLevel: 'silent', meetingHostAbsenceMs: WINDOW_MS, meetingReconnectMs: WINDOW_MS, publicUrl: 'https://tours.example' },
      database: db.handle, logger: false, meetingMedia: media, clock: () => Date.now() + skew,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    owner = await signUpUser(app);
    await db.handle.db.updateTable('buildings').set({ ownerId: owner.userId }).where('id', '=', SEED.tour).execute();
  });
  afterEach(() => {
    skew = 0;
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('the owner creates a meeting with a host link, a guest link and a short code; others may not', async (ctx) => {
    if (!app) return ctx.skip();
    const meeting = await create({ title: 'Walk-through' });
    expect(meeting).toMatchObject({ title: 'Walk-through', state: 'scheduled', capacity: 10, buildingId: SEED.tour });
    expect(meeting.guestLink).toBe(`https://tours.example/${SEED.tour}?meeting=${meeting.objectId}`);
    expect(meeting.hostLink).toBe(`${meeting.guestLink}&host=1`);
    expect(meeting.shortCode).toMatch(/^[A-Z2-9]{8}$/);
    const byCode = await app.inject({ url: `/v2/meetings/code/${meeting.shortCode.slice(0, 4).toLowerCase()}-${meeting.shortCode.slice(4)}` });
    expect(byCode.json()).toEqual({ meetingId: meeting.objectId, buildingId: SEED.tour });
    expect((await app.inject({ url: '/v2/meetings/code/ZZZZ-ZZZZ' })).json()).toMatchObject({ code: 'MEETING_NOT_FOUND' });

    const stranger = await signUpUser(app);
    expect((await post(`/v2/meetings/tours/${SEED.tour}`, {}, stranger.headers)).statusCode).toBe(403);
    expect((await post(`/v2/meetings/tours/${SEED.tour}`, {})).statusCode).toBe(401);
    const tooBig = await post(`/v2/meetings/tours/${SEED.tour}`, { capacity: 51 }, owner.headers);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().field).toContain('capacity');
    // The owner names the stranger an agent: now they may host, and see their own meetings.
    const named = await app.inject({ method: 'PUT', url: `/v2/studio/tours/${SEED.tour}/meeting-hosts`, payload: { usernames: [stranger.email] }, headers: owner.headers });
    expect(named.statusCode, named.body).toBe(200);
    const theirs = await create({ title: 'Agent tour' }, stranger);
    const list = (await app.inject({ url: `/v2/meetings/tours/${SEED.tour}`, headers: stranger.headers })).json<{ meetings: HostMeeting[] }>();
    expect(list.meetings.map((m) => m.objectId)).toEqual([theirs.objectId]);
    const unknown = await app.inject({ method: 'PUT', url: `/v2/studio/tours/${SEED.tour}/meeting-hosts`, payload: { usernames: ['nobody-here'] }, headers: owner.headers });
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { username: 'nobody-here' } });
  });

  it('a guest waits until the host starts; the host entry creates the Janus room; a credential works once and expires', async (ctx) => {
    if (!app || !janus) return ctx.skip();
    const meeting = await create();
    const guestJoin = await joined(meeting.objectId, 'Guest Bob');
    expect(guestJoin).toMatchObject({ role: 'guest', meeting: { state: 'scheduled' } });
    const guest = await enter(guestJoin);
    expect(guest.entered.self.state).toBe('waiting');
    const reused = await ask(await socket(), 'meeting:enter', { meetingId: meeting.objectId, credential: guestJoin.credential });
    expect(reused).toMatchObject({ ok: false, error: { code: 'MEETING_CREDENTIAL_INVALID' } });

    const live = next(guest.s, 'meeting:changed', ({ meeting: m }) => m.state === 'live');
    const inNow = next(guest.s, 'participant:changed', ({ participant }) => participant.participantId === guestJoin.participantId && participant.state === 'joined');
    const host = await enter(await joined(meeting.objectId, 'Host Ada', owner.headers));
    expect(host.entered.self.role).toBe('host');
    await live;
    await inNow;
    const row = await db!.handle.db.selectFrom('meetings').select(['janusRoom', 'janusSecret']).where('id', '=', meeting.objectId).executeTakeFirstOrThrow();
    expect(await roomExists(Number(row.janusRoom))).toBe(true);
    // The public answer never carries the room, its secret or pin.
    expect(JSON.stringify(host.entered)).not.toContain(row.janusSecret!);

    const late = await joined(meeting.objectId, 'Guest Cy');
    skew = 61_000;
    const expired = await ask(await socket(), 'meeting:enter', { meetingId: meeting.objectId, credential: late.credential });
    expect(expired).toMatchObject({ ok: false, error: { code: 'MEETING_CREDENTIAL_INVALID' } });
  });

  it('refuses an unknown id, a meeting of another tour, a full meeting, bad names, and joining after the end', async (ctx) => {
    if (!app) return ctx.skip();
    expect((await join('NoSuchMeet', 'Bob')).json()).toMatchObject({ code: 'MEETING_NOT_FOUND' });
    const meeting = await create({ capacity: 1 });
    const other = await post(`/v2/meetings/${meeting.objectId}/join`, { buildingId: SEED.hiddenTour, name: 'Bob' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'MEETING_OTHER_TOUR' });
    for (const name of ['', ' ', 'x'.repeat(41), 'Bob\u202Eevil', 'tab\tname']) {
      const res = await join(meeting.objectId, name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().field).toBe('body.name');
    }
    const markup = await joined(meeting.objectId, '<img src=x onerror=alert(1)>');
    const full = await join(meeting.objectId, 'Second guest');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'MEETING_FULL' });
    // The name is data: stored and sent back as the same text, for the viewer to show as text.
    const host = await enter(await joined(meeting.objectId, 'Host', owner.headers));
    const { entered } = await enter(markup);
    expect(entered.participants.map((p) => p.name)).toContain('<img src=x onerror=alert(1)>');
    dataOf(await ask(host.s, 'meeting:end', {}));
    expect((await join(meeting.objectId, 'Late')).json()).toMatchObject({ code: 'MEETING_ENDED' });
  });

  // Subscribing needs media flowing from the publisher (Janus answers "no such feed" before): tests/e2e/meeting.spec.ts
  // proves it with real browsers.
  it('relays offers to Janus and back: a guest publishes and everyone hears of the feed', async (ctx) => {
    if (!app) return ctx.skip();
    const { host, guest, guestJoin } = await liveMeeting();
    const announced = next(host.s, 'participant:changed', ({ participant }) => participant.participantId === guestJoin.participantId && participant.feeds.length > 0);
    const published = dataOf(await ask(guest.s, 'media:publish', { kind: 'camera', offer: fakeOffer(), audio: true, video: true }));
    expect(published.answer.type).toBe('answer');
    expect(published.answer.sdp).toMatch(/m=audio[\s\S]*m=video/);
    expect((await announced).participant.feeds).toEqual([{ kind: 'camera', feedId: published.feedId }]);
    expect(published.answer.sdp).toContain('VP8');
    // A feed that is not in this meeting, and a guest sharing a screen, are refused.
    expect(await ask(host.s, 'media:subscribe', { feedId: 12345 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await ask(guest.s, 'media:publish', { kind: 'screen', offer: fakeOffer(), audio: false, video: true })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const hostScreen = dataOf(await ask(host.s, 'media:publish', { kind: 'screen', offer: fakeOffer(), audio: false, video: true }));
    expect(hostScreen.feedId).not.toBe(published.feedId);
  });

  it('only the host kicks, mutes, hands the lead or ends; a removed guest cannot come back', async (ctx) => {
    if (!app) return ctx.skip();
    const { meeting, host, guest, guestJoin } = await liveMeeting();
    const other = await enter(await joined(meeting.objectId, 'Guest Cy'));
    for (const [event, request] of [['meeting:kick', { participantId: other.entered.self.participantId }], ['media:mute', { participantId: null }], ['meeting:end', {}]] as const) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      expect(await ask(guest.s, event as any, request as any), event).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    const muted = next(other.s, 'media:muted');
    dataOf(await ask(host.s, 'media:mute', { participantId: null }));
    await muted;
    const kicked = next(guest.s, 'meeting:kicked');
    dataOf(await ask(host.s, 'meeting:kick', { participantId: guestJoin.participantId }));
    await kicked;
    await new Promise((r) => setTimeout(r, 400));
    expect(guest.s.connected).toBe(false);
    const again = await post(`/v2/meetings/${meeting.objectId}/join`, { buildingId: SEED.tour, name: 'Bob again', rejoin: { participantId: guestJoin.participantId, key: guestJoin.rejoinKey } });
    expect(again.json()).toMatchObject({ code: 'MEETING_CREDENTIAL_INVALID' });
    const ended = next(other.s, 'meeting:ended');
    dataOf(await ask(host.s, 'meeting:end', {}));
    expect((await ended).reason).toBe('host-ended');
  });

  it('co-navigation: the leader moves everyone, others cannot; the host hands the wheel to a guest and takes it back', async (ctx) => {
    if (!app) return ctx.skip();
    const { host, guest, guestJoin } = await liveMeeting();
    const view = { panoramaId: SEED.panoB, yaw: 42, pitch: -5, fov: 80 };
    const seen = next(guest.s, 'nav:view');
    dataOf(await ask(host.s, 'nav:view', view));
    expect(await seen).toEqual({ leaderId: host.entered.self.participantId, view });
    expect(await ask(guest.s, 'nav:view', view)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await ask(host.s, 'nav:view', { ...view, yaw: 'left' } as never)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });

    const handed = next(host.s, 'lead:changed');
    dataOf(await ask(host.s, 'lead:hand', { participantId: guestJoin.participantId }));
    expect((await handed).leaderId).toBe(guestJoin.participantId);
    await new Promise((r) => setTimeout(r, 1100)); // the guest's socket re-reads who leads at most once a second
    const followed = next(host.s, 'nav:view');
    dataOf(await ask(guest.s, 'nav:view', { ...view, yaw: 10 }));
    expect((await followed).leaderId).toBe(guestJoin.participantId);
    // Where each guest is, for the host's list.
    const where = next(host.s, 'participant:changed', ({ participant }) => participant.panoramaId === SEED.panoA);
    dataOf(await ask(guest.s, 'nav:where', { panoramaId: SEED.panoA }));
    await where;
    // Views are throttled by the viewer; a flood is cut off.
    const answers = await Promise.all(Array.from({ length: 60 }, () => ask(guest.s, 'nav:view', view)));
    expect(answers.some((a) => !a.ok && a.error.code === 'RATE_LIMITED')).toBe(true);
  });

  it('the host drops and comes back within the window: guests see the countdown, then the meeting goes on', async (ctx) => {
    if (!app) return ctx.skip();
    const { meeting, host, guest } = await liveMeeting();
    const away = next(guest.s, 'meeting:changed', ({ meeting: m }) => m.hostAwaySince !== null);
    host.s.disconnect();
    const { meeting: awayMeeting } = await away;
    expect(Date.parse(awayMeeting.hostAwayDeadline!) - Date.parse(awayMeeting.hostAwaySince!)).toBe(WINDOW_MS);
    const back = next(guest.s, 'meeting:changed', ({ meeting: m }) => m.hostAwaySince === null);
    const hostAgain = await enter(await joined(meeting.objectId, 'Host Ada', owner.headers));
    await back;
    expect(hostAgain.entered.meeting.state).toBe('live');
    await new Promise((r) => setTimeout(r, WINDOW_MS + 500));
    expect((await app.inject({ url: `/v2/meetings/${meeting.objectId}` })).json()).toMatchObject({ state: 'live', hostAwaySince: null });
  }, 20_000);

  it('reconnect within the window keeps the seat; a host who stays away past the window ends the meeting', async (ctx) => {
    if (!app) return ctx.skip();
    const { meeting, host, guest, guestJoin } = await liveMeeting({ capacity: 1 });
    guest.s.disconnect();
    await new Promise((r) => setTimeout(r, 200));
    expect((await join(meeting.objectId, 'Newcomer')).json()).toMatchObject({ code: 'MEETING_FULL' });
    const back = await post(`/v2/meetings/${meeting.objectId}/join`, { buildingId: SEED.tour, name: 'Guest Bob', rejoin: { participantId: guestJoin.participantId, key: guestJoin.rejoinKey } });
    expect(back.statusCode, back.body).toBe(200);
    const again = await enter(back.json<JoinAnswer>());
    expect(again.entered.self).toMatchObject({ participantId: guestJoin.participantId, state: 'joined' });

    const ended = next(again.s, 'meeting:ended', () => true, WINDOW_MS * 6);
    host.s.disconnect();
    expect((await ended).reason).toBe('host-away');
    expect((await join(meeting.objectId, 'Late')).json()).toMatchObject({ code: 'MEETING_ENDED' });
    const row = await db!.handle.db.selectFrom('meetings').select('janusRoom').where('id', '=', meeting.objectId).executeTakeFirstOrThrow();
    expect(await roomExists(Number(row.janusRoom))).toBe(false);
  }, 20_000);

  it('another module creates a meeting now for the people it connected (invitees only)', async (ctx) => {
    if (!app) return ctx.skip();
    const a = await signUpUser(app);
    const b = await signUpUser(app);
    const c = await signUpUser(app);
    const meeting = await app.meetings.service.createNow({ buildingId: SEED.tour, hostUserId: a.userId, invitees: [b.userId] });
    expect(meeting.capacity).toBe(1);
    expect((await joined(meeting.objectId, 'A', a.headers)).role).toBe('host');
    expect((await joined(meeting.objectId, 'B', b.headers)).role).toBe('guest');
    expect((await join(meeting.objectId, 'C', c.headers)).statusCode).toBe(403);
    expect((await join(meeting.objectId, 'Anonymous')).statusCode).toBe(403);
  });
});

describe('meetings without Janus', () => {
  it('the server runs; meetings are off and say so', async () => {
    const db = await createTestDatabase('sqlite');
    await seedTour(db.handle.db);
    const app = await buildApp({ config: { mediaDir: '/tmp/x', clientDir: '/tmp/y', logLevel: 'silent' }, database: db.handle, logger: false });
    expect((await app.inject({ url: `/v2/meetings/availability?buildingId=${SEED.tour}` })).json()).toEqual({ enabled: false, canHost: false });
    const owner = await signUpUser(app);
    const res = await app.inject({ method: 'POST', url: `/v2/meetings/tours/${SEED.tour}`, payload: {}, headers: owner.headers });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'MEETINGS_OFF' });
    await app.close();
    await db.drop();
  });
});

/** Asks Janus itself (with the room admin's rights) whether a room exists. */
async function roomExists(room: number): Promise<boolean> {
  const connection = await Janode.connect({ address: { url: janus!.url, apisecret: janus!.apiSecret } });
  try {
    const session = await connection.create();
    const handle = await session.attach(VideoRoomPlugin);
    const answer = await handle.message({ request: 'exists', room });
    await session.destroy();
    return Boolean(answer.plugindata?.data?.exists);
  } finally {
    await connection.close();
  }
}
