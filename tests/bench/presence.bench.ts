// Presence benchmark (issue 12): VISITORS simulated visitors in one panorama of one tour send their view 10 times a
// second for SECONDS to the real server (a separate process, SQLite, one process, no Redis), signed in to the lounge
// with sessions seeded in the database (sign-up is rate limited). A watching client in the same panorama measures the
// delay from send to receipt; the server's CPU is read from /proc. In the same run, the same load against a bare
// Socket.IO server (tests/bench/support/poseBaselineServer.ts: the same per-tick batching, nothing else; or the naive
// broadcast with --baseline=broadcast).
//   npm run bench:presence -- --visitors=500 --seconds=30 [--baseline=batch|broadcast]
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { LOUNGE_NAMESPACE, LOUNGE_PROTOCOL_VERSION, type PoseBatch } from '../../src/protocol/lounge.ts';
import { SOCIAL_SOCKET_PATH } from '../../src/protocol/social.ts';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { AuthService } from '../../src/server/modules/auth/auth.service.ts';
import { SEED, seedTour } from '../integration/support/seedTour.ts';
import { startServerProcess } from '../integration/support/serverProcess.ts';
import { freePort } from '../support/freePort.ts';
import { delayFromYaw, wallMs } from './support/poseClock.ts';
import type { SendersConfig } from './support/poseSenders.ts';

const flag = (name: string, fallback: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? process.env[`BENCH_${name.toUpperCase()}`] ?? fallback;
const VISITORS = Number(flag('visitors', '500'));
const SECONDS = Number(flag('seconds', '30'));
const RATE = 10;
const BASELINE = flag('baseline', 'batch') === 'broadcast' ? 'broadcast' : 'batch';

interface Result {
  label: string;
  sent: number;
  seconds: number;
  /** Server CPU time over the run / wall time, in cores (1.0 = one core busy). */
  cpu: number;
  /** The senders' process, same unit: near 100% means the harness, not the server, set the pace. */
  sendersCpu: number;
  batches: number;
  delivered: number;
  delays: number[];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** utime + stime of a process, seconds (Linux /proc; clock ticks are 100 per second on every Linux this runs on). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function connect(url: string, auth: Record<string, unknown>): Promise<Socket> {
  const socket = io(url, { path: SOCIAL_SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Starts the senders' process and resolves with its lines as they come. */
function startSenders(config: SendersConfig): { child: ChildProcess; line: (prefix: string) => Promise<string> } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-poses-')), 'config.json');
  fs.writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/support/poseSenders.ts', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let buffer = '';
  const waiting: Array<{ prefix: string; resolve: (l: string) => void }> = [];
  const seen: string[] = [];
  child.stdout!.on('data', (d: Buffer) => {
    buffer += d.toString();
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const l = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      seen.push(l);
      for (const w of [...waiting]) if (l.startsWith(w.prefix)) { waiting.splice(waiting.indexOf(w), 1); w.resolve(l); }
    }
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the senders exited with ${code}`))));
  return {
    child,
    line: (prefix) => Promise.race([exited, new Promise<string>((resolve) => {
      const found = seen.find((l) => l.startsWith(prefix));
      if (found) resolve(found);
      else waiting.push({ prefix, resolve });
    })]),
  };
}

/** Runs the load against one server and measures on the watcher. */
async function measure(label: string, pid: number, watcher: Socket, config: SendersConfig): Promise<Result> {
  const delays: number[] = [];
  let batches = 0;
  let delivered = 0;
  let measuring = false;
  watcher.on('pose:batched', (batch: PoseBatch) => {
    if (!measuring) return;
    const now = wallMs();
    batches++;
    for (const [, yaw] of batch.poses) {
      delivered++;
      delays.push(delayFromYaw(yaw, now));
    }
  });
  const senders = startSenders(config);
  await senders.line('connected');
  await senders.line('started');
  measuring = true;
  const cpuBefore = cpuSeconds(pid);
  const sendersBefore = cpuSeconds(senders.child.pid!);
  const before = wallMs();
  let sendersAfter = sendersBefore;
  // Read just before the senders stop (their process exits right after its last line).
  const sampler = setInterval(() => {
    try {
      sendersAfter = cpuSeconds(senders.child.pid!);
    } catch {
      /* exited */
    }
  }, 250);
  const done = await senders.line('done');
  clearInterval(sampler);
  const seconds = (wallMs() - before) / 1000;
  const cpu = (cpuSeconds(pid) - cpuBefore) / seconds;
  measuring = false;
  return { label, sent: Number(done.split(' ')[1]), seconds, cpu, sendersCpu: (sendersAfter - sendersBefore) / seconds, batches, delivered, delays };
}

async function atrium(): Promise<Result> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-presence-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(path.join(root, 'client'), { recursive: true });
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'atrium.sqlite') });
  await migrateToLatest(database.db);
  await seedTour(database.db);
  const repos = createRepositories(database.db);
  const auth = new AuthService(repos);
  const tokens: string[] = [];
  for (let i = 0; i <= VISITORS; i++) {
    await repos.users.insert({ id: `benchVisitor${i}`, username: `visitor${i}@bench.test`, name: `Visitor ${i}`, userType: 'visitor' });
    tokens.push((await auth.startSession((await repos.users.findById(`benchVisitor${i}`))!)).sessionToken);
  }
  await database.close();
  const server = await startServerProcess({ dataDir, clientDir: path.join(root, 'client'), env: { LOG_LEVEL: 'error' } });
  try {
    const join = { tourId: SEED.tour, groupId: null, panoramaId: SEED.panoA };
    const watcher = await connect(`${server.baseUrl}${LOUNGE_NAMESPACE}`, { v: LOUNGE_PROTOCOL_VERSION, sessionToken: tokens[0]! });
    const joined = await watcher.timeout(30_000).emitWithAck('lounge:join', join) as { ok: boolean };
    if (!joined.ok) throw new Error('the watcher could not join the lounge');
    const result = await measure('Atrium /lounge (PoseRelay)', server.pid, watcher, {
      url: `${server.baseUrl}${LOUNGE_NAMESPACE}`, path: SOCIAL_SOCKET_PATH, rate: RATE, seconds: SECONDS,
      auths: tokens.slice(1).map((sessionToken) => ({ v: LOUNGE_PROTOCOL_VERSION, sessionToken })),
      join: { event: 'lounge:join', request: join },
    });
    watcher.disconnect();
    return result;
  } finally {
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

async function baseline(): Promise<Result> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/support/poseBaselineServer.ts', String(port), BASELINE], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('baseline ready') && resolve()));
  try {
    const url = `http://127.0.0.1:${port}`;
    const watcher = await connect(url, {});
    const result = await measure(`bare Socket.IO (${BASELINE})`, child.pid!, watcher, {
      url, path: SOCIAL_SOCKET_PATH, rate: RATE, seconds: SECONDS, auths: Array.from({ length: VISITORS }, () => ({})), join: null,
    });
    watcher.disconnect();
    return result;
  } finally {
    child.kill();
  }
}

const results = [await baseline(), await atrium()];
const rows = results.map((r) => [
  r.label, (r.sent / r.seconds).toFixed(0), (r.batches / r.seconds).toFixed(1), (r.delivered / r.seconds).toFixed(0),
  `${(r.cpu * 100).toFixed(0)}%`, `${(r.sendersCpu * 100).toFixed(0)}%`, percentile(r.delays, 50).toFixed(1), percentile(r.delays, 99).toFixed(1),
]);
const header = ['', 'poses in/s', 'msgs to watcher/s', 'poses to watcher/s', 'server CPU', 'senders CPU', 'p50 delay ms', 'p99 delay ms'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
console.log(`\n${VISITORS} visitors in one panorama, ${RATE} poses/s each (${VISITORS * RATE} poses/s asked) for ${SECONDS} s; CPU in % of one core (${os.cpus().length} cores, loadavg ${os.loadavg()[0]!.toFixed(1)})`);
console.log('Delay: send -> receipt on the watching client; includes up to one 100 ms batching tick (both servers batch).\n');
for (const row of [header, ...rows]) console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
process.exit(0);
