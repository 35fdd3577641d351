import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { outboxMailer } from '../../src/server/mail/outboxMailer.ts';
import { smtpMailer } from '../../src/server/mail/smtpMailer.ts';
import { createMailer } from '../../src/server/mail/createMailer.ts';
import { GATE_MESSAGES } from '../../src/protocol/visitor.ts';
import { accessCodeMail, parseMail } from '../support/mailParse.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink.ts';
import { identityHeaders, signUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const GATED = 'gatedTour';
const LISTED = 'listedTour';
const OPEN = 'openTour';

describe.each(DIALECTS)('visitor gate with a real SMTP server on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let sink: SmtpSink;
  let now = Date.parse('2026-11-22T12:00:00Z');
  let emailCounter = 0;

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    const r = createRepositories(db.handle.db);
    await r.headquarters.insert({ id: 'hq', title: 'Gate HQ', qrUrl: null, partner: 0 });
    await r.users.insert({ id: 'owner', username: 'owner', userType: 'owner', headquarterId: 'hq' });
    const tour = (id: string, extra: Record<string, unknown>) => r.buildings.insert({ id, headquarterId: 'hq', ownerId: 'owner', name: `Tour ${id}`, ...extra });
    await tour(GATED, { requireVisitorData: 1, nameMulti: '{"de":"Hafenhaus"}' });
    await tour(LISTED, { requireVisitorData: 1, requireWhiteListing: 1, whiteList: JSON.stringify(['Listed@Example.test', 'member-x']) });
    await tour(OPEN, {});
    sink = await startSmtpSink();
    t = await createTestApp(db.handle, { mailer: smtpMailer(sink.url, '"Atrium" <no-reply@localhost>'), clock: () => now });
  });
  afterAll(async () => {
    await t?.cleanup();
    await sink?.close();
    await db?.drop();
  });

  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    const res = await t!.app.inject({ method: 'POST', url, payload: payload as object, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const form = (extra: Record<string, unknown> = {}) => ({
    buildingId: GATED, firstName: 'Mia', lastName: 'Berg', email: `mia${++emailCounter}@example.test`, phone: '+47 912 34 567',
    occupation: 'Architect', company: 'Fjord Studio', locale: 'en', ...extra,
  });
  const lastMailTo = (email: string) => {
    const mail = [...sink.received].reverse().find((m) => m.to.includes(email));
    if (!mail) throw new Error(`no mail to ${email}`);
    return accessCodeMail(mail.raw);
  };
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('signs a visitor up, emails a code that signs in once, and stores the form and a visitor account', async (ctx) => {
    if (!t) return ctx.skip();
    const body = form();
    const signup = await post('/v2/visitor/signup', body);
    expect(signup.status).toBe(200);
    expect(signup.body).toMatchObject({ email: body.email, verificationId: expect.any(String) });
    const { code, link, mail } = lastMailTo(body.email);
    expect(mail.subject).toBe(`Your access code for Tour ${GATED}`);
    expect(mail.text).toContain('Hello Mia,');
    expect(link).toMatch(new RegExp(`^http://localhost:8080/${GATED}\\?verify=[\\w-]{40,}&locale=en$`));

    const verified = await post('/v2/visitor/verify', { verificationId: signup.body.verificationId, code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ username: body.email, tokenType: 'istaging' });
    const profile = await t.app.inject({ method: 'GET', url: '/v2/users/profile', headers: identityHeaders(verified.body) });
    expect(profile.json()).toMatchObject({ userType: 'visitor', firstName: 'Mia', lastName: 'Berg', phone: '+47 912 34 567', companyDisplayName: 'Fjord Studio', occupationCustom: 'Architect' });
    const forms = await db!.handle.db.selectFrom('visitorForms').selectAll().where('email', '=', body.email).execute();
    expect(forms).toHaveLength(1);
    expect(forms[0]).toMatchObject({ buildingId: GATED, company: 'Fjord Studio' });

    // The database keeps hashes only: neither the code nor the link token appears in it.
    const row = await db!.handle.db.selectFrom('visitorVerifications').selectAll().where('id', '=', signup.body.verificationId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(new URL(link).searchParams.get('verify'));

    const reused = await post('/v2/visitor/verify', { verificationId: signup.body.verificationId, code });
    expect(reused).toMatchObject({ status: 400, body: { message: GATE_MESSAGES.codeInvalid, field: 'code' } });
  });

  it('accepts the code with the email instead of the verification id, and reuses the account on a second visit', async (ctx) => {
    if (!t) return ctx.skip();
    const body = form();
    await post('/v2/visitor/signup', body);
    const first = await post('/v2/visitor/verify', { email: body.email, code: lastMailTo(body.email).code });
    expect(first.status).toBe(200);
    await post('/v2/visitor/signup', { ...body, company: 'New Co' });
    const second = await post('/v2/visitor/verify', { email: body.email.toUpperCase(), code: lastMailTo(body.email).code });
    expect(second.status).toBe(200);
    expect(second.body.objectId).toBe(first.body.objectId);
  });

  it('refuses an expired code', async (ctx) => {
    if (!t) return ctx.skip();
    const body = form();
    const signup = await post('/v2/visitor/signup', body);
    const { code } = lastMailTo(body.email);
    now += 15 * 60_000 + 1;
    const late = await post('/v2/visitor/verify', { verificationId: signup.body.verificationId, code });
    expect(late).toMatchObject({ status: 400, body: { message: GATE_MESSAGES.codeInvalid } });
  });

  it('kills a code after five wrong attempts, even for the right code afterwards', async (ctx) => {
    if (!t) return ctx.skip();
    const body = form();
    const signup = await post('/v2/visitor/signup', body);
    const { code } = lastMailTo(body.email);
    const left: number[] = [];
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/v2/visitor/verify', { verificationId: signup.body.verificationId, code: wrongCode(code) });
      expect(wrong.body.message).toBe(GATE_MESSAGES.codeInvalid);
      left.push(wrong.body.details.attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const right = await post('/v2/visitor/verify', { verificationId: signup.body.verificationId, code });
    expect(right).toMatchObject({ status: 400, body: { message: GATE_MESSAGES.codeInvalid } });
  });

  it('resends a new code that works while the old one no longer does', async (ctx) => {
    if (!t) return ctx.skip();
    const body = form({ locale: 'de' });
    const signup = await post('/v2/visitor/signup', body);
    const old = lastMailTo(body.email);
    expect(old.mail.subject).toBe('Ihr Zugangscode für Hafenhaus');
    const resent = await post('/v2/visitor/resend', { verificationId: signup.body.verificationId });
    expect(resent.status).toBe(200);
    expect(resent.body.verificationId).not.toBe(signup.body.verificationId);
    const fresh = lastMailTo(body.email);
    expect(fresh.link).not.toBe(old.link);
    expect((await post('/v2/visitor/verify', { verificationId: signup.body.verificationId, code: old.code })).status).toBe(400);
    expect((await post('/v2/visitor/verify-link', { token: new URL(old.link).searchParams.get('verify') })).status).toBe(400);
    expect((await post('/v2/visitor/verify', { verificationId: resent.body.verificationId, code: fresh.code })).status).toBe(200);
    expect((await post('/v2/visitor/resend', { verificationId: 'nope' })).body.message).toBe(GATE_MESSAGES.resendFailed);
  });

  it('signs in with the emailed link once', async (ctx) => {
    if (!t) return ctx.skip();
    const body = form();
    await post('/v2/visitor/signup', body);
    const token = new URL(lastMailTo(body.email).link).searchParams.get('verify');
    const first = await post('/v2/visitor/verify-link', { token });
    expect(first.status).toBe(200);
    expect(first.body.username).toBe(body.email);
    const again = await post('/v2/visitor/verify-link', { token });
    expect(again.status).toBe(400);
  });

  it('validates the form with the messages of section 5 and refuses tours without a gate', async (ctx) => {
    if (!t) return ctx.skip();
    const sent = sink.received.length;
    const phone = await post('/v2/visitor/signup', form({ phone: 'call me' }));
    expect(phone).toMatchObject({ status: 400, body: { field: 'body.phone' } });
    expect(phone.body.message).toContain(GATE_MESSAGES.invalidPhone);
    expect((await post('/v2/visitor/signup', form({ email: 'nope' }))).body.message).toContain(GATE_MESSAGES.invalidEmail);
    expect((await post('/v2/visitor/signup', form({ company: ' ' }))).body.message).toContain(GATE_MESSAGES.fieldRequired);
    expect((await post('/v2/visitor/verify', { verificationId: 'x', code: '12a456' })).body.message).toContain(GATE_MESSAGES.wrongFormat);
    expect((await post('/v2/visitor/signup', form({ buildingId: OPEN }))).status).toBe(400);
    expect((await post('/v2/visitor/signup', form({ buildingId: 'missing' }))).status).toBe(404);
    expect(sink.received.length).toBe(sent);
  });

  it('admits only whitelisted usernames, case-insensitively', async (ctx) => {
    if (!t) return ctx.skip();
    const listed = await post('/v2/visitor/signup', form({ buildingId: LISTED, email: 'listed@example.test' }));
    const ok = await post('/v2/visitor/verify', { verificationId: listed.body.verificationId, code: lastMailTo('listed@example.test').code });
    expect(ok.status).toBe(200);
    const stranger = await post('/v2/visitor/signup', form({ buildingId: LISTED, email: 'stranger@example.test' }));
    const refused = await post('/v2/visitor/verify', { verificationId: stranger.body.verificationId, code: lastMailTo('stranger@example.test').code });
    expect(refused).toMatchObject({ status: 403, body: { message: GATE_MESSAGES.notAuthorized } });
  });

  it('limits sign-ups per email address (429)', async (ctx) => {
    if (!t) return ctx.skip();
    const body = form();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/v2/visitor/signup', body)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const other = await post('/v2/visitor/signup', form());
    expect(other.status).toBe(200);
  });

  it('keeps an existing member account when its owner fills in the form', async (ctx) => {
    if (!t) return ctx.skip();
    const member = await signUpUser(t.app, { email: 'member@example.test', username: 'member-x' });
    await post('/v2/visitor/signup', form({ buildingId: LISTED, email: 'member@example.test' }));
    const answer = await post('/v2/visitor/verify', { email: 'member@example.test', code: lastMailTo('member@example.test').code });
    expect(answer.body).toMatchObject({ objectId: member.userId, username: 'member-x' });
  });
});

describe('mail transports', () => {
  it('writes one .eml per message into the outbox when SMTP_URL is not set', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-outbox-'));
    try {
      const mailer = createMailer({ smtpUrl: undefined, dataDir, publicUrl: 'https://tours.example.test' });
      expect(mailer.description).toBe(`writing to ${path.join(dataDir, 'outbox')} (set SMTP_URL to send)`);
      await mailer.send({ to: 'a@example.test', subject: 'Ihr Zugangscode für Hafenhaus', text: 'Hallo,\n\n    123456\n' });
      const files = fs.readdirSync(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const mail = parseMail(fs.readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8'));
      expect(mail.subject).toBe('Ihr Zugangscode für Hafenhaus');
      expect(mail.headers.get('from')).toContain('no-reply@tours.example.test');
      expect(mail.text).toContain('123456');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names the SMTP server without its credentials', () => {
    const mailer = createMailer({ smtpUrl: 'smtp://user:secret@mail.example.test:2525', dataDir: '/tmp', publicUrl: 'http://localhost' });
    expect(mailer.description).toBe('SMTP smtp://mail.example.test:2525');
    void outboxMailer;
  });
});
