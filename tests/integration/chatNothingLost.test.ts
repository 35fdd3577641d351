import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient } from '../../src/features/chat/model/chatClient.ts';
import type { Conversation, GuestAnswer } from '../../src/protocol/chat.ts';
import { GUEST_TOKEN_HEADER } from '../../src/protocol/chat.ts';
import { freePort } from '../support/freePort.ts';
import { httpChatApi, waitFor } from './support/chatClient.ts';
import { createProcessDatabase, type ProcessDatabase } from './support/processDatabase.ts';
import { redisAvailable, TEST_REDIS_URL } from './support/redis.ts';
import { SEED } from './support/seedTour.ts';
import { startServerProcess, type ServerProcess } from './support/serverProcess.ts';

const MESSAGES = 500;

/** A small seeded generator: a failure can be replayed with the seed it printed (CHAT_CHAOS_SEED). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * "Nothing is ever lost", as the scale path runs it: two server processes share PostgreSQL (SQLite outside CI when it
 * is absent) and Redis. A visitor on process A sends 500 messages while its connection is cut and restored at random
 * points, and A is killed (SIGKILL) and restarted once; the organiser is connected to process B. At the end both hold
 * exactly the 500 messages, in the order they were written, each once, and so does the database.
 */
describe('instant messaging loses nothing across cuts, a kill -9 and two processes', () => {
  let root = '';
  let database: ProcessDatabase | undefined;
  let servers: { a?: ServerProcess; b?: ServerProcess } = {};
  const clients: ChatClient[] = [];
  let env: Record<string, string> = {};
  let dataDir = '';
  let clientDir = '';
  let ownerToken = '';
  let ownerHeaders: Record<string, string> = {};
  let ready = false;

  beforeAll(async () => {
    if (!(await redisAvailable())) return;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-chat-lost-'));
    dataDir = path.join(root, 'data');
    clientDir = path.join(root, 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    database = await createProcessDatabase({
      label: 'chat', dataDir, postgres: 'preferred',
      prepare: (db) => db.updateTable('buildings').set({ instantMessagingEnable: 1 }).where('id', '=', SEED.tour).execute(),
    });
    ownerToken = database.ownerToken;
    ownerHeaders = database.ownerHeaders;
    env = { ...database.env, REDIS_URL: TEST_REDIS_URL };
    const portA = await freePort();
    servers = { a: await startServerProcess({ dataDir, clientDir, env, port: portA }), b: await startServerProcess({ dataDir, clientDir, env }) };
    ready = true;
  }, 180_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    servers.a?.kill();
    servers.b?.kill();
    await database?.drop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('both sides end with exactly the 500 messages, in order, no duplicate', async (ctx) => {
    if (!ready) return ctx.skip();
    const a = servers.a!;
    const b = servers.b!;
    const post = async <T>(base: string, url: string, headers: Record<string, string>, body: unknown): Promise<T> => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json() as Promise<T>;
    };
    const guest = await post<GuestAnswer>(b.baseUrl, '/v2/messages/guests', {}, { buildingId: SEED.tour, name: 'Chaos Visitor', email: 'chaos@example.test' });
    const guestHeaders = { [GUEST_TOKEN_HEADER]: guest.guestToken };
    const conversation = await post<Conversation>(b.baseUrl, '/v2/messages/conversations', guestHeaders, { buildingId: SEED.tour });
    const id = conversation.conversationId;

    const sender = new ChatClient({ url: a.baseUrl, auth: { guestToken: guest.guestToken }, api: httpChatApi(a.baseUrl, guestHeaders), reconnectDelayMs: 100 });
    const receiver = new ChatClient({ url: b.baseUrl, auth: { sessionToken: ownerToken }, api: httpChatApi(b.baseUrl, ownerHeaders, false), reconnectDelayMs: 100 });
    clients.push(sender, receiver);
    sender.addConversation(conversation);
    await sender.select(id);
    await receiver.select(id);
    await waitFor(() => sender.getState().connected && receiver.getState().connected, 'both clients to connect', 15_000);

    const seed = Number(process.env.CHAT_CHAOS_SEED ?? Date.now() % 1_000_000);
    console.info(`chat chaos seed ${seed}`);
    const rand = random(seed);
    const bodies = Array.from({ length: MESSAGES }, (_, i) => `message ${i + 1} of ${MESSAGES} ✉️`);
    let cuts = 0;
    let killed = false;

    // The visitor writes steadily; connections are cut at random moments; A dies once, about a third of the way in.
    const writing = (async () => {
      for (const [i, body] of bodies.entries()) {
        sender.send(id, body);
        if (i % 10 === 9) await new Promise((r) => setTimeout(r, 5 + rand() * 20));
      }
    })();
    const chaos = (async () => {
      const until = Date.now() + 60_000;
      while (Date.now() < until && (sender.getState().outbox.length > 0 || !killed)) {
        await new Promise((r) => setTimeout(r, 100 + rand() * 400));
        const stored = MESSAGES - sender.getState().outbox.length;
        if (!killed && stored >= MESSAGES / 3) {
          killed = true;
          a.kill();
          await new Promise((r) => setTimeout(r, 300 + rand() * 700));
          servers.a = await startServerProcess({ dataDir, clientDir, env, port: Number(new URL(a.baseUrl).port) });
          continue;
        }
        const who = rand() < 0.7 ? sender : receiver;
        if (who.getState().connected) {
          who.dropConnection();
          cuts++;
        }
      }
    })();
    await writing;
    await chaos;
    await waitFor(() => sender.getState().outbox.length === 0, 'the outbox to empty', 60_000);
    const complete = (c: ChatClient) => (c.getState().timelines[id]?.messages.length ?? 0) >= MESSAGES && c.getState().timelines[id]!.lastSeq >= MESSAGES;
    await waitFor(() => complete(sender) && complete(receiver), 'both sides to hold every message', 30_000);

    expect(killed).toBe(true);
    expect(cuts).toBeGreaterThan(5);
    for (const side of [sender, receiver]) {
      const held = side.getState().timelines[id]!.messages;
      expect(held.map((m) => m.body)).toEqual(bodies);
      expect(held.map((m) => m.seq)).toEqual(bodies.map((_, i) => i + 1));
      expect(new Set(held.map((m) => m.clientId)).size).toBe(MESSAGES);
    }
    // And the database holds the same, with no message stored twice.
    const stored = await httpChatApi(b.baseUrl, ownerHeaders).messages(id, { after: 0, limit: 200 });
    expect(stored.lastSeq).toBe(MESSAGES);
    console.info(`chat chaos: ${cuts} cuts, process A killed and restarted once`);
  }, 180_000);
});
