// First-view benchmark: Atrium against two plain viewers on the same panorama.
//   npm run bench:first-view   (builds dist/, then runs this file)
// Starts the real server on an empty data folder (it serves the committed demo tour) and imports real photographs
// as further tours: the shared 4096x2048 photo, and an 8192x4096 version of it (upscaled with libvips' Lanczos:
// an 8K photo's pixels and bytes, not its detail). For each panorama and device profile it loads, in headless
// Chromium under a throttled link and CPU, (a) the tour in Atrium, (b) a plain three.js page that puts the
// panorama's full equirectangular JPEG (its desktopUrl) on a sphere and (c) a Photo Sphere Viewer 5 page showing
// the same JPEG. Rounds alternate the three so a busy machine slows all alike; the tables show medians. It prints
// figures only: timings are never asserted.
//
// The moments compared:
// - first pixels: the earliest picture of the panorama on screen. Atrium: the CSS preview (the tiny first-view
//   cube drawn by the page's inline script), else the WebGL scene's first view. Baselines: their first frame with
//   the photo, which is also their sharp view (one image, at full resolution).
// - WebGL first view: Atrium's scene drew its first frame of the panorama.
// - SHARP view: every tile in view, at the level the screen needs (Marzipano's rule, scene/tiles/selectLevel.ts;
//   in view = the scene's own test with its prefetch margin), painted. Whichever stage paints it first counts:
//   * the CSS stage: the page's inline script stamps __atriumPosterSharp once every such tile is a decoded <img> in
//     the poster and two animation frames have passed (the frame with them has been presented); the benchmark
//     then checks in the page that each of those <img> is in the DOM, complete and decoded (naturalWidth > 0),
//     and, once the scene knows its tiles, that the set the poster painted covers the scene's visible set at its
//     target level (else the CSS moment does not count);
//   * the WebGL stage: the scene's stats flip allVisibleAtTarget (every visible tile uploaded and drawn).
// Environment: BENCH_RUNS (default 3), BENCH_PROFILES (phone,desktop), BENCH_SCENARIOS (demo,photo,photo8k),
// BENCH_SCREENSHOTS=<dir> to save what each page showed at the end of its last run.
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startAtriumServer, stopAllAtriumServers, type AtriumServer } from '../support/atriumServer.ts';
import { BASELINE_PAGES, buildBaseline, serveBaseline, type BaselineKind, type BaselineSite } from './support/baselineSite.ts';
import { importPhotoTour, upscalePhoto } from './support/importPhoto.ts';
import { initialJavaScript } from '../support/initialJs.ts';
import { measureLoad } from './support/measureLoad.ts';
import { PROFILES, type Profile } from './support/profiles.ts';
import { initialJsLines, medianRun, profileTable, targetLines, waterfall, type ProfileRuns } from './support/report.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = path.join(REPO_ROOT, 'dist');
const PHOTO = fileURLToPath(new URL('../../../shared/fixtures/panoramas/fishermans-bastion-equirect.jpg', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const list = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);
const PROFILE_NAMES = list(process.env.BENCH_PROFILES ?? 'phone,desktop');
const SCENARIOS = list(process.env.BENCH_SCENARIOS ?? 'demo,photo,photo8k');
/** The whole benchmark is bounded: server start (~20-60 s), builds, an import, and 2 x RUNS loads per combination. */
const WATCHDOG_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 25 * 60_000);

interface Scenario {
  name: string;
  tourId: string;
  /** The JPEG the baselines load: panorama 0's desktopUrl. */
  desktopUrl: string;
  jpeg: Buffer;
  panoramaId: string;
}

let server: AtriumServer | undefined;
const sites: BaselineSite[] = [];
let browser: Browser | undefined;
let work: string | undefined;

// atriumServer.ts also kills its servers on exit: a signal during the server's start-up must not leave it running.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanup().finally(() => process.exit(130)));
const watchdog = setTimeout(() => {
  process.stderr.write(`first-view benchmark: gave up after ${WATCHDOG_MS / 1000} s\n`);
  void cleanup().finally(() => process.exit(1));
}, WATCHDOG_MS);

try {
  await main();
} catch (error) {
  process.stderr.write(`first-view benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}

async function main(): Promise<void> {
  const profiles = PROFILE_NAMES.map((name) => PROFILES[name] ?? fail(`unknown profile "${name}"; known: ${Object.keys(PROFILES).join(', ')}`));
  if (!(RUNS >= 1)) fail('BENCH_RUNS must be 1 or more');
  if (!existsSync(path.join(DIST, 'index.html'))) fail('dist/index.html is missing: run `npm run build` first (npm run bench:first-view does)');
  const workDir = (work = await fs.mkdtemp(path.join(os.tmpdir(), 'atrium-bench-first-view-')));
  // A private copy of the client: another build of dist/ during the run must not change what is measured.
  const clientDir = path.join(workDir, 'client');
  await fs.cp(DIST, clientDir, { recursive: true, filter: (src) => !src.endsWith('.map') });
  const initialJs = await initialJavaScript(clientDir);

  say('Starting the server (renders and tiles the demo tour) and building the baseline page...');
  const baselineDir = path.join(workDir, 'baseline');
  const dataDir = path.join(workDir, 'data');
  [server] = await Promise.all([startAtriumServer({ repoRoot: REPO_ROOT, dataDir, clientDir }), buildBaseline(baselineDir)]);
  const { baseUrl } = server;

  const scenarios: Scenario[] = [];
  for (const name of SCENARIOS) {
    if (name === 'demo') scenarios.push(await scenario('demo tour, panorama 0 (synthetic render)', server.demoTourId, baseUrl));
    else if (name === 'photo' || name === 'photo8k') {
      if (!existsSync(PHOTO)) {
        say(`Skipping the ${name} scenario: the shared fixture ${PHOTO} is absent.`);
        continue;
      }
      const eight = name === 'photo8k';
      const image = eight ? await upscalePhoto(PHOTO, path.join(workDir, 'photo-8k.jpg'), 8192) : PHOTO;
      say(`Importing the ${eight ? '8K' : '4K'} photograph as a tour (atrium import)...`);
      const id = await importPhotoTour({ repoRoot: REPO_ROOT, dataDir, baseUrl, image, name: `Fishermans Bastion ${eight ? '8K' : '4K'} (benchmark)` });
      scenarios.push(await scenario(eight
        ? 'real photo upscaled to 8192x4096, fishermans-bastion (Emil Persson, CC BY 3.0)'
        : 'real photo, fishermans-bastion 4096x2048 (Emil Persson, CC BY 3.0)', id, baseUrl));
    } else fail(`unknown scenario "${name}"; known: demo, photo, photo8k`);
  }

  browser = await launchBrowser();
  const results: ProfileRuns[] = [];
  for (const s of scenarios) {
    const site = await serveBaseline(baselineDir, s.jpeg);
    sites.push(site);
    const atriumUrl = `${baseUrl}/${s.tourId}?autorotate=false`;
    for (const profile of profiles) results.push(await runProfile(browser, s, profile, atriumUrl, site.url));
  }

  say('');
  say('First-view benchmark: Atrium vs a plain three.js sphere and Photo Sphere Viewer 5 (both show the full equirectangular JPEG)');
  say(`Load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
  say('1 kB = 1000 bytes. Bytes are on the wire (headers + compressed bodies); "before first view" counts requests finished by then.');
  say('WebGL runs on SwiftShader (CPU rendering): texture uploads and draws are far slower than on a phone GPU, for both pages.');
  for (const s of scenarios) say(`Baseline image for "${s.name}": ${s.desktopUrl} = ${(s.jpeg.length / 1000).toFixed(1)} kB`);
  for (const r of results) say(`\n${profileTable(r)}`);
  say(`\n${initialJsLines(initialJs)}`);
  for (const r of results.filter((x) => x.profile.checksTargets)) say(`\n${targetLines(r, initialJs)}`);
  for (const r of results.filter((x) => x.profile.checksTargets)) say(`\n${waterfall(`${r.scenario}, median ${r.profile.name} run`, medianRun(r.atrium), baseUrl)}`);
  const errors = results.flatMap((r) => [...r.atrium, ...Object.values(r.baselines).flat()].flatMap((l) => l.consoleErrors));
  if (errors.length) say(`\nConsole errors during the runs (${errors.length}): ${[...new Set(errors)].slice(0, 5).join(' | ')}`);
}

async function scenario(name: string, tourId: string, baseUrl: string): Promise<Scenario> {
  const tour = (await (await fetch(`${baseUrl}/v2/buildings/openLink/${tourId}`)).json()) as { panoramas: { objectId: string; desktopUrl: string | null }[] };
  const first = tour.panoramas[0] ?? fail(`tour ${tourId} has no panoramas`);
  const desktopUrl = first.desktopUrl ?? fail(`panorama 0 of ${tourId} has no desktopUrl`);
  const jpeg = Buffer.from(await (await fetch(new URL(desktopUrl, baseUrl))).arrayBuffer());
  return { name, tourId, desktopUrl, jpeg, panoramaId: first.objectId };
}

async function runProfile(b: Browser, s: Scenario, profile: Profile, atriumUrl: string, siteUrl: string): Promise<ProfileRuns> {
  const runs: ProfileRuns = { scenario: s.name, profile, atrium: [], baselines: { three: [], psv: [] } };
  say(`\n${s.name} | ${profile.label}`);
  for (let i = 0; i < RUNS; i++) {
    const last = i === RUNS - 1;
    const tag = `${s.tourId}-${profile.name}`;
    const atrium = await measureLoad(b, atriumUrl, profile, 'atrium', last ? shot(`${tag}-atrium`) : undefined);
    if (atrium.panoramaId !== s.panoramaId) say(`   note: Atrium opened panorama ${atrium.panoramaId}, not panorama 0 (${s.panoramaId})`);
    runs.atrium.push(atrium);
    const line = [`   run ${i + 1}/${RUNS} (load ${os.loadavg()[0]!.toFixed(1)}): Atrium preview ${Math.round(atrium.firstPixelsMs)}, WebGL ${Math.round(atrium.phases.webglFirstPixels ?? Number.NaN)},`
      + ` sharp ${Math.round(atrium.sharpMs ?? Number.NaN)} ms`];
    for (const kind of Object.keys(BASELINE_PAGES) as BaselineKind[]) {
      const result = await measureLoad(b, new URL(BASELINE_PAGES[kind], siteUrl).href, profile, 'baseline', last ? shot(`${tag}-${kind}`) : undefined);
      runs.baselines[kind].push(result);
      line.push(`${kind} ${Math.round(result.firstPixelsMs)} ms`);
    }
    say(line.join('; '));
  }
  return runs;
}

function shot(name: string): string | undefined {
  const dir = process.env.BENCH_SCREENSHOTS;
  return dir ? path.resolve(dir, `${name}.png`) : undefined;
}

async function cleanup(): Promise<void> {
  await browser?.close().catch(() => undefined);
  browser = undefined;
  await Promise.all(sites.splice(0).map((site) => site.close().catch(() => undefined)));
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
