import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StudioGuidesSchema } from '../../src/protocol/guides.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { GuidesRepository } from '../../src/server/modules/guides/guides.repository.ts';
import { ringDirectory } from '../../src/server/modules/guides/ringDirectory.ts';
import { memoryMailer } from '../../src/server/mail/memoryMailer.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const HOURS = [{ weekday: 1, start: '09:00', end: '17:00' }, { weekday: 3, start: '13:30', end: '24:00' }];

describe.each(DIALECTS)('tour guides on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp;
  let owner: SignedUpUser;
  let colleague: SignedUpUser;
  let outsider: SignedUpUser;
  let tourId: string;
  const mail = memoryMailer();

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    t = await createTestApp(db.handle, { mailer: mail, config: { publicUrl: 'https://tours.example.test' } });
    owner = await signUpUser(t.app);
    colleague = await signUpUser(t.app);
    outsider = await signUpUser(t.app);
    const session = await t.app.inject({ method: 'POST', url: '/v2/studio/session', headers: owner.headers });
    const hq = session.json<{ headquarterId: string }>().headquarterId;
    // A colleague: an account of the owner's headquarter (not an editor).
    await createRepositories(db.handle.db).users.update(colleague.userId, { headquarterId: hq, userType: 'member' });
    tourId = (await t.app.inject({ method: 'POST', url: '/v2/studio/tours', headers: owner.headers, payload: { name: 'Harbour house' } })).json<{ objectId: string }>().objectId;
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });

  const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = owner.headers) => {
    const res = await t.app.inject({ method, url, payload: payload as object | undefined, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const guidesUrl = () => `/v2/studio/tours/${tourId}/guides`;

  it('starts empty with 30-minute slots and a 30-second ring; only owners and editors may read it', async (ctx) => {
    if (!db) return ctx.skip();
    const res = await call('GET', guidesUrl());
    expect(res.status).toBe(200);
    expect(StudioGuidesSchema.parse(res.body)).toEqual({ guides: [], settings: { slotMinutes: 30, ringTimeoutSeconds: 30, tourRingBtn: false } });
    expect((await call('GET', guidesUrl(), undefined, outsider.headers)).status).toBe(403);
    expect((await call('GET', guidesUrl(), undefined, {})).status).toBe(401);
  });

  it('refuses bad input naming the field, and changes nothing', async (ctx) => {
    if (!db) return ctx.skip();
    const base = { email: colleague.email, languages: ['en'], timeZone: 'Europe/Paris', workingHours: HOURS };
    const cases: [unknown, string][] = [
      [{ ...base, languages: [] }, 'body.guides.0.languages'],
      [{ ...base, languages: ['xx'] }, 'body.guides.0.languages.0'],
      [{ ...base, timeZone: 'Mars/Olympus' }, 'body.guides.0.timeZone'],
      [{ ...base, workingHours: [{ weekday: 7, start: '09:00', end: '10:00' }] }, 'body.guides.0.workingHours.0.weekday'],
      [{ ...base, workingHours: [{ weekday: 1, start: '18:00', end: '09:00' }] }, 'body.guides.0.workingHours.0.end'],
      [{ ...base, email: 'not-an-email' }, 'body.guides.0.email'],
    ];
    for (const [guide, field] of cases) {
      const res = await call('PUT', guidesUrl(), { guides: [guide] });
      expect(res.status, field).toBe(400);
      expect(res.body.field, JSON.stringify(res.body)).toBe(field);
    }
    expect((await call('PUT', guidesUrl(), { guides: [base, base] })).body.field).toBe('body.guides.1.email');
    expect((await call('PUT', guidesUrl(), { guides: [], settings: { slotMinutes: 5 } })).body.field).toBe('body.settings.slotMinutes');
    expect((await call('GET', guidesUrl())).body.guides).toEqual([]);
  });

  it('names a colleague at once and invites anyone else; the invited account accepts once, signed in with that email', async (ctx) => {
    if (!db) return ctx.skip();
    const put = await call('PUT', guidesUrl(), {
      guides: [
        { email: colleague.email.toUpperCase(), languages: ['en', 'fr'], timeZone: 'Europe/Paris', workingHours: HOURS },
        { email: outsider.email, languages: ['ar'], timeZone: 'Asia/Dubai', workingHours: [] },
        { email: 'newcomer@example.test', languages: ['de'], timeZone: 'America/New_York', workingHours: HOURS },
      ],
      settings: { slotMinutes: 45, ringTimeoutSeconds: 20, tourRingBtn: true },
    }, { ...owner.headers, 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.settings).toEqual({ slotMinutes: 45, ringTimeoutSeconds: 20, tourRingBtn: true });
    expect(put.body.guides.map((g: { email: string; status: string }) => [g.email, g.status])).toEqual([
      [colleague.email, 'active'], ['newcomer@example.test', 'invited'], [outsider.email, 'invited'],
    ]);
    expect(put.body.inviteLinks.map((l: { email: string }) => l.email).sort()).toEqual(['newcomer@example.test', outsider.email]);
    const link = put.body.inviteLinks.find((l: { email: string }) => l.email === outsider.email).url as string;
    // Each invitation is mailed too, in the inviter's interface language (French here), with its link.
    const invitation = mail.sent.find((m) => m.to === outsider.email)!;
    expect(invitation.subject).toBe('Vous êtes invité à guider Harbour house');
    expect(invitation.text).toContain(link);
    expect(link).toMatch(/^https:\/\/tours\.example\.test\/guide-invite\?token=/);
    const token = new URL(link).searchParams.get('token')!;

    // Saving the same list again keeps the invitations (and their links) and makes no new ones.
    const again = await call('PUT', guidesUrl(), { guides: put.body.guides.map(({ email, languages, timeZone, workingHours }: Record<string, unknown>) => ({ email, languages, timeZone, workingHours })) });
    expect(again.body.inviteLinks).toEqual([]);

    expect((await call('POST', '/v2/guides/invites/accept', { token }, colleague.headers)).status).toBe(403);
    expect((await call('POST', '/v2/guides/invites/accept', { token: 'x'.repeat(43) }, outsider.headers)).status).toBe(404);
    const accepted = await call('POST', '/v2/guides/invites/accept', { token }, outsider.headers);
    expect(accepted).toEqual({ status: 200, body: { buildingId: tourId, tourName: 'Harbour house' } });
    expect((await call('POST', '/v2/guides/invites/accept', { token }, outsider.headers)).status).toBe(404);

    const repo = new GuidesRepository(db.handle.db);
    expect(await repo.isGuide(tourId, outsider.userId)).toBe(true);
    expect(await repo.isGuide(tourId, owner.userId)).toBe(false);
    expect((await repo.forLanguage(tourId, 'fr')).map((g) => g.userId)).toEqual([colleague.userId]);
    expect((await repo.forLanguage(tourId, 'ar')).map((g) => g.timeZone)).toEqual(['Asia/Dubai']);
    expect((await repo.list(tourId)).find((g) => g.userId === colleague.userId)?.workingHours).toEqual(HOURS);
    // The tour ring reads the same guides and the owner's ring time-out.
    const ring = ringDirectory(repo);
    expect(await ring.toursOf(outsider.userId)).toEqual([tourId]);
    expect(await ring.ringTimeoutMs(tourId)).toBe(20_000);
    expect((await ring.forLanguage(tourId, 'en')).map((g) => g.userId)).toEqual([colleague.userId]);
  });

  it('keeps a staying guide\'s id when the list changes, and removes the ones left out', async (ctx) => {
    if (!db) return ctx.skip();
    const repo = new GuidesRepository(db.handle.db);
    const before = (await repo.list(tourId)).find((g) => g.userId === colleague.userId)!;
    const res = await call('PUT', guidesUrl(), { guides: [{ email: colleague.email, languages: ['it'], timeZone: 'Europe/Rome', workingHours: [] }] });
    expect(res.status).toBe(200);
    const after = await repo.list(tourId);
    expect(after.map((g) => [g.id, g.languages])).toEqual([[before.id, ['it']]]);
    expect(res.body.guides).toHaveLength(1);
    await repo.remove(tourId, colleague.userId);
    expect(await repo.list(tourId)).toEqual([]);
  });
});
