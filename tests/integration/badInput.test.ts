import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { AuthService } from '../../src/server/modules/auth/auth.service.ts';
import { identityHeaders } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** The three upload routes: panoramas (many files), the tour's logo and floor plan (one), marker assets (one). */
const UPLOADS = [
  { method: 'POST', url: `/v2/studio/tours/${SEED.tour}/panoramas` },
  { method: 'PUT', url: `/v2/studio/tours/${SEED.tour}/logo` },
  { method: 'POST', url: `/v2/studio/tours/${SEED.tour}/assets?kind=photo` },
] as const;

const part = (boundary: string) =>
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nxxxx\r\n--${boundary}--\r\n`);

describe.each(DIALECTS)('bad input gets a 4xx with {code, message}, never a 5xx, on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let owner: Record<string, string> = {};
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    t = await createTestApp(db.handle, { withClient: true });
    const repos = createRepositories(db.handle.db);
    owner = identityHeaders(await new AuthService(repos).startSession((await repos.users.findById(SEED.user))!));
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });

  it('concurrent sign-ups with one email: one 200, the others 409 naming the email', async (ctx) => {
    if (!t) return ctx.skip();
    const body = { email: 'race@example.test', password: 'harbour42house', firstName: 'R', lastName: 'Ace', agreeTerms: true };
    const answers = await Promise.all(Array.from({ length: 6 }, () => t!.app.inject({ method: 'POST', url: '/v2/users/signup', payload: body })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toEqual({ code: 'CONFLICT', message: 'This email is already registered.', field: 'email' });
    }
  });

  for (const route of UPLOADS) {
    it(`${route.method} ${route.url.split('?')[0]}: multipart with no boundary, a wrong one or a cut stream is a 400`, async (ctx) => {
      if (!t) return ctx.skip();
      const cases = [
        { type: 'multipart/form-data', payload: part('abc') },
        { type: 'multipart/form-data; boundary=', payload: part('abc') },
        { type: 'multipart/form-data; boundary=zzz', payload: part('abc') },
        { type: 'multipart/form-data; boundary=abc', payload: part('abc').subarray(0, 70) },
        { type: 'multipart/form-data; boundary=abc', payload: Buffer.from('') },
      ];
      for (const c of cases) {
        const res = await t.app.inject({ method: route.method, url: route.url, headers: { ...owner, 'content-type': c.type }, payload: c.payload });
        expect(res.statusCode, `${c.type} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${c.type} ${res.body}`).toBeLessThan(500);
        expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
    });
  }

  it('maps database refusals: a NUL character or an over-long value is a 400, not a 500', async (ctx) => {
    if (!t) return ctx.skip();
    const nul = await t.app.inject({ method: 'GET', url: '/v2/users/%00/publicProfile' });
    expect(nul.statusCode).toBeLessThan(500);
    const tour = await t.app.inject({ method: 'GET', url: '/v2/buildings/openLink/a%00b' });
    expect(tour.statusCode).toBeLessThan(500);
    expect(tour.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('answers malformed percent-encoding, traversal and dot files with {code, message}', async (ctx) => {
    if (!t) return ctx.skip();
    for (const url of ['/v2/buildings/openLink/%E0%A4%A', '/v2/buildings/openLink/%', '/media/%2e%2e/%2e%2e/package.json', '/media/.partial-x/a.jpg', '/media/.hidden', '/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await t.app.inject({ method: 'GET', url: '/media/.hidden' })).json()).toEqual({ code: 'FORBIDDEN', message: 'You may not read this file.' });
    expect((await t.app.inject({ method: 'GET', url: '/%E0%A4%A' })).json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'url' });
  });
});

describe('errors Node answers before the app sees the request', () => {
  let db: TestDatabase;
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    t = await createTestApp(db.handle, { withClient: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.cleanup();
    await db.drop();
  });

  const raw = (headers: Record<string, string>, path = '/healthz') =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => { body += c.toString(); });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      });
      req.on('error', reject);
    });

  it('a header section over the limit is 431 with {code, message}', async () => {
    const res = await raw({ 'x-big': 'a'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toMatchObject({ code: 'HEADERS_TOO_LARGE', message: expect.stringMatching(/header/i) });
  });

  it('bytes that are not HTTP are a 400 with {code, message}', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /bad path HTTP/1.1\r\nHost: x\r\n\r\n'));
      let text = '';
      socket.on('data', (c: Buffer) => { text += c.toString(); });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});
