import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_NOTE_MAX } from '../../src/protocol/constants.ts';
import { PRESENCE_GRACE_MS, type LoungeState, type PersonRelation } from '../../src/protocol/lounge.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { AuthService } from '../../src/server/modules/auth/auth.service.ts';
import { identityHeaders, signUpUser, type SignedUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { askLounge, connectLounge, failure, nextEvent, ok, record, type TestLoungeSocket } from './support/loungeClient.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import type { MeetingMedia } from '../../src/server/janus/janusMedia.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const join = (tourId: string = SEED.tour, panoramaId: string | null = SEED.panoA) => ({ tourId, groupId: null, panoramaId });

describe.each(DIALECTS)('the lounge on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let baseUrl = '';
  let owner: Record<string, string> = {};
  let ada!: SignedUpUser;
  let bob!: SignedUpUser;
  let cyd!: SignedUpUser;
  const sockets: TestLoungeSocket[] = [];
  const open = async (user: SignedUpUser) => {
    const s = await connectLounge(baseUrl, user.token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    const repos = createRepositories(db.handle.db);
    // A second open tour of the owner, for tickets (a tour with tickets admits ticket holders only).
    await repos.buildings.insert({ id: 'ticketTour', headquarterId: SEED.hq, ownerId: SEED.user, name: 'Ticketed fair' });
    await repos.panoramas.insert({ id: 'ticketPano', buildingId: 'ticketTour', index: 0, name: 'Hall', category: 'others', rawUrl: '/media/x.jpg', cubemapReady: 1, mediaVersion: 'v1' });
    // Meetings on (a media server that is never called: creating a meeting only writes its row).
    t = await createTestApp(db.handle, { meetingMedia: {} as MeetingMedia });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = identityHeaders(await new AuthService(repos).startSession((await repos.users.findById(SEED.user))!));
    ada = await signUpUser(t.app, { firstName: 'Ada', lastName: 'Lovelace', companyDisplayName: 'Engines Ltd', occupationCustom: 'Analyst', phone: '+44 1' });
    bob = await signUpUser(t.app, { firstName: 'Bob', lastName: 'Builder' });
    cyd = await signUpUser(t.app, { firstName: 'Cyd', lastName: 'Charisse' });
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.cleanup();
    await db?.drop();
  });

  describe('tickets', () => {
    it('are generated, imported from CSV (duplicates and bad rows reported) and exported by the owner', async (ctx) => {
      if (!t) return ctx.skip();
      const made = await t.app.inject({ method: 'POST', url: '/v2/studio/buildings/ticketTour/tickets/generate', headers: owner, payload: { count: 3, role: 'visitor' } });
      expect(made.statusCode, made.body).toBe(200);
      const generated = made.json().tickets as Array<{ number: string; usedAt: string | null }>;
      expect(generated).toHaveLength(3);
      for (const ticket of generated) expect(ticket.number).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

      const csv = `ticket;name;email;role\nFAIR-0001;Grace Hopper;grace@example.test;exhibitor\nFAIR-0002;Alan Turing;;\nFAIR-0001;Again;;\n!!;Bad;;\nFAIR-0003;Mail;nope;\n`;
      const imported = await t.app.inject({ method: 'POST', url: '/v2/studio/buildings/ticketTour/tickets/import', headers: owner, payload: { csv } });
      expect(imported.statusCode, imported.body).toBe(200);
      const answer = imported.json();
      expect(answer.created).toBe(2);
      expect(answer.duplicates).toBe(1);
      expect(answer.problems.map((p: { line: number; code: string }) => [p.line, p.code])).toEqual([[5, 'invalid-number'], [6, 'invalid-email']]);
      // Importing the same file again creates nothing.
      const again = await t.app.inject({ method: 'POST', url: '/v2/studio/buildings/ticketTour/tickets/import', headers: owner, payload: { csv } });
      expect(again.json().created).toBe(0);

      const exported = await t.app.inject({ method: 'GET', url: '/v2/studio/buildings/ticketTour/tickets/export', headers: owner });
      expect(exported.headers['content-type']).toContain('text/csv');
      expect(exported.body.split('\r\n')[0]).toBe('ticket,name,email,role,status,used_by,used_at');
      expect(exported.body).toContain('FAIR-0001,Grace Hopper,grace@example.test,exhibitor,unused,,');
      expect(exported.body.trim().split('\r\n')).toHaveLength(1 + 5);

      const stranger = await t.app.inject({ method: 'GET', url: '/v2/studio/buildings/ticketTour/tickets', headers: cyd.headers });
      expect(stranger.statusCode).toBe(403);
    });

    it("signs in with section 5's three messages, binds a used ticket to its account, and refuses it to anyone else", async (ctx) => {
      if (!t) return ctx.skip();
      const login = (ticketNumber: string, headers: Record<string, string> = {}) =>
        t!.app.inject({ method: 'POST', url: '/v2/lounge/tickets/login', headers, payload: { tourId: 'ticketTour', ticketNumber } });
      const required = await login('  ');
      expect([required.statusCode, required.json().message]).toEqual([400, 'Field required.']);
      const invalid = await login('not a ticket!');
      expect([invalid.statusCode, invalid.json().code, invalid.json().message]).toEqual([400, 'TICKET_INVALID', 'Invalid ticket.']);
      const missing = await login('NO-SUCH-TICKET');
      expect([missing.statusCode, missing.json().code, missing.json().message]).toEqual([404, 'TICKET_NOT_FOUND', 'There is no record of this ticket.']);

      // Signed out: the ticket makes a visitor account named after its holder, and a session.
      const first = await login('fair-0001');
      expect(first.statusCode, first.body).toBe(200);
      const session = first.json().session;
      expect(session.objectId).toBeTruthy();
      const profile = await t.app.inject({ method: 'GET', url: '/v2/users/profile', headers: identityHeaders(session) });
      expect(profile.json().name).toBe('Grace Hopper');

      const used = await login('FAIR-0001');
      expect([used.statusCode, used.json().code, used.json().message]).toEqual([409, 'TICKET_USED', 'This ticket has already been used.']);
      const usedByOther = await login('FAIR-0001', bob.headers);
      expect(usedByOther.json().code).toBe('TICKET_USED');
      // The holder may enter with it again.
      expect((await login('FAIR-0001', identityHeaders(session))).statusCode).toBe(200);

      // Signed in: the ticket is bound to that account. Two sign-ins racing for one ticket: exactly one wins.
      const racing = await Promise.all([login('FAIR-0002', ada.headers), login('FAIR-0002', bob.headers)]);
      expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const list = (await t.app.inject({ method: 'GET', url: '/v2/studio/buildings/ticketTour/tickets', headers: owner })).json().tickets as Array<{ number: string; usedBy: { userId: string } | null }>;
      const winner = racing[0]!.statusCode === 200 ? ada : bob;
      expect(list.find((x) => x.number === 'FAIR-0002')?.usedBy?.userId).toBe(winner.userId);
      expect(list.find((x) => x.number === 'FAIR-0001')?.usedBy?.userId).toBe(session.objectId);

      // A used ticket cannot be deleted; an unused one can.
      const usedTicket = list.find((x) => x.number === 'FAIR-0001') as unknown as { objectId: string };
      expect((await t.app.inject({ method: 'DELETE', url: `/v2/studio/buildings/ticketTour/tickets/${usedTicket.objectId}`, headers: owner })).statusCode).toBe(409);
    });

    it('admits only ticket holders (and staff) to a ticketed lounge, with the role of their ticket', async (ctx) => {
      if (!t) return ctx.skip();
      const cydSocket = await open(cyd);
      expect(failure(await askLounge(cydSocket, 'lounge:join', join('ticketTour', 'ticketPano'))).code).toBe('TICKET_REQUIRED');
      const grace = await t.app.inject({ method: 'POST', url: '/v2/lounge/tickets/login', payload: { tourId: 'ticketTour', ticketNumber: 'FAIR-0003-X' } });
      expect(grace.json().code).toBe('TICKET_NOT_FOUND');
      const list = (await t.app.inject({ method: 'GET', url: '/v2/studio/buildings/ticketTour/tickets', headers: owner })).json().tickets as Array<{ number: string; usedAt: string | null }>;
      const spare = list.find((x) => !x.usedAt)!;
      expect((await t.app.inject({ method: 'POST', url: '/v2/lounge/tickets/login', headers: cyd.headers, payload: { tourId: 'ticketTour', ticketNumber: spare.number } })).statusCode).toBe(200);
      const state = ok(await askLounge(cydSocket, 'lounge:join', join('ticketTour', 'ticketPano')));
      expect(state.me.role).toBe('visitor');
      ok(await askLounge(cydSocket, 'lounge:leave', {}));
    });
  });

  describe('invitations', () => {
    let a: TestLoungeSocket;
    let b: TestLoungeSocket;
    let c: TestLoungeSocket;
    beforeAll(async () => {
      if (!t) return;
      [a, b, c] = await Promise.all([open(ada), open(bob), open(cyd)]);
      for (const s of [a, b, c]) ok(await askLounge(s, 'lounge:join', join()));
    });

    it('go sent -> received -> wait to be confirmed -> connected / confirmed, with live updates to both sides', async (ctx) => {
      if (!t) return ctx.skip();
      const note = `Let's talk 👨‍👩‍👧‍👦 ${'é'.repeat(INVITATION_NOTE_MAX - 13)}`;
      const tooLong = await askLounge(a, 'invitation:send', { toUserId: bob.userId, note: `${note}🇫🇷🇫🇷` });
      expect(failure(tooLong).code).toBe('VALIDATION_FAILED');

      const received = nextEvent(b, 'relation:changed', (p) => p.person.userId === ada.userId);
      const sent = ok(await askLounge(a, 'invitation:send', { toUserId: bob.userId, note }));
      expect(sent.relation.state).toBe('sent');
      const atBob = await received;
      expect(atBob.relation).toMatchObject({ state: 'received', note, contact: null });
      expect(atBob.person).toMatchObject({ name: 'Ada Lovelace', company: 'Engines Ltd', occupation: 'Analyst', role: 'visitor' });

      const waiting = nextEvent(a, 'relation:changed', (p) => p.person.userId === bob.userId);
      ok(await askLounge(b, 'invitation:seen', { invitationId: atBob.relation.invitationId! }));
      expect((await waiting).relation.state).toBe('wait-confirm');

      const connected = nextEvent(a, 'relation:changed', (p) => p.person.userId === bob.userId);
      const confirmed = ok(await askLounge(b, 'invitation:accept', { invitationId: atBob.relation.invitationId! }));
      expect(confirmed.relation.state).toBe('confirmed');
      expect(confirmed.relation.contact).toEqual({ email: ada.email, phone: '+44 1' });
      const atAda = await connected;
      expect(atAda.relation.state).toBe('connected');
      expect(atAda.relation.contact?.email).toBe(bob.email);

      // Answered once: it cannot be answered again, nor sent again.
      expect(failure(await askLounge(b, 'invitation:reject', { invitationId: atBob.relation.invitationId! })).code).toBe('CONFLICT');
      expect(failure(await askLounge(b, 'invitation:send', { toUserId: ada.userId, note: '' })).code).toBe('CONFLICT');
    });

    it('connected people start a video meeting: the host gets the host link, the other an invitation; strangers cannot', async (ctx) => {
      if (!t) return ctx.skip();
      const state: LoungeState = ok(await askLounge(a, 'lounge:join', join()));
      expect(state.meetingsOn).toBe(true);
      const invited = nextEvent(b, 'meeting:invited', () => true);
      const started = ok(await askLounge(a, 'meeting:start', { userId: bob.userId }));
      expect(started.hostPath).toBe(`/${SEED.tour}?meeting=${started.meetingId}&host=1`);
      const invite = await invited;
      expect(invite).toMatchObject({ meetingId: started.meetingId, guestPath: `/${SEED.tour}?meeting=${started.meetingId}` });
      expect(invite.from.name).toBe('Ada Lovelace');
      // Cyd is nobody's connection yet.
      expect(failure(await askLounge(a, 'meeting:start', { userId: cyd.userId })).code).toBe('FORBIDDEN');
      expect(failure(await askLounge(c, 'meeting:start', { userId: 'no such id!' })).code).toBe('VALIDATION_FAILED');
    });

    it('can be withdrawn while nobody answered; a rejection is final in both directions', async (ctx) => {
      if (!t) return ctx.skip();
      const first = ok(await askLounge(c, 'invitation:send', { toUserId: bob.userId, note: 'Hi' }));
      const gone = nextEvent(b, 'relation:changed', (p) => p.person.userId === cyd.userId && p.relation.state === 'none');
      expect(ok(await askLounge(c, 'invitation:withdraw', { invitationId: first.relation.invitationId! })).relation.state).toBe('none');
      await gone;

      const invitation = ok(await askLounge(c, 'invitation:send', { toUserId: ada.userId, note: 'Coffee?' }));
      const toldCyd = nextEvent(c, 'relation:changed', (p) => p.person.userId === ada.userId);
      expect(ok(await askLounge(a, 'invitation:reject', { invitationId: invitation.relation.invitationId! })).relation.state).toBe('rejected');
      expect((await toldCyd).relation.state).toBe('rejected');
      expect(failure(await askLounge(a, 'invitation:accept', { invitationId: invitation.relation.invitationId! })).code).toBe('INVITATION_REJECTED');
      expect(failure(await askLounge(c, 'invitation:withdraw', { invitationId: invitation.relation.invitationId! })).code).toBe('INVITATION_REJECTED');
      expect(failure(await askLounge(c, 'invitation:send', { toUserId: ada.userId, note: 'Please' })).code).toBe('INVITATION_REJECTED');
      expect(failure(await askLounge(a, 'invitation:send', { toUserId: cyd.userId, note: 'Sorry' })).code).toBe('INVITATION_REJECTED');
      // Only the receiver answers; a stranger to the invitation cannot even find it.
      expect(failure(await askLounge(b, 'invitation:accept', { invitationId: invitation.relation.invitationId! })).code).toBe('NOT_FOUND');
    });

    it('blocking hides both people from each other, stops invitations and contact details; unblocking brings them back', async (ctx) => {
      if (!t) return ctx.skip();
      const cydSees = record(c, 'pose:batched');
      const adaLeft = nextEvent(c, 'presence:left', (p) => p.userId === ada.userId);
      const blocked = ok(await askLounge(a, 'person:block', { userId: cyd.userId }));
      expect(blocked.relation.blocked).toBe(true);
      await adaLeft;
      // Rejoining, each is absent from the other's list; Ada keeps Cyd under "blocked".
      const cydState: LoungeState = ok(await askLounge(c, 'lounge:join', join()));
      expect(cydState.online.map((p) => p.userId)).not.toContain(ada.userId);
      const adaState: LoungeState = ok(await askLounge(a, 'lounge:join', join()));
      expect(adaState.online.map((p) => p.userId)).not.toContain(cyd.userId);
      expect(adaState.relations.find((r: PersonRelation) => r.person.userId === cyd.userId)?.relation.blocked).toBe(true);
      expect(failure(await askLounge(c, 'invitation:send', { toUserId: ada.userId, note: 'x' })).code).toBe('BLOCKED');

      // Poses: Bob (same panorama) sees Ada's, Cyd does not.
      const bobSees = nextEvent(b, 'pose:batched', (batch) => batch.poses.some(([id]) => id === ada.userId));
      a.volatile.emit('pose:update', [10, 5, 0]);
      c.volatile.emit('pose:update', [20, 0, 0]);
      await bobSees;
      await sleep(400);
      expect(cydSees.flatMap((batch) => batch.poses.map(([id]) => id))).not.toContain(ada.userId);

      // Blocking a connection hides the contact details.
      ok(await askLounge(b, 'person:block', { userId: ada.userId }));
      const adaAfter: LoungeState = ok(await askLounge(a, 'lounge:join', join()));
      expect(adaAfter.relations.find((r) => r.person.userId === bob.userId)?.relation).toMatchObject({ state: 'connected', contact: null, blocked: false });
      ok(await askLounge(b, 'person:unblock', { userId: ada.userId }));

      const adaBack = nextEvent(c, 'presence:updated', (p) => p.userId === ada.userId);
      expect(ok(await askLounge(a, 'person:unblock', { userId: cyd.userId })).relation.blocked).toBe(false);
      await adaBack;
    });
  });

  describe('presence', () => {
    it('lists who is here with their place, survives a reload without a departure, and drops a closed tab within seconds', async (ctx) => {
      if (!t || dialect === 'postgres') return ctx.skip(); // the database plays no part in presence: once is enough
      // Someone of their own: the others still have tabs open in this tour.
      const dora = await signUpUser(t.app, { firstName: 'Dora', lastName: 'Explorer' });
      const watcher = await open(ada);
      ok(await askLounge(watcher, 'lounge:join', join()));
      const arrived = nextEvent(watcher, 'presence:updated', (p) => p.userId === dora.userId);
      const visitor = await open(dora);
      const state = ok(await askLounge(visitor, 'lounge:join', join(SEED.tour, SEED.panoB)));
      expect(state.online.map((p) => p.userId)).toContain(ada.userId);
      expect((await arrived).place).toMatchObject({ tourId: SEED.tour, panoramaId: SEED.panoB, panoramaName: `Pano ${SEED.panoB}` });

      // Moving to another panorama is told to the others.
      const moved = nextEvent(watcher, 'presence:updated', (p) => p.userId === dora.userId && p.place?.panoramaId === SEED.panoA);
      ok(await askLounge(visitor, 'lounge:move', { panoramaId: SEED.panoA }));
      await moved;
      expect(failure(await askLounge(visitor, 'lounge:move', { panoramaId: 'offlinePano' })).code).toBe('VALIDATION_FAILED');

      // A reload: the tab closes and a new one joins within the grace period. Nobody is told it left.
      const lefts = record(watcher, 'presence:left');
      visitor.disconnect();
      await sleep(300);
      const reloaded = await open(dora);
      ok(await askLounge(reloaded, 'lounge:join', join()));
      await sleep(PRESENCE_GRACE_MS + 1000);
      expect(lefts.filter((l) => l.userId === dora.userId)).toEqual([]);

      // A closed tab for good: gone within the grace period and a little.
      const started = Date.now();
      const left = nextEvent(watcher, 'presence:left', (p) => p.userId === dora.userId, PRESENCE_GRACE_MS + 3000);
      reloaded.disconnect();
      await left;
      expect(Date.now() - started).toBeLessThan(PRESENCE_GRACE_MS + 2000);
    });

    it('refuses people who are not signed in', async (ctx) => {
      if (!t) return ctx.skip();
      await expect(connectLounge(baseUrl, 'not-a-session-token')).rejects.toThrow(/sign in/);
    });
  });
});
