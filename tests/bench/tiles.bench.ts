// Tiling benchmark: `atrium tile` against `vips dzsave` on the same 8192x4096 JPEG.
//   npx tsx tests/bench/tiles.bench.ts        (npm run bench:tiles; BENCH_RUNS=n for more rounds)
// Each tool runs in its own process under /usr/bin/time (Debian package `time`), which gives wall
// time, CPU time and peak RSS the same way for both. Rounds alternate the tools so a busy machine
// slows both alike; the table shows medians and best runs. Targets (issue 20): wall time <= 1.5x
// and peak memory <= 2x those of `vips dzsave` with its defaults.
// The CLI runs as the installed command does (`npx atrium`, its own shebang line, which sets the allocator and exposes
// gc), not through `node atrium.mjs`, which would skip that line.
// ATRIUM_CLI=/path/to/src/cli/atrium.mjs measures another checkout's CLI (e.g. main, as "before").
// The image is made from the shared fixture (../shared/fixtures), which must be present.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const TIME = '/usr/bin/time';
const FIXTURE = fileURLToPath(new URL('../../../shared/fixtures/panoramas/fishermans-bastion-equirect.jpg', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CLI = process.env.ATRIUM_CLI ?? fileURLToPath(new URL('../../src/cli/atrium.mjs', import.meta.url));
const TARGET_RATIO = 1.5;
const TARGET_PEAK_RATIO = 2;

interface Measure {
  wallS: number;
  cpuS: number;
  peakMb: number;
  /** Our tiler only: the tile command's own time (its --json seconds), without starting Node and loading the command. */
  jobS?: number;
}

await main();

async function main(): Promise<void> {
  if (!existsSync(FIXTURE)) fail(`needs the fixture ${FIXTURE}`);
  if (!existsSync(TIME)) fail(`needs ${TIME}: apt-get install -y time`);
  try {
    execFileSync('vips', ['--version']);
  } catch {
    fail('needs the vips command: apt-get install -y libvips-tools');
  }
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'atrium-bench-'));
  try {
    const image = path.join(work, 'pano-8192.jpg');
    await sharp(FIXTURE).resize(8192, 4096).jpeg({ quality: 90 }).toFile(image);
    const rows = { ours: [] as Measure[], vips: [] as Measure[], vipsMatched: [] as Measure[] };
    let tiles = { ours: 0, vips: 0, vipsMatched: 0 };
    for (let run = 0; run < RUNS; run++) {
      const out = (name: string) => path.join(work, `${name}-${run}`);
      const ours = await timed(CLI, ['tile', image, '--out', out('ours'), '--json']);
      rows.ours.push({ ...ours, jobS: (JSON.parse(ours.stdout.trim().split('\n').at(-1)!) as { seconds: number }).seconds });
      rows.vips.push(await timed('vips', ['dzsave', image, out('vips')]));
      // The same pyramid shape as ours (512 px tiles, no overlap, down to one tile, quality 80).
      rows.vipsMatched.push(await timed('vips', ['dzsave', image, out('vipsm'), '--tile-size', '512', '--overlap', '0',
        '--depth', 'onetile', '--suffix', '.jpg[Q=80]']));
      tiles = {
        ours: await countFiles(path.join(out('ours'), 'tiles')),
        vips: await countFiles(`${out('vips')}_files`),
        vipsMatched: await countFiles(`${out('vipsm')}_files`),
      };
      await Promise.all(['ours', 'vips', 'vipsm'].map((n) => fs.rm(out(n), { recursive: true, force: true })));
      await Promise.all(['vips', 'vipsm'].flatMap((n) => [`${out(n)}_files`, `${out(n)}.dzi`]).map((p) => fs.rm(p, { recursive: true, force: true })));
    }
    report(rows, tiles);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

function report(rows: Record<'ours' | 'vips' | 'vipsMatched', Measure[]>, tiles: Record<'ours' | 'vips' | 'vipsMatched', number>): void {
  const med = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const summary = (m: Measure[], wall: (x: Measure) => number = (x) => x.wallS) => ({
    wall: med(m.map(wall)),
    min: Math.min(...m.map(wall)),
    cpu: med(m.map((x) => x.cpuS)),
    peak: Math.max(...m.map((x) => x.peakMb)),
  });
  const ours = summary(rows.ours);
  const job = summary(rows.ours, (x) => x.jobS!);
  const vips = summary(rows.vips);
  const matched = summary(rows.vipsMatched);
  const n = (v: number, digits = 2) => (Number.isNaN(v) ? '' : v.toFixed(digits)).padStart(6);
  const line = (name: string, s: ReturnType<typeof summary>, files: number | string, note: string) =>
    `| ${name.padEnd(37)} | ${n(s.wall)} | ${n(s.min)} | ${n(s.cpu)} | ${n(s.peak, 0).padStart(7)} | ${String(files).padStart(5)} | ${note}`;
  const cores = os.availableParallelism();
  console.log(`\n8192x4096 JPEG (q90, from the fixture); ${RUNS} alternating round(s); ${cores} cores; load ${os.loadavg()[0]!.toFixed(2)}\n`);
  console.log(`| ${'tool'.padEnd(37)} | wall s |  min s |  CPU s | peak MB | tiles | notes`);
  console.log(`|${'-'.repeat(39)}|--------|--------|--------|---------|-------|------`);
  console.log(`atrium CLI: ${CLI}`);
  console.log(line('atrium tile', ours, tiles.ours, 'whole process: Node and the tile command load'));
  console.log(line('  of which the tile command', { ...job, cpu: NaN, peak: NaN }, '', 'also reprojects, writes 5 images'));
  console.log(line('vips dzsave (defaults)', vips, tiles.vips, '254 px tiles, overlap 1, Q75, down to 1 px'));
  console.log(line('vips dzsave (512 px, Q80, onetile)', matched, tiles.vipsMatched, 'our pyramid shape, for reference'));
  const ok = (ratio: number, target: number) => `${ratio.toFixed(2)} (${ratio <= target ? 'met' : 'NOT met'})`;
  console.log(`\nwall time, atrium tile / vips dzsave, target <= ${TARGET_RATIO}:`);
  console.log(`  process to process: median ${ok(ours.wall / vips.wall, TARGET_RATIO)}, best runs ${ok(ours.min / vips.min, TARGET_RATIO)}`);
  console.log(`  the tile command:   median ${ok(job.wall / vips.wall, TARGET_RATIO)}, best runs ${ok(job.min / vips.min, TARGET_RATIO)}`);
  console.log(`CPU time ratio: ${(ours.cpu / vips.cpu).toFixed(2)}`);
  console.log(`peak memory, atrium tile / vips dzsave, target <= ${TARGET_PEAK_RATIO}: ${ok(ours.peak / vips.peak, TARGET_PEAK_RATIO)} (${ours.peak.toFixed(0)} MB vs ${vips.peak.toFixed(0)} MB)\n`);
}

/** Runs a command under /usr/bin/time; its last stderr line is "wall user sys maxrss-kB". */
function timed(command: string, args: string[]): Promise<Measure & { stdout: string }> {
  // Flush what the previous run wrote first, or its writeback slows this one down (vips' 790
  // small files suffered most: up to 2x).
  execFileSync('sync');
  return new Promise((resolve, reject) => {
    const proc = spawn(TIME, ['-f', '%e %U %S %M', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d: Buffer) => (stdout += d));
    proc.stderr.on('data', (d: Buffer) => (stderr += d));
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${stderr}`));
      const [wall, user, sys, kb] = stderr.trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number, number, number];
      resolve({ wallS: wall, cpuS: user + sys, peakMb: kb / 1024, stdout });
    });
  });
}

async function countFiles(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && /\.jpe?g$/.test(e.name)).length;
}

function fail(message: string): never {
  console.error(`tiles.bench: ${message}`);
  process.exit(1);
}
