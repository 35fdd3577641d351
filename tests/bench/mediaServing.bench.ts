// npm run bench:media-serving: tile fetches from local disk, from object storage streamed through the server, and from
// object storage by redirect to a presigned URL, in one run. The S3 peer is s3rver in its own process on loopback.
// Each server is the real one (`npm start`'s main.ts) in its own process with the demo tour.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { TileManifestSchema } from '../../src/protocol/tiles.ts';
import { startAtriumServer, stopAllAtriumServers, type AtriumServer } from '../support/atriumServer.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** The ports this benchmark may use: s3rver on the first, the servers on the next ones. */
const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 4350);
const REPO_ROOT = path.resolve(process.env.BENCH_REPO_ROOT ?? process.cwd());
const BUCKET = 'atrium-bench';

interface Figures { rps: number; mbps: number; p50: number; p99: number; bad: number }

async function startS3rver(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'node_modules/s3rver/bin/s3rver.js'), '-d', dir, '-a', '127.0.0.1', '-p', String(port), '--silent', '--no-vhost-buckets', '--configure-bucket', BUCKET], { stdio: 'ignore', detached: true });
  for (let i = 0; i < 100; i++) {
    if (await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('s3rver did not start');
}

/** Every tile of the demo tour's first panorama, as paths on the server (what the viewer fetches, all levels). */
async function tilePaths(server: AtriumServer): Promise<string[]> {
  const base = server.baseUrl.replace('localhost', '127.0.0.1');
  const tour = await (await fetch(`${base}/v2/buildings/openLink/${server.demoTourId}`)).json() as { panoramas: Array<{ cubemapUrl: string }> };
  const manifestUrl = tour.panoramas[0]!.cubemapUrl;
  const manifest = TileManifestSchema.parse(await (await fetch(`${base}${manifestUrl}`)).json());
  const folder = manifestUrl.slice(0, manifestUrl.lastIndexOf('/'));
  const paths: string[] = [];
  for (const level of manifest.levels) {
    for (const face of manifest.faceOrder) {
      for (let y = 0; y < level.tilesPerSide; y++) {
        for (let x = 0; x < level.tilesPerSide; x++) {
          paths.push(`${folder}/${manifest.tileUrl.replace('{level}', String(level.index)).replace('{face}', face).replace('{y}', String(y)).replace('{x}', String(x))}`);
        }
      }
    }
  }
  return paths;
}

/** autocannon against the server alone: each connection walks the tile list (a redirect counts as its 302). */
async function cannon(base: string, paths: string[]): Promise<Figures> {
  const r = await autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests: paths.map((p) => ({ method: 'GET', path: p })) });
  return { rps: r.requests.average, mbps: r.throughput.average / 1e6, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors };
}

/** What a browser sees: fetch with redirects followed, CONNECTIONS requests in flight, every body read whole. */
async function followed(base: string, paths: string[]): Promise<Figures> {
  const latencies: number[] = [];
  let bytes = 0;
  let bad = 0;
  let next = 0;
  const until = Date.now() + SECONDS * 1000;
  const lane = async () => {
    while (Date.now() < until) {
      const p = paths[next++ % paths.length]!;
      const started = performance.now();
      try {
        const res = await fetch(`${base}${p}`, { redirect: 'follow' });
        bytes += (await res.arrayBuffer()).byteLength;
        if (res.status !== 200) bad++;
      } catch {
        bad++;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, lane));
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN);
  return { rps: latencies.length / seconds, mbps: bytes / seconds / 1e6, p50: at(0.5), p99: at(0.99), bad };
}

const row = (label: string, f: Figures) =>
  `${label.padEnd(34)} ${f.rps.toFixed(0).padStart(7)}  ${f.mbps.toFixed(1).padStart(6)}  ${String(f.p50).padStart(6)}  ${String(f.p99).padStart(6)}  ${String(f.bad).padStart(7)}`;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-media-'));
let s3: ChildProcess | undefined;
try {
  console.log(`load before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
  const clientDir = path.join(root, 'client');
  fs.mkdirSync(clientDir);
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Atrium</title></head><body></body></html>');
  s3 = await startS3rver(path.join(root, 's3'), BASE_PORT);
  const s3Url = `http://S3RVER:S3RVER@127.0.0.1:${BASE_PORT}/${BUCKET}`;
  const modes: Array<{ label: string; dataDir: string; env: Record<string, string> }> = [
    { label: 'local disk', dataDir: path.join(root, 'local'), env: {} },
    { label: 'S3, streamed by the server', dataDir: path.join(root, 'objects'), env: { S3_URL: s3Url, S3_SERVE: 'stream' } },
    // Same data folder and bucket: the demo tour imported by the streaming run is served again, by redirect.
    { label: 'S3, presigned redirect', dataDir: path.join(root, 'objects'), env: { S3_URL: s3Url, S3_SERVE: 'redirect' } },
  ];
  const results: Array<{ label: string; server: Figures; browser: Figures; tiles: number; tileBytes: number }> = [];
  for (const [i, mode] of modes.entries()) {
    const started = Date.now();
    const server = await startAtriumServer({ repoRoot: REPO_ROOT, dataDir: mode.dataDir, clientDir, env: mode.env, port: BASE_PORT + 1 + i });
    try {
      const base = server.baseUrl.replace('localhost', '127.0.0.1');
      const paths = await tilePaths(server);
      let tileBytes = 0;
      for (const p of paths) tileBytes += (await (await fetch(`${base}${p}`)).arrayBuffer()).byteLength;
      console.log(`${mode.label}: ready in ${((Date.now() - started) / 1000).toFixed(0)} s; ${paths.length} tiles, ${(tileBytes / paths.length / 1024).toFixed(1)} kB on average`);
      await autocannon({ url: base, connections: CONNECTIONS, duration: 2, requests: paths.map((p) => ({ method: 'GET', path: p })) });
      const serverSide = await cannon(base, paths);
      const browser = await followed(base, paths);
      results.push({ label: mode.label, server: serverSide, browser, tiles: paths.length, tileBytes });
    } finally {
      server.stop();
    }
  }
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per row, tiles of the demo tour's first panorama in turn.`);
  console.log('autocannon, the server alone (a redirect counts as its 302; MB/s is what the server sent):');
  console.log('mode                                 req/s    MB/s  p50 ms  p99 ms  non-2xx');
  for (const r of results) console.log(row(r.label, r.server));
  console.log('fetch as a browser: redirects followed, bodies read (MB/s is tile bytes received):');
  console.log('mode                                 req/s    MB/s  p50 ms  p99 ms   failed');
  for (const r of results) console.log(row(r.label, r.browser));
  console.log(`\nload after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  stopAllAtriumServers();
  if (s3?.pid) try { process.kill(-s3.pid, 'SIGKILL'); } catch { /* gone */ }
  fs.rmSync(root, { recursive: true, force: true });
}
