// First-start benchmark: `npm start` on a fresh clone and an empty DATA_DIR, until the demo tour is served.
//   npx tsx tests/bench/firstStart.bench.ts      (npm run bench:first-start; BENCH_RUNS=n rounds)
// Both trees are fresh checkouts (`git worktree add --detach`, node_modules hard-linked, no dist/):
// "before" is FIRST_START_BASELINE (default d478190, main before the demo's images were committed),
// "after" is HEAD (commit first: uncommitted changes are not measured). Rounds alternate the two so
// a busy machine slows both alike. Each run times, from spawning `npm start` (client build included):
//   - first line  the first line the server prints (before: after the vite build and the server's imports;
//                 after: the imports, while the build goes on),
//   - ready   "Demo tour: <url>" printed (demo created, listening),
//   - served  GET /v2/buildings/openLink/<id> answered 200 and the start panorama's first tile 200.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PanoramaSchema } from '../../src/protocol/tour.ts';
import { TileManifestSchema } from '../../src/protocol/tiles.ts';
import { freePort } from '../support/freePort.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BASELINE = process.env.FIRST_START_BASELINE ?? 'd478190';
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const TIMEOUT_MS = 400_000;
const TARGET_S = 15;

const FirstPanoramaSchema = z.object({ panoramas: z.array(PanoramaSchema.pick({ cubemapUrl: true })).min(1) });

interface Timing { serverS: number; readyS: number; servedS: number }

async function main(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'atrium-first-start-'));
  const trees = { before: path.join(work, 'before'), after: path.join(work, 'after') };
  try {
    for (const [name, ref] of [['before', BASELINE], ['after', 'HEAD']] as const) {
      execFileSync('git', ['-C', REPO, 'worktree', 'add', '--detach', trees[name], ref], { stdio: 'ignore' });
      execFileSync('cp', ['-al', path.join(REPO, 'node_modules'), path.join(trees[name], 'node_modules')]);
    }
    const rows: Record<'before' | 'after', Timing[]> = { before: [], after: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const name of ['before', 'after'] as const) {
        await fs.rm(path.join(trees[name], 'dist'), { recursive: true, force: true });
        const dataDir = path.join(work, `data-${name}-${run}`);
        rows[name].push(await firstStart(trees[name], dataDir));
        console.log(`run ${run + 1} ${name}: ${JSON.stringify(rows[name].at(-1))}`);
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    }
    report(rows);
  } finally {
    for (const tree of Object.values(trees)) {
      try {
        execFileSync('git', ['-C', REPO, 'worktree', 'remove', '--force', tree], { stdio: 'ignore' });
      } catch { /* not created */ }
    }
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function firstStart(tree: string, dataDir: string): Promise<Timing> {
  const port = await freePort();
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const child = spawn('npm', ['start'], {
    cwd: tree,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', PUBLIC_URL: `http://localhost:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let serverS = NaN;
  try {
    const { id, readyS } = await new Promise<{ id: string; readyS: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no demo tour within ${TIMEOUT_MS / 1000} s:\n${output}`)), TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (Number.isNaN(serverS) && /Creating the demo tour|Atrium is running/.test(output)) serverS = seconds();
        const match = /Demo tour: \S+\/([A-Za-z0-9_-]+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve({ id: match[1]!, readyS: seconds() });
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const res = await fetch(`${base}/v2/buildings/openLink/${id}`);
    if (res.status !== 200) throw new Error(`openLink answered ${res.status}`);
    // Only what both trees' tours share: the baseline's tour predates fields the schema now requires.
    const start = FirstPanoramaSchema.parse(await res.json()).panoramas[0]!;
    const manifestUrl = new URL(start.cubemapUrl!, base);
    const manifest = TileManifestSchema.parse(await (await fetch(manifestUrl)).json());
    const tile = manifest.tileUrl.replace('{level}', '0').replace('{face}', 'f').replace('{x}', '0').replace('{y}', '0');
    const tileRes = await fetch(new URL(tile, manifestUrl));
    if (tileRes.status !== 200) throw new Error(`the first tile answered ${tileRes.status}`);
    await tileRes.arrayBuffer();
    return { serverS, readyS, servedS: seconds() };
  } finally {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch { /* gone */ }
  }
}

function report(rows: Record<'before' | 'after', Timing[]>): void {
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  const f = (v: number) => v.toFixed(1).padStart(7);
  console.log(`\nFirst start, npm start (vite build + server) on an empty DATA_DIR, SQLite; ${RUNS} round(s); ${os.availableParallelism()} cores; load ${os.loadavg()[0]!.toFixed(2)}`);
  console.log(`| tree                         |  first line s   | demo ready s | tour + first tile s |`);
  console.log(`|------------------------------|-----------------|--------------|---------------------|`);
  for (const [name, label] of [['before', `before (${BASELINE})`], ['after', 'after (HEAD)']] as const) {
    const r = rows[name];
    console.log(`| ${label.padEnd(28)} | ${f(med(r.map((x) => x.serverS))).padStart(15)} | ${f(med(r.map((x) => x.readyS))).padStart(12)} | ${f(med(r.map((x) => x.servedS))).padStart(19)} |`);
  }
  const after = med(rows.after.map((x) => x.servedS));
  const before = med(rows.before.map((x) => x.servedS));
  console.log(`\nafter: ${after.toFixed(1)} s, ${(before / after).toFixed(1)}x sooner; target <= ${TARGET_S} s: ${after <= TARGET_S ? 'met' : 'NOT met'}\n`);
}

await main();
