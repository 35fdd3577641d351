// openLink benchmark: GET /v2/buildings/openLink/{demo tour} against GET /healthz (one `select 1`) on the same server.
//   npx tsx tests/bench/openLink.bench.ts     (npm run bench:open-link)
//   BENCH_SECONDS per measurement (10), BENCH_ROUNDS (2), BENCH_DB=sqlite|postgres|both (both),
//   BENCH_REPO_ROOT=<another checkout> to measure its server (e.g. main before a change) with this script.
// Starts the real server (src/server/main.ts, the demo tour rendered into a fresh data folder) once per database and
// loads it with autocannon at 50 connections. Rounds alternate the routes so a busy machine slows both alike; the
// table shows each route's best round (req/s) with its p50/p99, openLink/healthz of the best rounds, and the median of
// the ratios round by round (each route against the healthz round just before it: the steadier figure on a busy
// machine). Target: ratio >= 0.5, p99 < 100 ms.
// Rows: openLink as a plain client asks (no compression), as a browser asks (Accept-Encoding: br, gzip), and a
// browser revalidating its copy (If-None-Match with the ETag of the first answer, when the server gives one).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startAtriumServer, stopAllAtriumServers } from '../support/atriumServer.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 50;
const REPO_ROOT = path.resolve(process.env.BENCH_REPO_ROOT ?? process.cwd());
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DIALECTS = (process.env.BENCH_DB ?? 'both') === 'both' ? ['sqlite', 'postgres'] : [process.env.BENCH_DB!];

interface Figures { rps: number; p50: number; p99: number; non2xx: number; errors: number }
interface Row { label: string; best: Figures; rounds: number[] }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function benchDialect(dialect: string): Promise<Row[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `atrium-bench-openlink-${dialect}-`));
  const clientDir = path.join(root, 'client');
  fs.mkdirSync(clientDir);
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Atrium</title></head><body></body></html>');
  const env: Record<string, string> = {};
  const dbName = `openlink_bench_${process.pid}`;
  if (dialect === 'postgres') {
    await adminQuery(`create database ${dbName}`);
    env.DATABASE_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const started = Date.now();
  const server = await startAtriumServer({ repoRoot: REPO_ROOT, dataDir: path.join(root, 'data'), clientDir, env });
  console.log(`${dialect}: server with the demo tour ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  try {
    const base = server.baseUrl.replace('localhost', '127.0.0.1');
    const tourUrl = `${base}/v2/buildings/openLink/${server.demoTourId}`;
    const first = await fetch(tourUrl, { headers: { 'accept-encoding': 'identity' } });
    const body = await first.text();
    if (first.status !== 200) throw new Error(`openLink answered ${first.status}: ${body.slice(0, 300)}`);
    const etag = first.headers.get('etag');
    console.log(`${dialect}: openLink answer ${body.length} bytes, ETag ${etag ?? '(none)'}`);
    const browser = { 'accept-encoding': 'br, gzip, deflate' };
    const cases: { label: string; url: string; headers?: Record<string, string> }[] = [
      { label: 'healthz', url: `${base}/healthz` },
      { label: 'openLink', url: tourUrl },
      { label: 'openLink (br, gzip)', url: tourUrl, headers: browser },
      ...(etag ? [{ label: 'openLink 304', url: tourUrl, headers: { ...browser, 'if-none-match': etag } }] : []),
    ];
    // A short warm-up of every case (JIT, caches, the pool's connections) outside the figures.
    for (const c of cases) await autocannon({ url: c.url, connections: CONNECTIONS, duration: 2, headers: c.headers ?? {} });
    const rows: Row[] = cases.map((c) => ({ label: c.label, best: { rps: 0, p50: 0, p99: 0, non2xx: 0, errors: 0 }, rounds: [] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, c] of cases.entries()) {
        const f = await load(c.url, c.headers);
        const row = rows[i]!;
        row.rounds.push(Math.round(f.rps));
        if (f.rps > row.best.rps) row.best = f;
      }
    }
    return rows;
  } finally {
    server.stop();
    if (dialect === 'postgres') await adminQuery(`drop database if exists ${dbName} with (force)`).catch(() => {});
    fs.rmSync(root, { recursive: true, force: true });
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function print(dialect: string, rows: Row[]): void {
  const health = rows[0]!.best.rps;
  console.log(`\n${dialect} (${REPO_ROOT}), ${CONNECTIONS} connections, ${SECONDS} s x ${ROUNDS} rounds, best round shown:`);
  console.log('route                    req/s    p50 ms  p99 ms  ratio  median ratio  rounds (req/s)        non-2xx/errors');
  for (const r of rows) {
    const ratio = (r.best.rps / health).toFixed(2);
    const perRound = median(r.rounds.map((rps, i) => rps / rows[0]!.rounds[i]!)).toFixed(2);
    console.log(`${r.label.padEnd(24)} ${r.best.rps.toFixed(0).padStart(6)}  ${String(r.best.p50).padStart(6)}  ${String(r.best.p99).padStart(6)}  ${ratio.padStart(5)}  ${perRound.padStart(12)}  ${r.rounds.join(', ').padEnd(20)}  ${r.best.non2xx}/${r.best.errors}`);
  }
}

try {
  console.log(`load before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
  const results: [string, Row[]][] = [];
  for (const dialect of DIALECTS) results.push([dialect, await benchDialect(dialect)]);
  for (const [dialect, rows] of results) print(dialect, rows);
  console.log(`\nload after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('target: openLink >= 0.5x healthz req/s, p99 < 100 ms (the 304 row counts a revalidating browser).');
} finally {
  stopAllAtriumServers();
}
