import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioPanorama } from '../../src/protocol/studio.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { LocalMediaStorage } from '../../src/server/media/localMediaStorage.ts';
import { panoramasInTiling } from '../../src/server/modules/studio/sharedTilingJobs.ts';
import { openStudioTiling, type StudioTiling } from '../../src/server/modules/studio/studioTiling.ts';
import { DEFAULT_TILE_QUEUE, redisKeys } from '../../src/server/redisKeys.ts';
import { AuthService } from '../../src/server/modules/auth/auth.service.ts';
import { SIGN_IN_RULES } from '../../src/server/modules/auth/throttle/backoff.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { askLounge, connectLounge, ok, type TestLoungeSocket } from './support/loungeClient.ts';
import { redisAvailable, TEST_REDIS_URL } from './support/redis.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { ask, connectSocial, dataOf, next, randomKey, type TestSocialSocket } from './support/socialClient.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SPRAYER = '203.0.113.77';
const SIGNUP_FLOOD = '198.51.100.23';
const SIGNUP_LIMIT = 3;

/**
 * Two installations on one Redis (REDIS_PREFIX): each keeps its own sign-in back-off, attempt limits, realtime rooms
 * and lounge presence, while two processes of one installation (the same prefix, the same database) still share them.
 * Installation one runs as two apps (one1, one2) over one database; installation two (two) has a database of its own
 * holding the same tour, people and lounge ids, so only the prefix keeps it apart.
 */
describe('installations sharing one Redis under different REDIS_PREFIXes', () => {
  const run = randomBytes(5).toString('hex');
  const prefixes = { one: `atrium-test-${run}-one`, two: `atrium-test-${run}-two` };
  const tourId = `ns-${run}`;
  const panoramaId = `${tourId}-p`;
  const dbs: TestDatabase[] = [];
  let one1: TestApp | undefined;
  let one2: TestApp;
  let two: TestApp;
  const urls: Record<'one1' | 'one2' | 'two', string> = { one1: '', one2: '', two: '' };
  const sockets: Array<TestSocialSocket | TestLoungeSocket> = [];
  // Frozen: a back-off of 1 s must not run out while a slow machine goes from one app to the next.
  const now = Date.now();
  /** Lounge sessions per database: the same user ids in both. */
  const loungeTokens: Array<Record<'ada' | 'bob', string>> = [];

  /** One installation's database: the seeded world, the lounge's tour and two lounge members with sessions. */
  async function installationDatabase(): Promise<TestDatabase> {
    const db = await createTestDatabase('sqlite');
    await seedTour(db.handle.db);
    const repos = createRepositories(db.handle.db);
    await repos.buildings.insert({ id: tourId, headquarterId: SEED.hq, ownerId: SEED.user, name: 'Shared name' });
    await repos.panoramas.insert({ id: panoramaId, buildingId: tourId, index: 0, name: 'Hall', category: 'others', rawUrl: '/media/x.jpg', cubemapReady: 1, mediaVersion: 'v1' });
    const auth = new AuthService(repos);
    const tokens = {} as Record<'ada' | 'bob', string>;
    for (const name of ['ada', 'bob'] as const) {
      const id = `${name}-${tourId}`;
      await repos.users.insert({ id, username: id, name: name.toUpperCase(), userType: 'member' });
      tokens[name] = (await auth.startSession((await repos.users.findById(id))!)).sessionToken;
    }
    loungeTokens.push(tokens);
    return db;
  }

  beforeAll(async () => {
    if (!(await redisAvailable())) return;
    dbs.push(await installationDatabase(), await installationDatabase());
    const app = (db: TestDatabase, redisPrefix: string) =>
      createTestApp(db.handle, { clock: () => now, config: { redisUrl: TEST_REDIS_URL, redisPrefix, signupLimit: SIGNUP_LIMIT } });
    [one1, one2, two] = await Promise.all([app(dbs[0]!, prefixes.one), app(dbs[0]!, prefixes.one), app(dbs[1]!, prefixes.two)]);
    for (const [name, t] of [['one1', one1], ['one2', one2], ['two', two]] as const) urls[name] = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all([one1, one2, two].map((t) => t?.cleanup()));
    for (const db of dbs) await db.drop();
    if (!one1) return;
    // The keys this run left (counters expire on their own, but a test leaves nothing behind).
    const redis = new Redis(TEST_REDIS_URL);
    for (const prefix of Object.values(prefixes)) {
      let cursor = '0';
      do {
        const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        cursor = nextCursor;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    }
    await redis.quit();
  });

  const login = (t: TestApp, username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/v1/users/login', remoteAddress: SPRAYER, payload: { username, password, allowVisitor: true } });

  it('an address slowed for password spraying on one installation still signs in on the other, not on a second process of the first', async (ctx) => {
    if (!one1) return ctx.skip();
    const [owner1, owner2]: SignedUpUser[] = [await signUpUser(one1.app), await signUpUser(two.app)];
    const sprays = [];
    for (let i = 0; i < SIGN_IN_RULES.perAddress.freeFailures; i++) sprays.push((await login(one1, `ghost${i}@example.test`, 'Summer2026!')).statusCode);
    expect(sprays.every((s) => s === 401)).toBe(true);
    expect((await login(one1, 'ghost-next@example.test', 'Summer2026!')).statusCode).toBe(429);
    // The same installation's other process counts the same failures: even the right password waits.
    const held = await login(one2, owner1!.email, owner1!.password);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // The other installation never heard of them.
    expect((await login(two, owner2!.email, owner2!.password)).statusCode).toBe(200);
  });

  it('a sign-up limit used up on one installation answers 429 on its second process and leaves the other installation open', async (ctx) => {
    if (!one1) return ctx.skip();
    const signup = (t: TestApp) => t.app.inject({
      method: 'POST', url: '/v2/users/signup', remoteAddress: SIGNUP_FLOOD,
      payload: { firstName: 'Ada', lastName: 'Lovelace', agreeTerms: true, email: `flood-${randomKey()}@example.test`, password: 'harbour42house' },
    });
    const codes = [];
    for (let i = 0; i <= SIGNUP_LIMIT; i++) codes.push((await signup(one1)).statusCode);
    expect(codes).toEqual([...Array<number>(SIGNUP_LIMIT).fill(200), 429]);
    expect((await signup(one2)).statusCode).toBe(429);
    expect((await signup(two)).statusCode).toBe(200);
  });

  it('a comment reaches the tour room on a second process of its installation, never the same room of the other', async (ctx) => {
    if (!one1) return ctx.skip();
    const [writer, sameInstallation, otherInstallation] = await Promise.all([connectSocial(urls.one1), connectSocial(urls.one2), connectSocial(urls.two)]);
    sockets.push(writer, sameInstallation, otherInstallation);
    for (const s of [writer, sameInstallation, otherInstallation]) dataOf(await ask(s, 'tour:join', { tourId, visitId: randomKey() }));
    const heardByOther: unknown[] = [];
    otherInstallation.on('comment:created', (payload) => heardByOther.push(payload));
    const arrived = next(sameInstallation, 'comment:created');
    const posted = dataOf(await ask(writer, 'comment:create', { tourId, parentId: null, message: 'Only for installation one' }));
    expect((await arrived).comment).toEqual(posted.comment);
    // It reached the other process of its own installation: had it been published where installation two listens,
    // it would have arrived there by now too.
    await sleep(500);
    expect(heardByOther).toEqual([]);
  });

  it('the tile queue of the same name (TILE_QUEUE) is a queue of its own in each installation: jobs, pending list, progress', async (ctx) => {
    if (!one1) return ctx.skip();
    const queue = { name: DEFAULT_TILE_QUEUE, lockMs: 5000, stalledMs: 2000 };
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-ns-'));
    // Web-only: nothing takes the job, so it stays queued where the test can look for it.
    const open = (db: TestDatabase, redisPrefix: string) => openStudioTiling({
      db: db.handle.db, repos: createRepositories(db.handle.db), storage: new LocalMediaStorage(mediaDir),
      tile: () => Promise.reject(new Error('web-only')), quotaLimits: { tours: null, panoramas: null, storageBytes: null },
      config: { redisUrl: TEST_REDIS_URL, redisPrefix, role: 'web', concurrency: 1, queue },
    });
    const tilings: StudioTiling[] = [await open(dbs[0]!, prefixes.one), await open(dbs[0]!, prefixes.one), await open(dbs[1]!, prefixes.two)];
    try {
      const [oneA, oneB, twoA] = tilings as [StudioTiling, StudioTiling, StudioTiling];
      const heard = { oneB: [] as StudioPanorama[], two: [] as StudioPanorama[] };
      oneB.bus.subscribe(tourId, (p) => heard.oneB.push(p));
      twoA.bus.subscribe(tourId, (p) => heard.two.push(p));
      const pending: StudioPanorama = {
        objectId: `upload-${run}`, index: 10, name: 'upload', category: 'others', customCategory: null, status: 'tiling', progress: 0, error: null,
        fileName: 'upload.jpg', thumbnail: null, previewUrl: null, desktopUrl: null, position: null, initialView: null,
      };
      await oneA.bus.publish(tourId, pending);
      await oneA.jobs.enqueue({ buildingId: tourId, headquarterId: SEED.hq, pending, sourceRel: `panoramas/${pending.objectId}/raw-v1.jpg`, version: 'v1' });
      const deadline = Date.now() + 5000;
      while (heard.oneB.length === 0 && Date.now() < deadline) await sleep(20);
      expect(heard.oneB.map((p) => p.objectId)).toEqual([pending.objectId]);
      expect((await oneB.bus.pendingOf(tourId)).map((p) => p.objectId)).toEqual([pending.objectId]);
      const inTiling = (prefix: string) => panoramasInTiling(TEST_REDIS_URL, queue.name, redisKeys(prefix, queue.name));
      expect([...(await inTiling(prefixes.one))]).toEqual([pending.objectId]);
      await sleep(200);
      expect(heard.two).toEqual([]);
      expect(await twoA.bus.pendingOf(tourId)).toEqual([]);
      expect([...(await inTiling(prefixes.two))]).toEqual([]);
    } finally {
      for (const t of tilings) await t.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    }
  });

  it('the lounge shows who is in it to the same installation only', async (ctx) => {
    if (!one1) return ctx.skip();
    const join = { tourId, groupId: null, panoramaId };
    const ada = await connectLounge(urls.one1, loungeTokens[0]!.ada);
    sockets.push(ada);
    ok(await askLounge(ada, 'lounge:join', join));
    // Bob of installation two, in a tour of the same id, with Ada's user id known to his database too: alone.
    const bobTwo = await connectLounge(urls.two, loungeTokens[1]!.bob);
    sockets.push(bobTwo);
    expect(ok(await askLounge(bobTwo, 'lounge:join', join)).online.map((p) => p.userId)).toEqual([]);
    // Bob of installation one, on its other process: sees Ada.
    const bobOne = await connectLounge(urls.one2, loungeTokens[0]!.bob);
    sockets.push(bobOne);
    expect(ok(await askLounge(bobOne, 'lounge:join', join)).online.map((p) => p.userId)).toEqual([`ada-${tourId}`]);
  });
});
