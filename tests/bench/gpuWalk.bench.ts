// GPU memory benchmark: a scripted walk through a 20-panorama tour in the real viewer, with and without release.
//   npm run bench:gpu-walk   (builds dist/, then runs this file)
// Builds a tour of the demo's panoramas, repeated and varied (mirrored, tinted, some upscaled to 8192x4096 so that
// their pyramids have a fourth level, as a real 8K photograph would), imports it with `atrium import`, and walks
// it in headless Chromium as a visitor would: in each panorama a full look-around, up and down, a zoom in with a
// look to each side, a zoom out, then the next panorama (PageDown). Every few seconds it samples what the scene
// holds on the GPU: its own byte count of resident panorama textures (tiles and first views, window.__atriumScene)
// and three.js's renderer.info.memory.textures. The same walk runs twice in the same browser build: with the
// device class's budget, then with release turned off by the test-only switch (window.__atriumTileBudget), as
// the baseline. It prints figures only: nothing is asserted.
// Environment: BENCH_WALK_MINUTES (default 10, per walk), BENCH_SAMPLE_MS (2000), BENCH_PROFILE (phone|desktop),
// BENCH_PANORAMAS (20), BENCH_LARGE (6 of them upscaled to 8192x4096), BENCH_MODES (budget,off).
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startAtriumServer, stopAllAtriumServers, type AtriumServer } from '../support/atriumServer.ts';
import { MB, sceneSample, turn, waitForPanorama, waitSharp, zoomTo, type SceneSample } from '../support/panoramaWalk.ts';
import { importPhotoTour } from './support/importPhoto.ts';
import { PROFILES } from './support/profiles.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = path.join(REPO_ROOT, 'dist');
const DEMO_PANORAMAS = path.join(REPO_ROOT, 'src/server/demo/harbour-house/panoramas');
const WALK_MS = Number(process.env.BENCH_WALK_MINUTES ?? 10) * 60_000;
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_MS ?? 2000);
const PROFILE = process.env.BENCH_PROFILE ?? 'phone';
const PANORAMAS = Number(process.env.BENCH_PANORAMAS ?? 20);
const LARGE = Number(process.env.BENCH_LARGE ?? 6);
const MODES = (process.env.BENCH_MODES ?? 'budget,off').split(',').map((s) => s.trim()).filter(Boolean) as Mode[];
/** Bounded: the tour's import (~1-3 min), the walks, and a margin. */
const WATCHDOG_MS = Number(process.env.BENCH_TIMEOUT_MS ?? MODES.length * WALK_MS + 20 * 60_000);

type Mode = 'budget' | 'off';

interface WalkResult {
  mode: Mode;
  samples: SceneSample[];
  panoramasVisited: number;
  consoleErrors: string[];
}

let server: AtriumServer | undefined;
let browser: Browser | undefined;
let work: string | undefined;

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanup().finally(() => process.exit(130)));
const watchdog = setTimeout(() => {
  process.stderr.write(`gpu-walk benchmark: gave up after ${WATCHDOG_MS / 1000} s\n`);
  void cleanup().finally(() => process.exit(1));
}, WATCHDOG_MS);

try {
  await main();
} catch (error) {
  process.stderr.write(`gpu-walk benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}

async function main(): Promise<void> {
  const profile = PROFILES[PROFILE] ?? fail(`unknown profile "${PROFILE}"; known: ${Object.keys(PROFILES).join(', ')}`);
  if (!existsSync(path.join(DIST, 'index.html'))) fail('dist/index.html is missing: run `npm run build` first (npm run bench:gpu-walk does)');
  if (!(PANORAMAS >= 2)) fail('BENCH_PANORAMAS must be 2 or more');
  for (const mode of MODES) if (mode !== 'budget' && mode !== 'off') fail(`unknown mode "${mode}"; known: budget, off`);
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'atrium-bench-gpu-walk-'));
  const clientDir = path.join(work, 'client');
  await fs.cp(DIST, clientDir, { recursive: true, filter: (src) => !src.endsWith('.map') });

  say(`Building a ${PANORAMAS}-panorama tour from the demo's panoramas (${Math.min(LARGE, PANORAMAS)} upscaled to 8192x4096)...`);
  const tourDir = path.join(work, 'tour');
  await buildTour(tourDir);
  say('Starting the server and importing the tour (atrium import tiles every panorama)...');
  const dataDir = path.join(work, 'data');
  server = await startAtriumServer({ repoRoot: REPO_ROOT, dataDir, clientDir });
  const started = Date.now();
  const tourId = await importPhotoTour({ repoRoot: REPO_ROOT, dataDir, baseUrl: server.baseUrl, image: tourDir, name: 'GPU walk (benchmark)', timeoutMs: 15 * 60_000 });
  say(`Imported in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

  browser = await launchBrowser();
  const results: WalkResult[] = [];
  for (const mode of MODES) {
    say(`\nWalk with ${mode === 'budget' ? 'the device class budget' : 'release turned off (baseline)'}: ${(WALK_MS / 60_000).toFixed(1)} min, ${profile.label.split(',')[0]!}`);
    results.push(await walk(browser, `${server.baseUrl}/${tourId}?autorotate=false`, mode, profile.context));
  }
  // The profile's screen only: the link and CPU are not throttled, the walk measures memory, not speed.
  report(results, `${profile.label.split(',')[0]!} (no link or CPU throttling)`);
}

/** tour.json with PANORAMAS panoramas: the six demo rooms in turn, as they are, mirrored, tinted or upscaled. */
async function buildTour(dir: string): Promise<void> {
  await fs.mkdir(path.join(dir, 'panoramas'), { recursive: true });
  const rooms = (await fs.readdir(DEMO_PANORAMAS)).filter((f) => f.endsWith('.jpg')).sort();
  const panoramas = [];
  for (let i = 0; i < PANORAMAS; i++) {
    const room = rooms[i % rooms.length]!;
    // Spread evenly, so a walk cut short still meets 8K panoramas.
    const large = LARGE > 0 && Math.floor(((i + 1) * LARGE) / PANORAMAS) > Math.floor((i * LARGE) / PANORAMAS);
    const round = Math.floor(i / rooms.length);
    let image = sharp(path.join(DEMO_PANORAMAS, room));
    if (round % 2 === 1) image = image.flop();
    if (round >= 2) image = image.modulate({ hue: 40 * round, brightness: 1.05 });
    if (large) image = image.resize(8192, 4096, { kernel: 'lanczos3' });
    const file = `panoramas/${String(i + 1).padStart(2, '0')}-${room}`;
    await image.jpeg({ quality: 85 }).toFile(path.join(dir, file));
    panoramas.push({ id: `p${i + 1}`, file, name: `${i + 1}. ${room.replace('.jpg', '')}${large ? ' (8K)' : ''}`, category: 'others' });
  }
  await fs.writeFile(path.join(dir, 'tour.json'), JSON.stringify({ name: 'GPU walk', panoramas }, null, 2));
}

async function walk(b: Browser, url: string, mode: Mode, context: Parameters<Browser['newContext']>[0]): Promise<WalkResult> {
  const ctx = await b.newContext(context);
  const page = await ctx.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/GPU stall due to ReadPixels/.test(m.text())) consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  if (mode === 'off') await page.addInitScript(() => { window.__atriumTileBudget = { release: false }; });
  await page.goto(url);
  let current = await waitForPanorama(page, null, 120_000);
  const samples: SceneSample[] = [];
  const end = Date.now() + WALK_MS;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      samples.push(await sceneSample(page).catch(() => samples.at(-1)!));
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
  })();
  let visited = 1;
  const dwell = WALK_MS / PANORAMAS;
  const start = Date.now();
  try {
    for (;;) {
      // On a fixed schedule (the move to the next panorama is inside its slot), so the walk reaches every panorama.
      const leaveAt = Math.min(end, start + visited * dwell);
      await lookAndZoom(page, leaveAt);
      const rest = leaveAt - Date.now();
      if (rest > 0) await page.waitForTimeout(rest);
      if (Date.now() >= end) break;
      await page.keyboard.press('PageDown');
      current = await waitForPanorama(page, current, 120_000);
      visited++;
      if (visited % 5 === 0) {
        const s = samples.at(-1);
        say(`   ${visited} panoramas, ${((WALK_MS - (end - Date.now())) / 60_000).toFixed(1)} min` + (s ? `: ${(s.residentBytes / MB).toFixed(1)} MB resident, ${s.gpuTextures} textures` : ''));
      }
    }
  } finally {
    sampling = false;
    await sampler;
    await ctx.close();
  }
  return { mode, samples, panoramasVisited: visited, consoleErrors };
}

/** What a visitor does in a room: looks all around, up and down, zooms in on two sides, zooms back out. */
async function lookAndZoom(page: Page, until: number): Promise<void> {
  const left = () => until - Date.now();
  const settle = async () => void (await waitSharp(page, Math.min(4000, left())));
  const steps: (() => Promise<void>)[] = [
    settle,
    ...[90, 90, 90, 90].map((d) => async () => { await turn(page, d); await settle(); }),
    async () => { await turn(page, 60, 'pitch'); await settle(); },
    async () => { await turn(page, -120, 'pitch'); await settle(); },
    async () => { await turn(page, 60, 'pitch'); },
    async () => { await zoomTo(page, 40); await settle(); },
    async () => { await turn(page, 45); await settle(); },
    async () => { await turn(page, -90); await settle(); },
    async () => { await zoomTo(page, 90); await settle(); },
  ];
  for (const step of steps) {
    if (left() <= 500) return;
    await step();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function report(results: WalkResult[], profileLabel: string): void {
  const mb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / MB).toFixed(1)} MB` : 'none');
  say('\nGPU walk: resident panorama textures (tiles + first views, RGBA with mip chains) and three.js live textures');
  say(`${profileLabel}; SwiftShader; a sample every ${SAMPLE_MS / 1000} s`);
  const widths = [34, 16, 16];
  const row = (cells: string[]) => say(cells.map((c, i) => (i === 0 ? c.padEnd(widths[0]!) : c.padStart(widths[1]!))).join('  '));
  row(['', ...results.map((r) => (r.mode === 'budget' ? 'with budget' : 'release off'))]);
  const stat = (label: string, pick: (r: WalkResult) => string) => row([label, ...results.map(pick)]);
  const bytes = (r: WalkResult) => r.samples.map((s) => s.residentBytes);
  const textures = (r: WalkResult) => r.samples.map((s) => s.gpuTextures);
  stat('device class', (r) => r.samples[0]?.deviceClass ?? '?');
  stat('budget', (r) => mb(r.samples[0]?.budgetBytes ?? Number.NaN));
  stat('panoramas visited', (r) => String(r.panoramasVisited));
  stat('samples', (r) => String(r.samples.length));
  stat('resident bytes: max', (r) => mb(Math.max(...bytes(r))));
  stat('resident bytes: p95', (r) => mb(percentile(bytes(r), 95)));
  stat('resident bytes: median', (r) => mb(percentile(bytes(r), 50)));
  stat('samples over the budget', (r) => String(r.samples.filter((s) => s.residentBytes > s.budgetBytes).length));
  stat('renderer textures: max', (r) => String(Math.max(...textures(r))));
  stat('renderer textures: p95', (r) => String(percentile(textures(r), 95)));
  stat('resident textures (own count): max', (r) => String(Math.max(...r.samples.map((s) => s.resident))));
  stat('released under the budget', (r) => String(r.samples.at(-1)?.tilesReleased ?? 0));
  stat('tiles loaded (last panorama)', (r) => String(r.samples.at(-1)?.tilesLoaded ?? 0));
  stat('samples with a sharp view', (r) => `${Math.round((100 * r.samples.filter((s) => s.sharp).length) / Math.max(1, r.samples.length))} %`);
  const budget = results.find((r) => r.mode === 'budget');
  const off = results.find((r) => r.mode === 'off');
  if (budget && off) {
    const diff = (pick: (values: number[]) => number) => pick(bytes(off)) - pick(bytes(budget));
    say(`\nRelease off minus with budget: max ${mb(diff((v) => Math.max(...v)))}, p95 ${mb(diff((v) => percentile(v, 95)))}, median ${mb(diff((v) => percentile(v, 50)))}`);
  }
  const errors = results.flatMap((r) => r.consoleErrors);
  if (errors.length) say(`\nConsole errors during the walks (${errors.length}): ${[...new Set(errors)].slice(0, 5).join(' | ')}`);
}

async function cleanup(): Promise<void> {
  await browser?.close().catch(() => undefined);
  browser = undefined;
  stopAllAtriumServers();
  server = undefined;
  if (work) await fs.rm(work, { recursive: true, force: true }).catch(() => undefined);
  work = undefined;
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function fail(message: string): never {
  throw new Error(message);
}
