import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { NO_PRICE_MESSAGE, ORDERING_SESSION_COOKIE, ORDERING_SESSION_HEADER, orderingPaths, type AddToOrderAnswer, type OrderingSessionAnswer, type OrderingState } from '../../src/protocol/ordering.ts';
import type { OrderingConfig } from '../../src/server/config.ts';
import { DIALECTS, createTestDatabase, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { ORDERING_WORLD as W, seedOrderingWorld } from './support/orderingWorld.ts';
import { FAKE_ACCOUNT, FAKE_RETAILER, startOrderingPlatform, type FakePlatform } from '../fakes/orderingPlatform/index.ts';

const SITE = 'http://tours.example';
const PAGE = `${SITE}/${W.tour}?service=production&account=${FAKE_ACCOUNT}&retailer=${FAKE_RETAILER}`;
const TTL_S = 60;

let fake: FakePlatform;
let clock = Date.parse('2026-11-26T09:00:00.000Z');
const now = () => clock;


function orderingConfig(): OrderingConfig {
  const env = fake.atriumEnv();
  return {
    clientId: env.ORDERING_CLIENT_ID!, clientSecret: undefined, redirectUrl: `${SITE}/`,
    services: {
      production: { apiUrl: env.ORDERING_PRODUCTION_API_URL!, tokenUrl: env.ORDERING_TOKEN_URL! },
      staging: { apiUrl: env.ORDERING_STAGING_API_URL!, tokenUrl: env.ORDERING_STAGING_TOKEN_URL! },
    },
  };
}

/** The platform's sign-in step: the frame comes back to the page with session_state and code added. */
function arrive(page = PAGE, host = fake.production): { page: string; code: string } {
  const { code, sessionState } = host.env.issueCode(page);
  return { page: `${page}&session_state=${sessionState}&code=${code}`, code };
}

describe.each(DIALECTS)('wholesale ordering against the fake platform (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  let t: TestApp;
  let app: FastifyInstance;
  let skip = false;

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) {
      skip = true;
      return;
    }
    // A fresh platform per dialect: each suite finds the seeded orders as they were.
    fake = await startOrderingPlatform({ now, tokenTtlSeconds: TTL_S });
    database = await createTestDatabase(dialect);
    await seedOrderingWorld(database.handle.db);
    t = await createTestApp(database.handle, { clock: now, ordering: { config: orderingConfig(), timeoutMs: 500 } });
    app = t.app;
  });
  afterAll(async () => {
    await t?.cleanup();
    await database?.drop();
    await fake?.close();
  });
  beforeEach((ctx) => {
    if (skip) ctx.skip();
    fake.production.env.calls.length = 0;
  });
  afterEach(() => {
    fake.production.server.stallMs = 0;
  });

  const start = async (service: 'production' | 'staging' = 'production'): Promise<OrderingSessionAnswer & { res: LightMyRequestResponse }> => {
    const host = service === 'staging' ? fake.staging : fake.production;
    const page = PAGE.replace('service=production', `service=${service}`);
    const { page: landed, code } = arrive(page, host);
    const res = await app.inject({ method: 'POST', url: orderingPaths.sessions, payload: { service, accountId: FAKE_ACCOUNT, retailerId: FAKE_RETAILER, code, redirectUri: landed } });
    expect(res.statusCode, res.body).toBe(200);
    return { ...(res.json() as OrderingSessionAnswer), res };
  };
  const add = (sessionId: string, markerId: string) =>
    app.inject({ method: 'POST', url: orderingPaths.add, headers: { [ORDERING_SESSION_HEADER]: sessionId }, payload: { markerId } });
  const setPriceType = (sessionId: string, priceTypeId: string) =>
    app.inject({ method: 'PUT', url: orderingPaths.priceType, headers: { [ORDERING_SESSION_HEADER]: sessionId }, payload: { priceTypeId } });
  const ordersAtFake = (host = fake.production) => host.env.data.orders.filter((o) => o.retailer === FAKE_RETAILER && o.status === 'IN_PROGRESS');

  it('runs the init sequence: token, collections, price types, in-progress orders', async () => {
    const { sessionId, state, res } = await start();
    expect(fake.production.env.calls).toEqual(['token', 'GET /collections', 'GET /price_types', 'GET /v4/orders']);
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(state).toMatchObject({
      service: 'production', accountId: FAKE_ACCOUNT, retailerId: FAKE_RETAILER, currentPriceTypeId: 'PT-USD',
      priceTypes: [{ id: 'PT-USD', name: 'Wholesale USD', currency: 'USD' }, { id: 'PT-EUR', name: 'Wholesale EUR', currency: 'EUR' }],
    });
    expect(state.collections.map((c) => c.id)).toEqual(['COL-SS27', 'COL-AW27', 'COL-RESORT']);
    // Only this retailer's orders, only in progress.
    expect(state.orders.map((o) => o.id)).toEqual(['ORD-5001']);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${ORDERING_SESSION_COOKIE}=${sessionId}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=None/i);
    expect(cookie).toMatch(/Partitioned/i);
    // The platform's tokens never reach the browser.
    expect(res.body).not.toMatch(/access-|refresh-|access_token|refresh_token/);
  });

  it('refuses a used code, a code for another page and a page of another site', async () => {
    const { page, code } = arrive();
    const body = { accountId: FAKE_ACCOUNT, retailerId: FAKE_RETAILER, code, redirectUri: page };
    expect((await app.inject({ method: 'POST', url: orderingPaths.sessions, payload: body })).statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: orderingPaths.sessions, payload: body });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'ORDERING_CODE_REJECTED' });

    const other = arrive();
    const elsewhere = await app.inject({ method: 'POST', url: orderingPaths.sessions, payload: { ...body, code: other.code, redirectUri: `${SITE}/${W.tour}?account=${FAKE_ACCOUNT}&retailer=${FAKE_RETAILER}&code=${other.code}` } });
    expect(elsewhere.json()).toMatchObject({ code: 'ORDERING_CODE_REJECTED' });

    const foreign = await app.inject({ method: 'POST', url: orderingPaths.sessions, payload: { ...body, code: other.code, redirectUri: `https://evil.example/${W.tour}?code=x` } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.redirectUri' });
  });

  it('creates an order for the price type and collection, and adds to the same order on the second press', async () => {
    const before = ordersAtFake().length;
    const { sessionId } = await start();
    const first = await add(sessionId, W.sofa);
    expect(first.statusCode, first.body).toBe(200);
    const a = first.json() as AddToOrderAnswer;
    expect(a.created).toBe(true);
    // The sofa's first sku has no USD price: the second one is ordered.
    expect(a.line).toEqual({ skuId: 'SKU-100-M', wholesalePrice: 1290.5, quantity: 1 });
    expect(a).toMatchObject({ productName: 'Linen Sofa', currency: 'USD', order: { priceTypeId: 'PT-USD', collectionId: 'COL-SS27', addedLines: 1, addedTotal: 1290.5 } });
    const created = ordersAtFake().find((o) => o.id === a.order.id);
    expect(created).toMatchObject({ status: 'IN_PROGRESS', price_type: { id: 'PT-USD' }, collection: { id: 'COL-SS27' } });
    expect(ordersAtFake()).toHaveLength(before + 1);

    const second = (await add(sessionId, W.sofa)).json() as AddToOrderAnswer;
    expect(second.created).toBe(false);
    expect(second.order).toMatchObject({ id: a.order.id, addedLines: 2, addedTotal: 2581 });
    expect(ordersAtFake()).toHaveLength(before + 1);
    const lines = fake.production.env.lineItems.filter((l) => l.order_id === a.order.id);
    expect(lines.map((l) => [l.sku_id, l.wholesale_price, l.quantity])).toEqual([['SKU-100-M', 1290.5, 1], ['SKU-100-M', 1290.5, 1]]);
    expect(second.state.orders.some((o) => o.id === a.order.id)).toBe(true);
  });

  it('adds to the in-progress order that already exists for the price type and collection', async () => {
    const { sessionId } = await start();
    const answer = (await add(sessionId, W.chair)).json() as AddToOrderAnswer;
    expect(answer).toMatchObject({ created: false, order: { id: 'ORD-5001' }, line: { skuId: 'SKU-200-A', wholesalePrice: 240 } });
  });

  it('switches the price type; a style without a price in it changes nothing', async () => {
    const { sessionId } = await start();
    const switched = await setPriceType(sessionId, 'PT-EUR');
    expect(switched.statusCode).toBe(200);
    expect((switched.json() as OrderingState).currentPriceTypeId).toBe('PT-EUR');
    expect(((await app.inject({ method: 'GET', url: orderingPaths.state, headers: { [ORDERING_SESSION_HEADER]: sessionId } })).json() as OrderingState).currentPriceTypeId).toBe('PT-EUR');

    const orders = ordersAtFake().length;
    const lines = fake.production.env.lineItems.length;
    const lamp = await add(sessionId, W.lamp);
    expect(lamp.statusCode).toBe(422);
    expect(lamp.json()).toMatchObject({ code: 'ORDERING_NO_PRICE', message: NO_PRICE_MESSAGE });
    expect(ordersAtFake()).toHaveLength(orders);
    expect(fake.production.env.lineItems).toHaveLength(lines);

    // In EUR the sofa's first sku has a price.
    const sofa = (await add(sessionId, W.sofa)).json() as AddToOrderAnswer;
    expect(sofa).toMatchObject({ currency: 'EUR', line: { skuId: 'SKU-100-S', wholesalePrice: 1150 }, order: { priceTypeId: 'PT-EUR' } });

    const unknown = await setPriceType(sessionId, 'PT-GBP');
    expect(unknown.statusCode).toBe(400);
  });

  it('shows the messages of an errors array, joined with spaces, when the order cannot be created', async () => {
    const { sessionId } = await start();
    const orders = fake.production.env.data.orders.length;
    const res = await add(sessionId, W.throw);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'ORDERING_FAILED', message: 'The collection Resort 2027 is closed for ordering. Please contact the brand.' });
    expect(fake.production.env.data.orders).toHaveLength(orders);
  });

  it('renews an expired token with the refresh token before the call (expiry = now + (expires_in - 1) s)', async () => {
    const { sessionId } = await start();
    const state = () => app.inject({ method: 'GET', url: orderingPaths.state, headers: { [ORDERING_SESSION_HEADER]: sessionId } });
    fake.production.env.calls.length = 0;
    clock += (TTL_S - 2) * 1000;
    expect((await state()).statusCode).toBe(200);
    expect(fake.production.env.calls).not.toContain('token');

    // One second before the platform's own expiry the token counts as expired and is renewed first.
    clock += 1000;
    fake.production.env.calls.length = 0;
    expect((await state()).statusCode).toBe(200);
    expect(fake.production.env.calls[0]).toBe('token');
    expect(fake.production.env.calls.filter((c) => c === 'token')).toHaveLength(1);

    // Far past expiry: the add's parallel calls share one renewal.
    clock += 10 * TTL_S * 1000;
    fake.production.env.calls.length = 0;
    expect((await add(sessionId, W.chair)).statusCode).toBe(200);
    expect(fake.production.env.calls.filter((c) => c === 'token')).toHaveLength(1);
  });

  it('renews once when the platform refuses a token early, and ends the session when renewal is refused', async () => {
    const { sessionId } = await start();
    fake.production.env.expireAccessTokens();
    const ok = await app.inject({ method: 'GET', url: orderingPaths.state, headers: { [ORDERING_SESSION_HEADER]: sessionId } });
    expect(ok.statusCode).toBe(200);

    fake.production.env.expireAccessTokens();
    fake.production.env.revokeRefreshTokens();
    const ended = await add(sessionId, W.sofa);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'ORDERING_SESSION_EXPIRED' });
    const after = await app.inject({ method: 'GET', url: orderingPaths.state, headers: { [ORDERING_SESSION_HEADER]: sessionId } });
    expect(after.json()).toMatchObject({ code: 'ORDERING_SESSION_EXPIRED' });
  });

  it('gives a clear message and changes nothing when the platform does not answer in time', async () => {
    const { sessionId } = await start();
    const orders = fake.production.env.data.orders.length;
    fake.production.server.stallMs = 2000;
    const res = await add(sessionId, W.sofa);
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ code: 'ORDERING_UNREACHABLE' });
    expect(fake.production.env.data.orders).toHaveLength(orders);
  });

  it('finds the session by its cookie after a reload, and by nothing else', async () => {
    const { sessionId } = await start();
    const byCookie = await app.inject({ method: 'GET', url: orderingPaths.state, cookies: { [ORDERING_SESSION_COOKIE]: sessionId } });
    expect(byCookie.statusCode).toBe(200);
    const none = await app.inject({ method: 'GET', url: orderingPaths.state });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'ORDERING_SESSION_EXPIRED' });
    const forged = await app.inject({ method: 'GET', url: orderingPaths.state, headers: { [ORDERING_SESSION_HEADER]: 'x'.repeat(43) } });
    expect(forged.statusCode).toBe(401);

    const out = await app.inject({ method: 'DELETE', url: orderingPaths.session, headers: { [ORDERING_SESSION_HEADER]: sessionId } });
    expect(out.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: orderingPaths.state, headers: { [ORDERING_SESSION_HEADER]: sessionId } })).statusCode).toBe(401);
  });

  it('refuses markers that are not orderable', async () => {
    const { sessionId } = await start();
    for (const marker of [W.plainTag, W.memo, W.goneTag, 'noSuchMarker']) {
      const res = await add(sessionId, marker);
      expect(res.statusCode, marker).toBe(422);
      expect(res.json()).toMatchObject({ code: 'ORDERING_MARKER_NOT_ORDERABLE' });
    }
    // A style the platform does not know has no priced sku either.
    expect((await add(sessionId, W.unknownStyle)).json()).toMatchObject({ code: 'ORDERING_NO_PRICE' });
  });

  it('talks to the staging host when the frame says staging', async () => {
    const stagingOrders = ordersAtFake(fake.staging).length;
    const productionOrders = ordersAtFake().length;
    const { sessionId, state } = await start('staging');
    expect(state.service).toBe('staging');
    const answer = (await add(sessionId, W.sofa)).json() as AddToOrderAnswer;
    expect(ordersAtFake(fake.staging).map((o) => o.id)).toContain(answer.order.id);
    expect(ordersAtFake(fake.staging)).toHaveLength(stagingOrders + 1);
    expect(ordersAtFake()).toHaveLength(productionOrders);
  });
});

describe('wholesale ordering switched off', () => {
  it('answers ORDERING_OFF (503) on every ordering route', async () => {
    const database = await createTestDatabase('sqlite');
    const t = await createTestApp(database.handle);
    try {
      const res = await t.app.inject({ method: 'GET', url: orderingPaths.state });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'ORDERING_OFF' });
      const add = await t.app.inject({ method: 'POST', url: orderingPaths.add, payload: { markerId: 'm1' } });
      expect(add.json()).toMatchObject({ code: 'ORDERING_OFF' });
    } finally {
      await t.cleanup();
      await database.drop();
    }
  });
});
