import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { startServerProcess, type ServerProcess } from './support/serverProcess.ts';
import { redisAvailable, TEST_REDIS_URL } from './support/redis.ts';
import { ask, connectSocial, dataOf, next, randomKey, type TestSocialSocket } from './support/socialClient.ts';

const REDIS_URL = TEST_REDIS_URL;

/**
 * The scale path of ARCHITECTURE.md: two server processes share one database and one Redis; a visitor on one and
 * a visitor on the other are in the same tour room.
 */
describe('realtime rooms across two server processes through Redis', () => {
  let root = '';
  let servers: ServerProcess[] = [];
  const sockets: TestSocialSocket[] = [];
  // A tour id of its own: other runs on the same Redis must not hear this test's room.
  const tourId = `redis-${randomKey()}`;

  beforeAll(async () => {
    if (!(await redisAvailable())) return;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-redis-'));
    const dataDir = path.join(root, 'data');
    const clientDir = path.join(root, 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    const database = openDatabase({ sqliteFile: path.join(dataDir, 'atrium.sqlite') });
    await migrateToLatest(database.db);
    await seedTour(database.db);
    await createRepositories(database.db).buildings.insert({ id: tourId, headquarterId: SEED.hq, ownerId: SEED.user, name: 'Shared tour' });
    await database.close();
    servers = await Promise.all([0, 1].map(() => startServerProcess({ dataDir, clientDir, env: { REDIS_URL } })));
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const s of servers) s.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('a comment posted through one process reaches a viewer connected to the other; so does a like', async (ctx) => {
    if (servers.length === 0) return ctx.skip();
    const [a, b] = servers as [ServerProcess, ServerProcess];
    expect(a.baseUrl).not.toBe(b.baseUrl);
    const writer = await connectSocial(a.baseUrl);
    const reader = await connectSocial(b.baseUrl);
    sockets.push(writer, reader);
    dataOf(await ask(writer, 'tour:join', { tourId, visitId: randomKey() }));
    dataOf(await ask(reader, 'tour:join', { tourId, visitId: randomKey() }));

    const arrived = next(reader, 'comment:created');
    const posted = dataOf(await ask(writer, 'comment:create', { tourId, parentId: null, message: 'Hello from process A' }));
    expect((await arrived).comment).toEqual(posted.comment);

    const liked = next(writer, 'stats:changed');
    dataOf(await ask(reader, 'like:set', { tourId, liked: true }));
    expect((await liked).stats.likeCount).toBe(1);
  });

  it('stops cleanly on SIGTERM, closing its Redis connections', async (ctx) => {
    if (servers.length === 0) return ctx.skip();
    for (const s of sockets.splice(0)) s.disconnect();
    // main.ts forces exit code 1 when closing hangs (a Redis client left open would do that).
    expect(await servers[0]!.stop()).toBe(0);
  });

  it('closes its Redis connections when the app closes', async (ctx) => {
    if (servers.length === 0) return ctx.skip();
    const admin = new Redis(REDIS_URL);
    const ours = async (name: string) => ((await admin.call('CLIENT', 'LIST')) as string).split('\n').filter((line) => line.includes(`name=${name}-${process.pid} `)).length;
    const database = openDatabase({ sqliteFile: ':memory:' });
    try {
      await migrateToLatest(database.db);
      const app = await buildApp({ config: { mediaDir: path.join(root, 'media'), clientDir: path.join(root, 'client'), logLevel: 'silent', redisUrl: REDIS_URL }, database, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      await app.ready();
      // Publisher and subscriber, once they have connected; and the sign-in counters' connection the app opened.
      while ((await ours('atrium-realtime')) < 2 || (await ours('atrium-attempts')) < 1) await new Promise((r) => setTimeout(r, 50));
      await app.close();
      while ((await ours('atrium-realtime')) + (await ours('atrium-attempts')) > 0) await new Promise((r) => setTimeout(r, 50));
      expect(await ours('atrium-realtime')).toBe(0);
    } finally {
      admin.disconnect();
      await database.close();
    }
  });
});
