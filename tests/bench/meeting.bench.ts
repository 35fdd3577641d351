// Meeting benchmark: live meetings on Janus, measured through the real viewer in headless Chromium (fake camera and
// microphone) against the real server and the Janus child process it starts.
//   npm run bench:meeting   (builds dist/, then runs this file; run it under the browser lock, it is heavy)
// 1. Join to first picture: a guest page (the real viewer, ?meeting=ID) has drawn the tour, the guest clicks Join;
//    measured on the page's own clock from that click to the first frame of the host's <video> (videoWidth > 0, from
//    requestVideoFrameCallback), and that frames then advance. BENCH_JOINS joins, one at a time, each guest leaving
//    after. Baseline, alternating with them so a busy machine slows both alike: the same moment for two plain pages
//    calling each other directly (one RTCPeerConnection, no SFU, no server, candidates gathered before the offer is
//    sent as Atrium does, the same fake camera at the same sizes). It is the floor of the browser's own WebRTC
//    (camera start, ICE, DTLS, first encoded and decoded frame): what the join adds above it is Atrium's (HTTP join,
//    socket, publish and subscribe through Janus).
// 2. CPU of a meeting: the server's process and its Janus child (utime + stime from /proc) while the host and
//    BENCH_GUESTS guests are in one meeting for BENCH_SECONDS, every guest a real participant: one Chromium, one
//    context and page of the real viewer each, publishing its fake camera and subscribing to everyone else's (the
//    viewer's full mesh through the SFU). Baselines in the same run over the same time: the idle server (Janus
//    started, no meeting), then the host alone in the meeting (Janus receives one publisher, forwards nothing). The
//    browsers' CPU is printed too: on 2 cores they compete with the server, so their share explains the figures.
// Prints figures only: no timing is asserted.
// Environment: BENCH_JOINS (10), BENCH_GUESTS (10), BENCH_SECONDS (30), BENCH_PORT (the server's port; the OS picks
// one otherwise; the plain pages use the next one), BENCH_DATA_DIR (an empty folder; a temporary one otherwise).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FAKE_MEDIA_ARGS, launchBrowser } from '../e2e/support/browser.ts';
import { seedMeeting, type MeetingSeed } from '../e2e/support/seedMeeting.ts';
import { startAtriumServer, stopAllAtriumServers, type AtriumServer } from '../support/atriumServer.ts';
import { freePort } from '../support/freePort.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = path.join(REPO_ROOT, 'dist');
const JOINS = Number(process.env.BENCH_JOINS ?? 10);
const GUESTS = Number(process.env.BENCH_GUESTS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const WATCHDOG_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 25 * 60_000);
/** Clock ticks per second of /proc's utime and stime: 100 on every Linux this runs on. */
const HZ = 100;

let server: AtriumServer | undefined;
let browser: Browser | undefined;
let plainSite: http.Server | undefined;
let work: string | undefined;

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanup().finally(() => process.exit(130)));
const watchdog = setTimeout(() => {
  process.stderr.write(`meeting benchmark: gave up after ${WATCHDOG_MS / 1000} s\n`);
  void cleanup().finally(() => process.exit(1));
}, WATCHDOG_MS);

interface Marks {
  /** performance.now() of the click on Join (or the start of the plain call). */
  join?: number;
  /** The first remote frame's requestVideoFrameCallback time, and the next frame of the same video. */
  first?: number;
  advanced?: number;
  width?: number;
  height?: number;
}

/**
 * Installed in every page before its scripts: stamps the click on Join, and watches every remote <video> (the
 * viewer's tiles, or the plain page's) with requestVideoFrameCallback. A string: tsx would add helpers Playwright
 * cannot serialise into the page.
 */
const MARKS_SCRIPT = `(() => {
  const marks = (window.__meetingBench = {});
  document.addEventListener('click', (e) => {
    if (marks.join === undefined && e.target instanceof Element && e.target.closest('[data-testid="meeting-join"]')) marks.join = performance.now();
  }, true);
  const watched = new WeakSet();
  let owner = null;
  const watch = (v) => {
    if (watched.has(v)) return;
    watched.add(v);
    let firstFrames = 0;
    let firstMedia = 0;
    const onFrame = (now, meta) => {
      if (marks.join !== undefined && v.videoWidth > 0 && (owner === null || owner === v)) {
        if (marks.first === undefined) {
          owner = v;
          marks.first = now; marks.width = v.videoWidth; marks.height = v.videoHeight;
          firstFrames = meta.presentedFrames; firstMedia = meta.mediaTime;
        } else if (meta.presentedFrames > firstFrames && meta.mediaTime > firstMedia) {
          marks.advanced = now;
          return;
        }
      }
      v.requestVideoFrameCallback(onFrame);
    };
    v.requestVideoFrameCallback(onFrame);
  };
  window.__meetingBenchWatch = watch;
  const scan = () => document.querySelectorAll('video[data-testid="meeting-remote-video"]').forEach(watch);
  new MutationObserver(scan).observe(document, { childList: true, subtree: true });
})();`;

async function main(): Promise<void> {
  if (!(JOINS >= 1 && GUESTS >= 1 && SECONDS >= 1)) fail('BENCH_JOINS, BENCH_GUESTS and BENCH_SECONDS must be 1 or more');
  if (!fs.existsSync(path.join(DIST, 'index.html'))) fail('dist/index.html is missing: run `npm run build` first (npm run bench:meeting does)');
  const loadStart = os.loadavg();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-meeting-'));
  // A private copy of the client: another build of dist/ during the run must not change what is measured.
  const clientDir = path.join(work, 'client');
  fs.cpSync(DIST, clientDir, { recursive: true, filter: (src) => !src.endsWith('.map') });
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join(work, 'data');
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) fail(`BENCH_DATA_DIR ${dataDir} is not empty`);

  say('Starting the server (renders and tiles the demo tour; starts its Janus child)...');
  server = await startAtriumServer({ repoRoot: REPO_ROOT, dataDir, clientDir, ...(PORT ? { port: PORT } : {}) });
  const janusPid = findJanus(server.pid) ?? fail('the server started no Janus child: meetings are off (is the janus binary installed?)');
  const seed = seedMeeting(dataDir, server.demoTourId);
  const { baseUrl, demoTourId } = server;
  say(`Server pid ${server.pid}, Janus pid ${janusPid}, ${baseUrl}`);

  const plainUrl = await servePlainPage(PORT ? PORT + 1 : await freePort());
  const processes = { server: server.pid, janus: janusPid };

  say('Meeting benchmark (headless Chromium, fake camera and microphone; the viewer asks 640x360@24 of the host, 320x180@15 of guests)');
  say(`Machine: ${os.cpus().length} cores; load average (1, 5, 15 min) at start ${fmtLoad(loadStart)}`);
  // Each figure is printed as soon as it is measured: a later phase failing on a busy machine keeps the earlier ones.
  say(`\nCPU over ${SECONDS} s, in % of one core (${os.cpus().length} cores = 200%); Chromium = all its processes (the pages, not measured):`);
  await sleep(5000); // the demo's last tiles and the first requests settle
  cpuLine('idle server (no meeting, no browser)', await cpuWindow(processes, SECONDS));

  browser = await launchBrowser(FAKE_MEDIA_ARGS);
  const meeting = await createMeeting(baseUrl, demoTourId, seed, GUESTS);
  const host = await hostPage(browser, baseUrl, seed, `${baseUrl}/${demoTourId}?meeting=${meeting.objectId}&host=1&autorotate=false`);
  await sleep(3000);
  cpuLine('host alone in the meeting (publishing)', await cpuWindow(processes, SECONDS));

  say(`\nJoin to first picture (click on Join -> first frame of the host's video on the guest's page), ${JOINS} joins each, alternating:`);
  const plainHost = await plainHostPage(browser, plainUrl);
  const atriumTimes: number[] = [];
  const plainTimes: number[] = [];
  for (let i = 0; i < JOINS; i++) {
    const a = await atriumJoin(browser, `${baseUrl}/${demoTourId}?meeting=${meeting.objectId}&autorotate=false`, `Bench Guest ${i + 1}`);
    const p = await plainJoin(browser, plainUrl, plainHost, i);
    atriumTimes.push(a.ms);
    plainTimes.push(p.ms);
    say(`  ${i + 1}/${JOINS}: Atrium ${a.ms.toFixed(0)} ms (${a.size}, next frame +${a.nextMs.toFixed(0)} ms); peer-to-peer ${p.ms.toFixed(0)} ms (${p.size}, next frame +${p.nextMs.toFixed(0)} ms)`);
  }
  await plainHost.context.close();
  say(`  Atrium via Janus:            p50 ${percentile(atriumTimes, 50).toFixed(0)} ms, p95 ${percentile(atriumTimes, 95).toFixed(0)} ms (min ${Math.min(...atriumTimes).toFixed(0)}, max ${Math.max(...atriumTimes).toFixed(0)})`);
  say(`  plain peer-to-peer baseline: p50 ${percentile(plainTimes, 50).toFixed(0)} ms, p95 ${percentile(plainTimes, 95).toFixed(0)} ms (min ${Math.min(...plainTimes).toFixed(0)}, max ${Math.max(...plainTimes).toFixed(0)})`);
  say(`  ratio of p50s: ${(percentile(atriumTimes, 50) / percentile(plainTimes, 50)).toFixed(2)}x; load average now ${fmtLoad(os.loadavg())}`);

  say(`\nJoining ${GUESTS} guests (one context and page of the real viewer each, in one Chromium) and keeping them in the meeting...`);
  const guests: Page[] = [];
  for (let i = 0; i < GUESTS; i++) {
    // On an overloaded machine a page may not come up in time: measure with those who did, and say how many.
    const guest = await stayingGuest(browser, `${baseUrl}/${demoTourId}?meeting=${meeting.objectId}&autorotate=false`, `Load Guest ${i + 1}`)
      .catch((error: unknown) => say(`  Load Guest ${i + 1} did not join: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`));
    if (guest) guests.push(guest);
  }
  // Everyone subscribes to everyone who joined after them: let the last subscriptions settle.
  await sleep(10_000);
  const pages = [host, ...guests];
  const before = await Promise.all(pages.map(decodedFrames));
  const full = await cpuWindow(processes, SECONDS);
  const after = await Promise.all(pages.map(decodedFrames));
  const decoding = pages.map((_, i) => {
    const b = new Map(before[i]!.map((v) => [v.key, v.frames]));
    return after[i]!.filter((v) => v.width > 0 && v.frames > (b.get(v.key) ?? Infinity)).length;
  });
  const framesPerSecond = pages.map((_, i) => {
    const b = new Map(before[i]!.map((v) => [v.key, v.frames]));
    return after[i]!.reduce((n, v) => n + Math.max(0, v.frames - (b.get(v.key) ?? v.frames)), 0) / full.seconds;
  });
  cpuLine(`host + ${guests.length} guests in the meeting`, full);
  say(`  with ${guests.length} guests: ${decoding.reduce((a, b) => a + b, 0)} remote videos decoding across the ${pages.length} pages (per page: ${decoding.join(', ')}; `
    + `each could show ${pages.length - 1}), ${framesPerSecond.reduce((a, b) => a + b, 0).toFixed(0)} decoded frames/s in all`);
  say(`Load average (1, 5, 15 min) at start ${fmtLoad(loadStart)}, at end ${fmtLoad(os.loadavg())}`);
}

function cpuLine(label: string, c: CpuWindow): void {
  say(`  ${label.padEnd(42)} server ${pct(c.server).padStart(6)}  Janus ${pct(c.janus).padStart(6)}  server + Janus ${pct(c.server + c.janus).padStart(6)}`
    + `  Chromium ${pct(c.browsers).padStart(6)}  (over ${c.seconds.toFixed(1)} s; load average at its end ${fmtLoad(c.loadEnd)})`);
}

// ---------- Atrium pages ----------

async function createMeeting(baseUrl: string, tourId: string, seed: MeetingSeed, capacity: number): Promise<{ objectId: string }> {
  const headers = { 'content-type': 'application/json', 'x-token-type': 'istaging', 'x-session-token': seed.host.token, 'x-user-id': seed.host.userId };
  const res = await fetch(`${baseUrl}/v2/meetings/tours/${tourId}`, { method: 'POST', headers, body: JSON.stringify({ title: 'Benchmark', capacity }) });
  if (!res.ok) fail(`create meeting: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ objectId: string }>;
}

async function viewerPage(b: Browser, url: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await b.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addCookies([{ name: 'atrium_consent', value: 'all', url: new URL(url).origin }]);
  const page = await context.newPage();
  await page.addInitScript(MARKS_SCRIPT);
  return { context, page };
}

/** Opens the viewer on a meeting link and waits for its pre-join card and the tour's first view, so the join is measured alone. */
async function openPrejoin(page: Page, url: string): Promise<void> {
  await page.goto(url, { timeout: 180_000 });
  await page.getByTestId('meeting-prejoin').waitFor({ timeout: 180_000 });
  await page.waitForFunction(() => (window as unknown as { __atriumScene?: { firstPixels?: boolean } }).__atriumScene?.firstPixels === true, null, { timeout: 90_000, polling: 200 })
    .catch(() => undefined); // a slow first view only makes the join compete with it; the join is still measured
  await page.waitForTimeout(500);
}

async function joined(page: Page, who: string): Promise<void> {
  await page.locator('[data-testid="meeting-panel"][data-phase="joined"]').waitFor({ timeout: 180_000 }).catch((error: unknown) => {
    throw new Error(`${who} did not join`, { cause: error });
  });
}

async function hostPage(b: Browser, baseUrl: string, seed: MeetingSeed, url: string): Promise<Page> {
  const { page } = await viewerPage(b, baseUrl);
  await page.addInitScript((token) => localStorage.setItem('atrium.sessionToken', token), seed.host.token);
  await openPrejoin(page, url);
  await page.getByTestId('meeting-join').click();
  await joined(page, 'the host');
  return page;
}

async function guestJoins(page: Page, url: string, name: string): Promise<void> {
  await openPrejoin(page, url);
  await page.getByTestId('meeting-name').fill(name);
  await page.getByTestId('meeting-join').click();
}

interface JoinResult {
  ms: number;
  nextMs: number;
  size: string;
}

async function waitForPicture(page: Page, who: string): Promise<JoinResult> {
  await page.waitForFunction(() => (window as unknown as { __meetingBench: Marks }).__meetingBench.advanced !== undefined, null, { timeout: 90_000, polling: 100 })
    .catch(async (error: unknown) => {
      const marks = await page.evaluate(() => (window as unknown as { __meetingBench: Marks }).__meetingBench);
      throw new Error(`${who}: no advancing remote picture (${JSON.stringify(marks)})`, { cause: error });
    });
  const m = await page.evaluate(() => (window as unknown as { __meetingBench: Marks }).__meetingBench);
  return { ms: m.first! - m.join!, nextMs: m.advanced! - m.first!, size: `${m.width}x${m.height}` };
}

/** One measured join: the guest joins, sees the host, leaves, and the page closes. */
async function atriumJoin(b: Browser, url: string, name: string): Promise<JoinResult> {
  const { context, page } = await viewerPage(b, url);
  try {
    await guestJoins(page, url, name);
    const result = await waitForPicture(page, name);
    await page.getByTestId('meeting-leave').click({ timeout: 10_000 }).catch(() => undefined);
    await page.getByTestId('meeting-left').waitFor({ timeout: 10_000 }).catch(() => undefined);
    return result;
  } finally {
    await context.close();
  }
}

/** A guest of the load phase: joins, sees the host, stays. */
async function stayingGuest(b: Browser, url: string, name: string): Promise<Page> {
  const { context, page } = await viewerPage(b, url);
  try {
    await guestJoins(page, url, name);
    await joined(page, name);
    await waitForPicture(page, name);
  } catch (error) {
    await context.close(); // a page stuck half-way must not load the machine during the measurement
    throw error;
  }
  say(`  ${name} joined and sees the host (load average ${fmtLoad(os.loadavg())})`);
  return page;
}

/** Every remote video on the page: its size and decoded frames so far. */
function decodedFrames(page: Page): Promise<{ key: number; width: number; frames: number }[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __benchKeys?: WeakMap<HTMLVideoElement, number>; __benchNext?: number };
    const keys = (w.__benchKeys ??= new WeakMap());
    return [...document.querySelectorAll<HTMLVideoElement>('video[data-testid="meeting-remote-video"]')].map((v) => {
      if (!keys.has(v)) keys.set(v, (w.__benchNext = (w.__benchNext ?? 0) + 1));
      return { key: keys.get(v)!, width: v.videoWidth, frames: v.getVideoPlaybackQuality().totalVideoFrames };
    });
  });
}

// ---------- the peer-to-peer baseline ----------

/** A blank page on localhost (a secure context, so getUserMedia works) for the plain calls. */
async function servePlainPage(port: number): Promise<string> {
  plainSite = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><meta charset="utf-8"><title>plain call</title><body></body>');
  });
  await new Promise<void>((resolve) => plainSite!.listen(port, '127.0.0.1', resolve));
  return `http://localhost:${port}/`;
}

interface PlainHost {
  context: BrowserContext;
  page: Page;
}

/** The called side: its camera at the host's size, already running (as the meeting's host is already publishing). */
async function plainHostPage(b: Browser, url: string): Promise<PlainHost> {
  const context = await b.newContext({ viewport: { width: 640, height: 480 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(async () => {
    const w = window as unknown as { hostStream: MediaStream };
    w.hostStream = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 24 } } });
  });
  return { context, page };
}

/**
 * One plain call: the caller starts its camera at a guest's size, offers (candidates gathered first), the host page
 * answers through this process (the signalling round trip), and the caller waits for the host's picture.
 */
async function plainJoin(b: Browser, url: string, host: PlainHost, round: number): Promise<JoinResult> {
  const context = await b.newContext({ viewport: { width: 640, height: 480 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(MARKS_SCRIPT);
    await page.goto(url);
    const offer = await page.evaluate(async () => {
      const w = window as unknown as { __meetingBench: Marks; __meetingBenchWatch: (v: HTMLVideoElement) => void; pc: RTCPeerConnection };
      w.__meetingBench.join = performance.now();
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: { ideal: 320 }, height: { ideal: 180 }, frameRate: { ideal: 15 } } });
      const pc = (w.pc = new RTCPeerConnection());
      for (const track of stream.getTracks()) pc.addTrack(track, stream);
      const video = document.createElement('video');
      video.autoplay = true;
      video.muted = true;
      video.playsInline = true;
      document.body.append(video);
      w.__meetingBenchWatch(video);
      pc.ontrack = (e) => {
        if (e.track.kind === 'video') video.srcObject = e.streams[0] ?? new MediaStream([e.track]);
      };
      await pc.setLocalDescription(await pc.createOffer());
      // No named helpers in here: tsx would wrap them in one Playwright cannot send to the page.
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === 'complete') return resolve();
        pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
      });
      return pc.localDescription!.toJSON() as RTCSessionDescriptionInit;
    });
    const answer = await host.page.evaluate(async ({ offer: o, round: r }) => {
      const w = window as unknown as { hostStream: MediaStream; calls: Record<number, RTCPeerConnection> };
      const pc = new RTCPeerConnection();
      (w.calls ??= {})[r] = pc;
      for (const track of w.hostStream.getTracks()) pc.addTrack(track, w.hostStream);
      await pc.setRemoteDescription(o);
      await pc.setLocalDescription(await pc.createAnswer());
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === 'complete') return resolve();
        pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
      });
      return pc.localDescription!.toJSON() as RTCSessionDescriptionInit;
    }, { offer, round });
    await page.evaluate(async (a) => {
      await (window as unknown as { pc: RTCPeerConnection }).pc.setRemoteDescription(a);
    }, answer);
    const result = await waitForPicture(page, `plain call ${round + 1}`);
    await host.page.evaluate((r) => (window as unknown as { calls: Record<number, RTCPeerConnection> }).calls[r]?.close(), round);
    return result;
  } finally {
    await context.close();
  }
}

// ---------- CPU from /proc ----------

interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, seconds: all threads of the process. */
  cpu: number;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { pid, ppid: Number(fields[1]), comm: stat.slice(stat.indexOf('(') + 1, close), cpu: (Number(fields[11]) + Number(fields[12])) / HZ };
  } catch {
    return null; // it exited
  }
}

function allProcs(): ProcInfo[] {
  return fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((d) => readProc(Number(d))).filter((p): p is ProcInfo => p !== null);
}

/** The server starts Janus as its direct child (through setpriv, which execs it). */
function findJanus(serverPid: number): number | undefined {
  return allProcs().find((p) => p.ppid === serverPid && p.comm === 'janus')?.pid;
}

/** This process's descendants other than the server's tree: Chromium's browser, renderer, GPU and utility processes. */
function browserCpu(serverPid: number): number {
  const procs = allProcs();
  const children = new Map<number, ProcInfo[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  let total = 0;
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      if (c.pid === serverPid) continue;
      total += c.cpu;
      walk(c.pid);
    }
  };
  walk(process.pid);
  return total;
}

interface CpuWindow {
  seconds: number;
  /** Cores busy on average (1.0 = one core all the time). */
  server: number;
  janus: number;
  browsers: number;
  loadEnd: number[];
}

async function cpuWindow(pids: { server: number; janus: number }, seconds: number): Promise<CpuWindow> {
  const read = () => ({ server: readProc(pids.server)?.cpu ?? fail('the server exited'), janus: readProc(pids.janus)?.cpu ?? fail('Janus exited'), browsers: browserCpu(pids.server), at: performance.now() });
  const a = read();
  await sleep(seconds * 1000);
  const b = read();
  const wall = (b.at - a.at) / 1000;
  return { seconds: wall, server: (b.server - a.server) / wall, janus: (b.janus - a.janus) / wall, browsers: (b.browsers - a.browsers) / wall, loadEnd: os.loadavg() };
}

// ---------- helpers ----------

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank: p95 of 10 values is the 10th.
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const pct = (cores: number) => `${(cores * 100).toFixed(1)}%`;
const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function cleanup(): Promise<void> {
  await browser?.close().catch(() => undefined);
  browser = undefined;
  if (plainSite) {
    plainSite.closeAllConnections();
    await new Promise<void>((resolve) => plainSite!.close(() => resolve()));
  }
  plainSite = undefined;
  stopAllAtriumServers();
  server = undefined;
  if (work) fs.rmSync(work, { recursive: true, force: true });
  work = undefined;
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function fail(message: string): never {
  throw new Error(message);
}

// Last: the constants above must be initialised before main runs.
try {
  await main();
} catch (error) {
  process.stderr.write(`meeting benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
