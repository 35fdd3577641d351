import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { smtpMailer } from '../../src/server/mail/smtpMailer.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, TEST_PG_URL, type TestDatabase } from './support/databases.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

// Friday 20 March 2026, midnight UTC. Paris moves from UTC+1 to UTC+2 on Sunday 29 March.
const NOW = Date.parse('2026-03-20T00:00:00Z');
const MON_BEFORE = '2026-03-23T08:00:00.000Z'; // Monday 09:00 in Paris (UTC+1)
const MON_AFTER = '2026-03-30T07:00:00.000Z'; // Monday 09:00 in Paris (UTC+2)

/** The .ics part of a received mail, parsed back with ical.js. */
async function calendarOf(raw: string) {
  const mail = await simpleParser(raw);
  const part = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  if (!part) throw new Error('no text/calendar part');
  const cal = new ICAL.Component(ICAL.parse(part.content.toString('utf8')));
  const event = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
  return { mail, method: cal.getFirstPropertyValue('method'), event, vevent: cal.getFirstSubcomponent('vevent')! };
}

describe.each(DIALECTS)('booking calendar on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let second: ReturnType<typeof openDatabase> | undefined;
  let t: TestApp;
  let t2: TestApp;
  let sink: SmtpSink;
  let owner: SignedUpUser;
  let guide: SignedUpUser;
  let tourId: string;

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    const mailer = smtpMailer(sink.url, '"Atrium" <no-reply@localhost>');
    const opts = { mailer, clock: () => NOW, config: { publicUrl: 'https://tours.example.test' } };
    t = await createTestApp(db.handle, opts);
    // A second app over its own connection pool: what a second server process would be.
    second = db.pgSchema ? openDatabase({ databaseUrl: TEST_PG_URL, pgSchema: db.pgSchema }) : undefined;
    t2 = second ? await createTestApp(second, opts) : t;
    owner = await signUpUser(t.app);
    guide = await signUpUser(t.app, { firstName: 'Guy', lastName: 'de Paris' });
    const hq = (await t.app.inject({ method: 'POST', url: '/v2/studio/session', headers: owner.headers })).json<{ headquarterId: string }>().headquarterId;
    await createRepositories(db.handle.db).users.update(guide.userId, { headquarterId: hq });
    tourId = (await t.app.inject({ method: 'POST', url: '/v2/studio/tours', headers: owner.headers, payload: { name: 'Harbour house' } })).json<{ objectId: string }>().objectId;
    // Visitors book only on a tour they may open: the studio makes a draft, so it is published here.
    expect((await t.app.inject({ method: 'POST', url: `/v2/studio/tours/${tourId}/publish`, headers: owner.headers, payload: { published: true } })).statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT', url: `/v2/studio/tours/${tourId}/guides`, headers: owner.headers,
      payload: { guides: [{ email: guide.email, languages: ['fr', 'en'], timeZone: 'Europe/Paris', workingHours: [{ weekday: 1, start: '09:00', end: '10:00' }] }] },
    });
    expect(put.statusCode).toBe(200);
  });
  afterAll(async () => {
    if (t2 !== t) await t2?.cleanup();
    await t?.cleanup();
    await second?.close();
    await sink?.close();
    await db?.drop();
  });

  const slots = async (query = 'language=fr&days=14') => (await t.app.inject({ method: 'GET', url: `/v2/buildings/${tourId}/booking-slots?${query}` })).json();
  const book = (app: TestApp, body: Record<string, unknown>) => app.app.inject({ method: 'POST', url: `/v2/buildings/${tourId}/bookings`, payload: body });
  const visitor = { language: 'fr', name: 'Zoé', email: 'zoe@example.test', timeZone: 'America/Montreal', locale: 'fr' };

  it('offers the guide\'s Paris hours as UTC instants, an hour earlier after the clocks change', async (ctx) => {
    if (!db) return ctx.skip();
    const answer = await slots();
    expect(answer).toMatchObject({ slotMinutes: 30, languages: ['fr', 'en'], language: 'fr' });
    expect(answer.slots.map((s: { start: string }) => s.start)).toEqual([MON_BEFORE, '2026-03-23T08:30:00.000Z', MON_AFTER, '2026-03-30T07:30:00.000Z']);
    expect(answer.slots[0].end).toBe('2026-03-23T08:30:00.000Z');
    expect((await slots('language=ja')).slots).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/v2/buildings/${tourId}/booking-slots?days=99` })).statusCode).toBe(400);
  });

  it('requires every field (section 5) and refuses a time that is not offered', async (ctx) => {
    if (!db) return ctx.skip();
    const noName = await book(t, { ...visitor, start: MON_BEFORE, name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ field: 'body.name' });
    const noEmail = await book(t, { ...visitor, start: MON_BEFORE, email: '' });
    expect(noEmail.json()).toMatchObject({ field: 'body.email', message: expect.stringContaining('Field required.') });
    const badZone = await book(t, { ...visitor, start: MON_BEFORE, timeZone: 'Nowhere/Land' });
    expect(badZone.json()).toMatchObject({ field: 'body.timeZone' });
    const off = await book(t, { ...visitor, start: '2026-03-23T10:00:00Z' });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('BOOKING_SLOT_UNAVAILABLE');
  });

  it('lets exactly one of many simultaneous visitors (on two processes) hold the guide at a time', async (ctx) => {
    if (!db) return ctx.skip();
    const attempts = Array.from({ length: 8 }, (_, i) => book(i % 2 ? t2 : t, { ...visitor, name: `Visitor ${i}`, email: `v${i}@example.test`, start: '2026-03-23T09:00:00+01:00' }));
    const answers = await Promise.all(attempts);
    const won = answers.filter((a) => a.statusCode === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.statusCode !== 201)) {
      expect(lost.statusCode).toBe(409);
      expect(lost.json()).toMatchObject({ code: 'BOOKING_SLOT_TAKEN', message: 'This time was just booked by someone else. Please choose another time.' });
    }
    expect(won[0]!.json()).toMatchObject({ start: MON_BEFORE, end: '2026-03-23T08:30:00.000Z', guideName: 'Guy de Paris', status: 'booked', tourName: 'Harbour house' });
    expect((await slots()).slots.map((s: { start: string }) => s.start)).not.toContain(MON_BEFORE);
  });

  it('mails the visitor and the guide through SMTP with an .ics invitation that parses back, and a working manage link', async (ctx) => {
    if (!db) return ctx.skip();
    const mails = sink.received.filter((m) => m.raw.includes(MON_BEFORE.slice(0, 10).replace(/-/g, '')));
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.to[0])).toContain(guide.email);
    expect(mails.find((m) => m.to[0] !== guide.email)!.to[0]).toMatch(/^v\d@example\.test$/);
    const toVisitor = sink.received.find((m) => m.to[0] !== guide.email)!;
    const { mail, method, event, vevent } = await calendarOf(toVisitor.raw);
    expect(method).toBe('REQUEST');
    expect(event.startDate.toJSDate().toISOString()).toBe(MON_BEFORE);
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-03-23T08:30:00.000Z');
    expect(event.summary).toBe('Harbour house avec Guy de Paris');
    expect(vevent.getAllProperties('attendee').map((p) => String(p.getFirstValue()).toLowerCase())).toEqual([`mailto:${guide.email}`]);
    // Written in the visitor's language and zone (Montreal is UTC-4 on 23 March).
    expect(mail.subject).toMatch(/^Réservé : Harbour house, lundi 23 mars 2026/);
    expect(mail.text).toContain('04:00');
    const link = /https:\/\/tours\.example\.test\/booking\?key=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
    const managed = await t.app.inject({ method: 'GET', url: `/v2/bookings/manage?token=${link}` });
    expect(managed.json()).toMatchObject({ role: 'visitor', start: MON_BEFORE, status: 'booked', canJoin: false, joinOpensAt: '2026-03-23T07:50:00.000Z' });
    const early = await t.app.inject({ method: 'POST', url: '/v2/bookings/manage/join', payload: { token: link } });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('BOOKING_NOT_YET');
    expect((await t.app.inject({ method: 'GET', url: `/v2/bookings/manage?token=${'x'.repeat(43)}` })).statusCode).toBe(404);

    // Moved to the Monday after the clocks change; both get the update with the same UID.
    const before = sink.received.length;
    const moved = await t.app.inject({ method: 'POST', url: '/v2/bookings/manage/move', payload: { token: link, start: MON_AFTER } });
    expect(moved.json()).toMatchObject({ start: MON_AFTER, status: 'booked' });
    expect(sink.received).toHaveLength(before + 2);
    const update = await calendarOf(sink.received.at(-2)!.raw);
    expect(update.event.uid).toBe(event.uid);
    expect(update.event.startDate.toJSDate().toISOString()).toBe(MON_AFTER);
    expect(update.event.sequence).toBeGreaterThan(0);

    // Cancelled: the time is free again, and both calendars get METHOD:CANCEL.
    const cancelled = await t.app.inject({ method: 'POST', url: '/v2/bookings/manage/cancel', payload: { token: link } });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', canJoin: false });
    const cancel = await calendarOf(sink.received.at(-1)!.raw);
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.event.uid).toBe(event.uid);
    expect((await slots()).slots.map((s: { start: string }) => s.start)).toEqual(expect.arrayContaining([MON_BEFORE, MON_AFTER]));
    expect((await t.app.inject({ method: 'POST', url: '/v2/bookings/manage/join', payload: { token: link } })).json().code).toBe('BOOKING_CANCELLED');
    // The freed time can be booked again (the unique index holds only live bookings).
    expect((await book(t, { ...visitor, start: MON_BEFORE })).statusCode).toBe(201);
  });

  it('lists the tour\'s bookings and call-backs for its owner, with CSV files', async (ctx) => {
    if (!db) return ctx.skip();
    const list = await t.app.inject({ method: 'GET', url: `/v2/studio/tours/${tourId}/bookings`, headers: owner.headers });
    expect(list.json().bookings.map((b: { status: string }) => b.status).sort()).toEqual(['booked', 'cancelled']);
    const csv = await t.app.inject({ method: 'GET', url: `/v2/studio/tours/${tourId}/bookings.csv`, headers: owner.headers });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('start_utc,end_utc,status,language,guide,guide_email,name,email,phone,note,booked_at');
    expect(csv.body).toContain(`${MON_BEFORE},2026-03-23T08:30:00.000Z,booked,fr,Guy de Paris,${guide.email},Zoé,zoe@example.test`);
    const callbacks = await t.app.inject({ method: 'GET', url: `/v2/studio/tours/${tourId}/callbacks.csv`, headers: owner.headers });
    expect(callbacks.body).toBe('requested_at,name,phone,country,language,note\r\n');
    expect((await t.app.inject({ method: 'GET', url: `/v2/studio/tours/${tourId}/bookings.csv`, headers: guide.headers })).statusCode).toBe(403);
  });

  it('offers nothing of a tour the visitor may not open (gated, draft): no times, no booking, no guides to call', async (ctx) => {
    if (!db) return ctx.skip();
    const set = (fields: { requireWhiteListing?: number; draft?: number }) => db!.handle.db.updateTable('buildings').set(fields).where('id', '=', tourId).execute();
    const asks = [
      () => t.app.inject({ method: 'GET', url: `/v2/buildings/${tourId}/booking-slots?language=fr&days=14` }),
      () => book(t, { ...visitor, start: MON_AFTER, phone: '' }),
      () => t.app.inject({ method: 'GET', url: `/v2/tour-ring/${tourId}` }),
      () => t.app.inject({ method: 'POST', url: `/v2/tour-ring/${tourId}/callbacks`, payload: { name: 'Zoé', phone: '+33 6 12 34 56 78', country: 'EU', language: 'fr' } }),
    ];
    for (const fields of [{ requireWhiteListing: 1 }, { requireWhiteListing: 0, draft: 1 }]) {
      await set(fields);
      for (const ask of asks) expect((await ask()).json()).toMatchObject({ code: 'TOUR_NOT_FOUND' });
      // Its owner still sees the calendar of their own tour.
      expect((await t.app.inject({ method: 'GET', url: `/v2/buildings/${tourId}/booking-slots?language=fr&days=14`, headers: owner.headers })).statusCode).toBe(200);
    }
    await set({ draft: 0 });
  });
});
