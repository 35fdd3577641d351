import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TrustProxySetting } from '../../src/server/http/trustProxy.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { ask, connectSocial, randomKey, type TestSocialSocket } from './support/socialClient.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** GET /v2/users/exist allows 60 look-ups a minute per address: the 61st from one address is refused. */
const EXIST_LIMIT = 60;
const exist = (t: TestApp, forwardedFor: string) =>
  t.app.inject({ method: 'GET', url: '/v2/users/exist?email=someone@example.test', headers: { 'x-forwarded-for': forwardedFor } });
const forged = (i: number) => `203.0.113.${i % 250}, 198.51.100.${i % 250}`;

describe('X-Forwarded-For and the per-address limits of HTTP routes', () => {
  let db: TestDatabase;
  const apps: TestApp[] = [];
  const appWith = async (trustProxy: TrustProxySetting) => {
    const t = await createTestApp(db.handle, { config: { trustProxy } });
    apps.push(t);
    return t;
  };
  beforeAll(async () => { db = await createTestDatabase('sqlite'); });
  afterAll(async () => {
    for (const t of apps) await t.cleanup();
    await db.drop();
  });

  it('ignores a forged X-Forwarded-For by default: changing it does not escape the limit', async () => {
    const t = await appWith(false);
    const statuses: number[] = [];
    for (let i = 0; i <= EXIST_LIMIT; i++) statuses.push((await exist(t, forged(i))).statusCode);
    expect(statuses.slice(0, EXIST_LIMIT).every((s) => s === 200)).toBe(true);
    const refused = await exist(t, forged(999));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('honours X-Forwarded-For from one trusted hop (TRUST_PROXY=1): each client address has its own limit', async () => {
    const t = await appWith(1);
    for (let i = 0; i <= EXIST_LIMIT + 5; i++) expect((await exist(t, `203.0.113.${i}`)).statusCode).toBe(200);
    // ...and the limit still holds for one client behind the proxy.
    const statuses: number[] = [];
    for (let i = 0; i <= EXIST_LIMIT; i++) statuses.push((await exist(t, '198.51.100.7')).statusCode);
    expect(statuses.at(-1)).toBe(429);
    // With one trusted hop only the last entry counts: a client cannot prepend its own choice.
    const prepended: number[] = [];
    for (let i = 0; i < 3; i++) prepended.push((await exist(t, `10.9.9.${i}, 198.51.100.7`)).statusCode);
    expect(prepended).toEqual([429, 429, 429]);
  });

  it('honours it only from a listed proxy address (TRUST_PROXY=127.0.0.1) and not from others (10.0.0.0/8)', async () => {
    const listed = await appWith(['127.0.0.1']);
    for (let i = 0; i <= EXIST_LIMIT + 5; i++) expect((await exist(listed, `203.0.113.${i}`)).statusCode).toBe(200);
    const other = await appWith(['10.0.0.0/8']);
    const statuses: number[] = [];
    for (let i = 0; i <= EXIST_LIMIT; i++) statuses.push((await exist(other, forged(i))).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});

/** The per-address comment limit of the realtime service (60 a minute; 5 per visitor). */
const PER_ADDRESS = 60;
const PER_VISITOR = 5;

describe.each(DIALECTS)('X-Forwarded-For and the per-address comment limit of Socket.IO on %s', (dialect) => {
  let db: TestDatabase | undefined;
  const apps: TestApp[] = [];
  const sockets: TestSocialSocket[] = [];
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
  });
  afterEach(() => { for (const s of sockets.splice(0)) s.disconnect(); });
  afterAll(async () => {
    for (const t of apps) await t.cleanup();
    await db?.drop();
  });

  /** Comments from many visitors, each socket claiming its own address; answers the codes of every attempt. */
  async function commentFromManyVisitors(trustProxy: TrustProxySetting, visitors: number): Promise<string[]> {
    const t = await createTestApp(db!.handle, { config: { trustProxy } });
    apps.push(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const outcomes: string[] = [];
    for (let v = 0; v < visitors; v++) {
      const socket = await connectSocial(baseUrl, { deviceId: randomKey(), headers: { 'x-forwarded-for': `203.0.113.${v + 1}` } });
      sockets.push(socket);
      await ask(socket, 'tour:join', { tourId: SEED.tour, visitId: randomKey() });
      for (let c = 0; c < PER_VISITOR; c++) {
        const answer = await ask(socket, 'comment:create', { tourId: SEED.tour, parentId: null, message: `visitor ${v} comment ${c}` });
        outcomes.push(answer.ok ? 'ok' : answer.error.code);
      }
    }
    return outcomes;
  }

  it('by default counts every socket at its real address, whatever X-Forwarded-For it sends', async (ctx) => {
    if (!db) return ctx.skip();
    const outcomes = await commentFromManyVisitors(false, PER_ADDRESS / PER_VISITOR + 1);
    expect(outcomes.slice(0, PER_ADDRESS).every((o) => o === 'ok')).toBe(true);
    expect(outcomes.slice(PER_ADDRESS)).toEqual(Array(PER_VISITOR).fill('RATE_LIMITED'));
  });

  it('with TRUST_PROXY=1 counts each socket at its forwarded address, like HTTP requests', async (ctx) => {
    if (!db) return ctx.skip();
    const outcomes = await commentFromManyVisitors(1, PER_ADDRESS / PER_VISITOR + 1);
    expect(outcomes.every((o) => o === 'ok')).toBe(true);
  });
});
