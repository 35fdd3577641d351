// Messaging benchmark: 200 conversations at once, each visitor sending one message after another (the client's own
// discipline: the next goes when the last is stored), the organiser receiving every conversation's messages live.
// Atrium (two server processes behind nothing, SQLite or PostgreSQL, Redis when reachable) against a bare Socket.IO
// relay that stores nothing, in the same run.
//   npx tsx tests/bench/messaging.bench.ts     (BENCH_CONVERSATIONS, BENCH_MESSAGES per conversation, BENCH_DB=postgres)
// Prints messages per second (stored and acknowledged) and the delivery delay (sent -> received by the organiser).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { CHAT_NAMESPACE, CHAT_PROTOCOL_VERSION, type Conversation } from '../../src/protocol/chat.ts';
import { identityHeaders } from '../integration/support/accounts.ts';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { AuthService } from '../../src/server/modules/auth/auth.service.ts';
import { SEED, seedTour } from '../integration/support/seedTour.ts';
import { startServerProcess } from '../integration/support/serverProcess.ts';
import { freePort } from '../support/freePort.ts';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 200);
const PER_CONVERSATION = Number(process.env.BENCH_MESSAGES ?? 25);

interface Result { label: string; messages: number; seconds: number; delays: number[] }

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

function connect(url: string, auth: Record<string, unknown>): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Every sender sends its messages one after another; the receiver timestamps each arrival. */
async function run(label: string, senders: { socket: Socket; conversationId: string }[], receiver: Socket): Promise<Result> {
  const delays: number[] = [];
  const expected = senders.length * PER_CONVERSATION;
  const allArrived = new Promise<void>((resolve) => {
    receiver.on('message:created', (event: { message: { body: string } }) => {
      const sentAt = Number(event.message.body.split(' ')[0]);
      delays.push(performance.now() - sentAt);
      if (delays.length === expected) resolve();
    });
  });
  const started = performance.now();
  await Promise.all(senders.map(async ({ socket, conversationId }, s) => {
    for (let i = 0; i < PER_CONVERSATION; i++) {
      const answer = await socket.timeout(30_000).emitWithAck('message:send', {
        conversationId, clientId: `bench${s}x${i}xxxxxxxx`, type: 'text', body: `${performance.now()} message ${i}`,
      }) as { ok: boolean; error?: { message: string } };
      if (!answer.ok) throw new Error(`${label}: ${answer.error?.message}`);
    }
  }));
  await allArrived;
  return { label, messages: expected, seconds: (performance.now() - started) / 1000, delays };
}

async function atrium(): Promise<Result> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-chat-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(path.join(root, 'client'), { recursive: true });
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'atrium.sqlite') });
  await migrateToLatest(database.db);
  await seedTour(database.db);
  await database.db.updateTable('buildings').set({ instantMessagingEnable: 1 }).where('id', '=', SEED.tour).execute();
  const repos = createRepositories(database.db);
  const auth = new AuthService(repos);
  const owner = await auth.startSession((await repos.users.findById(SEED.user))!);
  // The visitors: accounts with sessions (as the visitor gate makes them), one per conversation.
  const visitors = [];
  for (let i = 0; i < CONVERSATIONS; i++) {
    await repos.users.insert({ id: `benchVisitor${i}`, username: `visitor${i}@bench.test`, name: `Visitor ${i}`, userType: 'visitor' });
    visitors.push(await auth.startSession((await repos.users.findById(`benchVisitor${i}`))!));
  }
  await database.close();
  const server = await startServerProcess({ dataDir, clientDir: path.join(root, 'client'), env: { LOG_LEVEL: 'error' } });
  try {
    const post = async <T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
      const res = await fetch(`${server.baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<T>;
    };
    const senders = await Promise.all(visitors.map(async (visitor) => {
      const line = await post<Conversation>('/v2/messages/conversations', { buildingId: SEED.tour }, identityHeaders(visitor));
      return { socket: await connect(`${server.baseUrl}${CHAT_NAMESPACE}`, { v: CHAT_PROTOCOL_VERSION, sessionToken: visitor.sessionToken }), conversationId: line.conversationId };
    }));
    const receiver = await connect(`${server.baseUrl}${CHAT_NAMESPACE}`, { v: CHAT_PROTOCOL_VERSION, sessionToken: owner.sessionToken });
    const result = await run('Atrium (stored, SQLite)', senders, receiver);
    for (const s of senders) s.socket.disconnect();
    receiver.disconnect();
    return result;
  } finally {
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

async function echo(): Promise<Result> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/support/echoServer.ts', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('echo ready') && resolve()));
  try {
    const url = `http://127.0.0.1:${port}`;
    const senders = await Promise.all(Array.from({ length: CONVERSATIONS }, async (_, i) => ({ socket: await connect(url, {}), conversationId: `c${i}` })));
    const receiver = await connect(url, { receiver: true });
    const result = await run('bare Socket.IO relay', senders, receiver);
    for (const s of senders) s.socket.disconnect();
    receiver.disconnect();
    return result;
  } finally {
    child.kill();
  }
}

const results = [await echo(), await atrium()];
const rows = results.map((r) => [
  r.label, String(r.messages), (r.messages / r.seconds).toFixed(0), percentile(r.delays, 50).toFixed(1), percentile(r.delays, 99).toFixed(1),
]);
const header = ['', 'messages', 'msg/s', 'p50 delay ms', 'p99 delay ms'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
console.log(`\n${CONVERSATIONS} conversations x ${PER_CONVERSATION} messages, each sender waiting for its acknowledgement\n`);
for (const row of [header, ...rows]) console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
const [base, ours] = results as [Result, Result];
console.log(`\nAtrium / relay: throughput ${((ours.messages / ours.seconds) / (base.messages / base.seconds)).toFixed(2)}x, p99 delay ${(percentile(ours.delays, 99) / percentile(base.delays, 99)).toFixed(2)}x`);
process.exit(0);
