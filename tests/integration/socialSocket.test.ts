import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH } from '../../src/protocol/constants.ts';
import { signUpUser } from './support/accounts.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { ask, connectSocial, dataOf, next, randomKey, type TestSocialSocket } from './support/socialClient.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

describe.each(DIALECTS)('realtime social data over Socket.IO on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let baseUrl = '';
  const sockets: TestSocialSocket[] = [];
  const connect = async (opts: Parameters<typeof connectSocial>[1] = {}) => {
    const socket = await connectSocial(baseUrl, opts);
    sockets.push(socket);
    return socket;
  };
  const join = async (socket: TestSocialSocket, tourId: string = SEED.tour) => dataOf(await ask(socket, 'tour:join', { tourId, visitId: randomKey() }));

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    t = await createTestApp(db.handle);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => { for (const s of sockets.splice(0)) s.disconnect(); });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });

  it('a like in one viewer updates the count in another, and is remembered for that device', async (ctx) => {
    if (!t) return ctx.skip();
    const deviceId = randomKey();
    const alice = await connect({ deviceId });
    const bob = await connect();
    const before = await join(alice);
    await join(bob);
    const seen = next(bob, 'stats:changed');
    const liked = dataOf(await ask(alice, 'like:set', { tourId: SEED.tour, liked: true }));
    expect(liked).toMatchObject({ liked: true, stats: { likeCount: before.stats.likeCount + 1 } });
    expect((await seen).stats.likeCount).toBe(before.stats.likeCount + 1);

    // The same device opening the tour again sees its like; a second like does not count twice.
    const again = await connect({ deviceId });
    expect((await join(again)).liked).toBe(true);
    expect(dataOf(await ask(again, 'like:set', { tourId: SEED.tour, liked: true })).stats.likeCount).toBe(before.stats.likeCount + 1);
    expect(dataOf(await ask(again, 'like:set', { tourId: SEED.tour, liked: false })).stats.likeCount).toBe(before.stats.likeCount);
  });

  it('counts a view once per visitor session: reconnects and reloads (a new socket) add none', async (ctx) => {
    if (!t) return ctx.skip();
    const deviceId = randomKey();
    const first = await join(await connect({ deviceId }));
    const reload = await join(await connect({ deviceId }));
    expect(reload.stats.viewCount).toBe(first.stats.viewCount);
    // A device without cookie consent gets a new id on every reload: it is known by its address and browser instead.
    const unkept = await join(await connect({ deviceKept: false }));
    expect(unkept.stats.viewCount).toBe(first.stats.viewCount + 1);
    const unkeptReload = await join(await connect({ deviceKept: false }));
    expect(unkeptReload.stats.viewCount).toBe(unkept.stats.viewCount);
  });

  it('counts a view per opening and tells the viewers already there', async (ctx) => {
    if (!t) return ctx.skip();
    const watcher = await connect();
    const { stats } = await join(watcher);
    const seen = next(watcher, 'stats:changed');
    await join(await connect());
    expect((await seen).stats.viewCount).toBe(stats.viewCount + 1);
  });

  it('a comment posted in one viewer arrives live in the other; replies and batches come back latest first', async (ctx) => {
    if (!t) return ctx.skip();
    const writer = await connect();
    const reader = await connect();
    await join(writer);
    await join(reader);
    const arrived = next(reader, 'comment:created');
    const posted = dataOf(await ask(writer, 'comment:create', { tourId: SEED.tour, parentId: null, message: 'Lovely kitchen <b>!</b>' }));
    const live = await arrived;
    expect(live.comment).toEqual(posted.comment);
    expect(live.comment).toMatchObject({ message: 'Lovely kitchen <b>!</b>', authorName: null, userId: null, tourId: SEED.tour });
    expect(live.stats.commentCount).toBe(posted.stats.commentCount);

    const replyArrived = next(writer, 'comment:created');
    const reply = dataOf(await ask(reader, 'comment:create', { tourId: SEED.tour, parentId: posted.comment.objectId, message: 'Agreed' }));
    expect((await replyArrived).comment).toMatchObject({ parentId: posted.comment.objectId, message: 'Agreed' });

    const batch = dataOf(await ask(reader, 'comments:load', { tourId: SEED.tour, before: null }));
    expect(batch.comments[0]).toMatchObject({ objectId: posted.comment.objectId, replies: [{ objectId: reply.comment.objectId }] });
  });

  it('refuses empty or overlong comments with a message naming the problem', async (ctx) => {
    if (!t) return ctx.skip();
    const socket = await connect();
    await join(socket);
    const empty = await ask(socket, 'comment:create', { tourId: SEED.tour, parentId: null, message: '   ' });
    expect(empty).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', field: 'message' } });
    expect(!empty.ok && empty.error.message).toMatch(/empty/i);
    const long = await ask(socket, 'comment:create', { tourId: SEED.tour, parentId: null, message: 'a'.repeat(COMMENT_MAX_LENGTH + 1) });
    expect(!long.ok && long.error.message).toContain(`${COMMENT_MAX_LENGTH} characters`);
  });

  it('limits comment posting per visitor', async (ctx) => {
    if (!t) return ctx.skip();
    const socket = await connect();
    await join(socket);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await ask(socket, 'comment:create', { tourId: SEED.tour, parentId: null, message: `spam ${i}` }));
    expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(answers[5]).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
  });

  it('a signed-in visitor comments under their name and likes as their account', async (ctx) => {
    if (!t) return ctx.skip();
    const user = await signUpUser(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    const socket = await connect({ sessionToken: user.token });
    await join(socket);
    const { comment } = dataOf(await ask(socket, 'comment:create', { tourId: SEED.tour, parentId: null, message: 'Signed in' }));
    expect(comment.userId).toBe(user.userId);
    expect(comment.authorName).toMatch(/Grace/);
    await ask(socket, 'like:set', { tourId: SEED.tour, liked: true });
    // Another device of the same account sees the like.
    const otherDevice = await connect({ sessionToken: user.token });
    expect((await join(otherDevice)).liked).toBe(true);
  });

  it('refuses a handshake without a device id, unknown tours, and likes for a tour the socket did not open', async (ctx) => {
    if (!t) return ctx.skip();
    await expect(connectSocial(baseUrl, { deviceId: 'x' })).rejects.toThrow(/handshake/i);
    const socket = await connect();
    expect(await ask(socket, 'tour:join', { tourId: 'missing', visitId: randomKey() })).toMatchObject({ ok: false, error: { code: 'TOUR_NOT_FOUND' } });
    expect(await ask(socket, 'like:set', { tourId: SEED.tour, liked: true })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
