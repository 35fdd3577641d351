import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_GRACE_MS } from '../../src/protocol/lounge.ts';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { AuthService } from '../../src/server/modules/auth/auth.service.ts';
import { askLounge, connectLounge, nextEvent, ok, record, type TestLoungeSocket } from './support/loungeClient.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { startServerProcess, type ServerProcess } from './support/serverProcess.ts';
import { randomKey } from './support/socialClient.ts';
import { redisAvailable, TEST_REDIS_URL as REDIS_URL } from './support/redis.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The lounge across two server processes sharing one database and one Redis: presence, poses, invitations and blocks
 * reach a visitor whatever process they are connected to, and the people of a process that dies are announced gone.
 */
describe('the lounge across two server processes through Redis', () => {
  let root = '';
  let servers: ServerProcess[] = [];
  const sockets: TestLoungeSocket[] = [];
  // Ids of its own: other runs on the same Redis must not hear this test's rooms.
  const tourId = `lounge-${randomKey().replace(/[^A-Za-z0-9]/g, '')}`;
  const panoramaId = `${tourId}-p`;
  const tokens: Record<'ada' | 'bob' | 'cyd', { id: string; token: string }> = {} as never;
  const join = () => ({ tourId, groupId: null, panoramaId });

  beforeAll(async () => {
    if (!(await redisAvailable())) return;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-lounge-redis-'));
    const dataDir = path.join(root, 'data');
    const clientDir = path.join(root, 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    const database = openDatabase({ sqliteFile: path.join(dataDir, 'atrium.sqlite') });
    await migrateToLatest(database.db);
    await seedTour(database.db);
    const repos = createRepositories(database.db);
    await repos.buildings.insert({ id: tourId, headquarterId: SEED.hq, ownerId: SEED.user, name: 'Shared fair' });
    await repos.panoramas.insert({ id: panoramaId, buildingId: tourId, index: 0, name: 'Hall', category: 'others', rawUrl: '/media/x.jpg', cubemapReady: 1, mediaVersion: 'v1' });
    const auth = new AuthService(repos);
    for (const name of ['ada', 'bob', 'cyd'] as const) {
      const id = `${name}-${tourId}`;
      await repos.users.insert({ id, username: id, name: name.toUpperCase(), userType: 'member' });
      tokens[name] = { id, token: (await auth.startSession((await repos.users.findById(id))!)).sessionToken };
    }
    await database.close();
    servers = await Promise.all([0, 1].map(() => startServerProcess({ dataDir, clientDir, env: { REDIS_URL } })));
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const s of servers) s.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const open = async (server: ServerProcess, who: keyof typeof tokens) => {
    const socket = await connectLounge(server.baseUrl, tokens[who].token);
    sockets.push(socket);
    return socket;
  };

  it('shows presence, poses, invitations and blocks to a visitor of the other process', async (ctx) => {
    if (servers.length === 0) return ctx.skip();
    const [p0, p1] = servers as [ServerProcess, ServerProcess];
    const ada = await open(p0, 'ada');
    ok(await askLounge(ada, 'lounge:join', join()));
    const bobArrives = nextEvent(ada, 'presence:updated', (p) => p.userId === tokens.bob.id);
    const bob = await open(p1, 'bob');
    const state = ok(await askLounge(bob, 'lounge:join', join()));
    expect(state.online.map((p) => p.userId)).toEqual([tokens.ada.id]);
    expect((await bobArrives).place?.panoramaName).toBe('Hall');

    // Poses: batched by Ada's process, delivered by Bob's.
    const pose = nextEvent(bob, 'pose:batched', (b) => b.poses.some(([id]) => id === tokens.ada.id));
    ada.volatile.emit('pose:update', [45, -10, 5]);
    expect((await pose).poses.find(([id]) => id === tokens.ada.id)).toEqual([tokens.ada.id, 45, -10, 5]);

    // An invitation and its answer reach the other process.
    const received = nextEvent(bob, 'relation:changed', (c) => c.person.userId === tokens.ada.id);
    ok(await askLounge(ada, 'invitation:send', { toUserId: tokens.bob.id, note: 'Hello across processes' }));
    const invitation = await received;
    expect(invitation.relation.state).toBe('received');
    const connected = nextEvent(ada, 'relation:changed', (c) => c.relation.state === 'connected');
    ok(await askLounge(bob, 'invitation:accept', { invitationId: invitation.relation.invitationId! }));
    await connected;

    // Bob blocks Ada: Ada sees Bob go; Bob's process stops handing him Ada's poses.
    const bobGone = nextEvent(ada, 'presence:left', (p) => p.userId === tokens.bob.id);
    ok(await askLounge(bob, 'person:block', { userId: tokens.ada.id }));
    await bobGone;
    await sleep(300);
    const bobSees = record(bob, 'pose:batched');
    for (let i = 0; i < 5; i++) {
      ada.volatile.emit('pose:update', [i, 0, 0]);
      await sleep(120);
    }
    expect(bobSees.flatMap((b) => b.poses.map(([id]) => id))).not.toContain(tokens.ada.id);
    ok(await askLounge(bob, 'person:unblock', { userId: tokens.ada.id }));

    // Ada closes her tab: Bob, on the other process, sees her leave after the grace period.
    const adaLeft = nextEvent(bob, 'presence:left', (p) => p.userId === tokens.ada.id, PRESENCE_GRACE_MS + 3000);
    ada.disconnect();
    await adaLeft;
  });

  it('announces the people of a process that died as gone once their lease runs out', { timeout: 40_000 }, async (ctx) => {
    if (servers.length === 0) return ctx.skip();
    const [p0, p1] = servers as [ServerProcess, ServerProcess];
    const bob = await open(p1, 'bob');
    ok(await askLounge(bob, 'lounge:join', join()));
    const cyd = await open(p0, 'cyd');
    ok(await askLounge(cyd, 'lounge:join', join()));
    const cydGone = nextEvent(bob, 'presence:left', (p) => p.userId === tokens.cyd.id, 30_000);
    p0.kill(); // SIGKILL: no goodbye, no disconnect handler
    const started = Date.now();
    await cydGone;
    // The lease (15 s) plus one sweep (2 s).
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
