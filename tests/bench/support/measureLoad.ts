import type { Browser, Page, Request } from 'playwright-core';
import { applyProfile, type Profile } from './profiles.ts';

/** One finished request, times in ms since the page's navigation start. */
export interface RequestRecord {
  url: string;
  startMs: number;
  endMs: number;
  /** Bytes on the wire: response headers + encoded (compressed) body. */
  bytes: number;
  isScript: boolean;
  status: number;
}

export interface LoadResult {
  firstPixelsMs: number;
  /** Atrium only: the sharp view, every visible tile at the level the screen needs painted by either stage (see firstView.bench.ts). */
  sharpMs: number | null;
  /** Atrium: why the CSS stage's stamp did not count, when it did not. */
  cssSharpNote: string | null;
  bytesBeforeFirstPixels: number;
  jsBytesBeforeFirstPixels: number;
  jsBytesTotal: number;
  bytesTotal: number;
  requests: RequestRecord[];
  /** Diagnostics: intermediate moments (ms since navigation start), which panorama Atrium opened, console errors. */
  phases: Record<string, number>;
  /** Atrium: when its first frames ran (ms since navigation start; the scene renders on demand, not every vsync). */
  frameTimes: number[];
  panoramaId: string | null;
  consoleErrors: string[];
}

interface Marks {
  /** Atrium: the scene rendered its first frame (empty); the first-view cube was decoded and handed to the scene. */
  sceneFirstFrame?: number;
  firstViewReady?: number;
  /** Baseline: TextureLoader's onLoad (the JPEG is downloaded and decoded), before upload and draw. */
  imageLoaded?: number;
  firstPixels?: number;
  /** Atrium: the CSS poster of the first-view cube is on screen (before the WebGL scene's own first frame). */
  poster?: number;
  full?: number;
  /** Atrium: the poster's script stamped its CSS stage of sharp tiles; what the page showed at that moment. */
  cssSharp?: number;
  cssTiles?: string[];
  cssTilesInDom?: number;
  cssOnScreen?: boolean;
  /** Atrium: the scene's visible tiles at its target level, the first time it knew them. */
  sceneTiles?: string[];
  frameTimes?: number[];
  panoramaId?: string | null;
  error?: string;
}

const LOAD_TIMEOUT_MS = 120_000;
/** After the last mark, let late requests finish so the totals are complete. */
const SETTLE_MS = 1500;

/**
 * Records, on the page's own clock, the moment Atrium's scene stats flip: firstPixels (the first-view cube has
 * been drawn) and allVisibleAtTarget (every visible tile at the chosen level). Accessors on the stats object catch
 * the write itself rather than the next poll. A string, not a function: tsx would add helpers Playwright can't
 * serialise into the page.
 */
const ATRIUM_MARKS_SCRIPT = `(() => {
  const marks = (window.__benchMarks = {});
  const record = (s) => {
    const now = performance.now();
    if (s.frames > 0 && marks.sceneFirstFrame === undefined) marks.sceneFirstFrame = now;
    // When each of the first frames started its update: shows what one frame costs around the first view.
    if (s.frames > (marks.frameTimes ??= []).length && marks.frameTimes.length < 40) marks.frameTimes.push(Math.round(now));
    if (s.panoramaId && marks.firstViewReady === undefined) marks.firstViewReady = now;
    if (s.firstPixels && marks.firstPixels === undefined) { marks.firstPixels = now; marks.panoramaId = s.panoramaId; }
    if (s.firstPixels && s.allVisibleAtTarget && marks.full === undefined) marks.full = now;
    if (s.visibleTileKeys && s.visibleTileKeys.length && marks.sceneTiles === undefined) marks.sceneTiles = s.visibleTileKeys.slice();
  };
  const watch = (s) => {
    if (!s || s.__benchWatched) return;
    Object.defineProperty(s, '__benchWatched', { value: true });
    for (const key of ['frames', 'panoramaId', 'firstPixels', 'allVisibleAtTarget', 'visibleTileKeys']) {
      let value = s[key];
      Object.defineProperty(s, key, { configurable: true, enumerable: true, get: () => value, set: (v) => { value = v; record(s); } });
    }
    record(s);
  };
  // The poster (the first-view cube drawn with CSS before any bundle runs) stamps its own paint time.
  let posterShown;
  Object.defineProperty(window, '__atriumPosterShown', { configurable: true, get: () => posterShown, set: (v) => { posterShown = v; if (marks.poster === undefined) marks.poster = performance.now(); } });
  // The poster's sharp CSS stage stamps its own moment; what is really in the page then is recorded beside it:
  // its tile <img> elements that are in the DOM, loaded and decoded, and whether the poster is still showing.
  let posterSharp;
  Object.defineProperty(window, '__atriumPosterSharp', { configurable: true, get: () => posterSharp, set: (v) => {
    posterSharp = v;
    if (marks.cssSharp !== undefined) return;
    const now = performance.now();
    const root = document.getElementById('atrium-poster');
    const imgs = root ? Array.from(root.querySelectorAll('img[data-tile]')) : [];
    marks.cssTilesInDom = imgs.length;
    marks.cssTiles = imgs.filter((i) => i.isConnected && i.complete && i.naturalWidth > 0).map((i) => i.getAttribute('data-tile'));
    marks.cssOnScreen = !!root && root.isConnected && root.style.opacity !== '0' && !window.__atriumPosterDismissed;
    marks.cssSharp = now;
  } });
  let current;
  Object.defineProperty(window, '__atriumScene', { configurable: true, get: () => current, set: (s) => { current = s; watch(s); } });
  // Fallback if the stats object is published some other way (e.g. the property was deleted and set again).
  const poll = () => { const s = window.__atriumScene; if (s) { watch(s); record(s); } if (marks.full === undefined) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
})();`;

/** Loads url once on a fresh context (cold cache) under the profile and measures it; optionally saves what it showed. */
export async function measureLoad(browser: Browser, url: string, profile: Profile, kind: 'atrium' | 'baseline', screenshotPath?: string): Promise<LoadResult> {
  const context = await browser.newContext(profile.context);
  try {
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/GPU stall due to ReadPixels/.test(msg.text())) consoleErrors.push(`${msg.text()} (${msg.location().url})`);
    });
    page.on('pageerror', (err) => consoleErrors.push(String(err)));
    const cdp = await context.newCDPSession(page);
    await applyProfile(cdp, profile);
    const pending: Promise<Omit<RequestRecord, 'startMs' | 'endMs'> & { startEpoch: number; endEpoch: number } | null>[] = [];
    // Playwright reports the dedicated workers' requests here too (Atrium's tiles are fetched in workers).
    page.on('requestfinished', (request) => pending.push(describe(request)));
    if (kind === 'atrium') await page.addInitScript(ATRIUM_MARKS_SCRIPT);

    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    const marks = kind === 'atrium' ? await waitForAtrium(page) : await waitForBaseline(page);
    await page.waitForTimeout(SETTLE_MS);
    const origin = await page.evaluate(() => performance.timeOrigin);
    if (screenshotPath) await page.screenshot({ path: screenshotPath });

    const requests = (await Promise.all(pending))
      .filter((r): r is NonNullable<typeof r> => r !== null)
      .map(({ startEpoch, endEpoch, ...r }) => ({ ...r, startMs: startEpoch - origin, endMs: endEpoch - origin }))
      .sort((a, b) => a.startMs - b.startMs);
    // What a visitor sees first: the poster when it painted, else the scene's own first frame.
    const first = Math.min(marks.poster ?? Infinity, marks.firstPixels!);
    const css = kind === 'atrium' ? cssSharpMoment(marks) : { ms: undefined, note: null };
    const before = requests.filter((r) => r.endMs <= first);
    const sum = (rs: RequestRecord[]) => rs.reduce((n, r) => n + r.bytes, 0);
    return {
      firstPixelsMs: first,
      sharpMs: kind === 'atrium' ? Math.min(css.ms ?? Infinity, marks.full ?? Infinity) : null,
      cssSharpNote: css.note,
      bytesBeforeFirstPixels: sum(before),
      jsBytesBeforeFirstPixels: sum(before.filter((r) => r.isScript)),
      jsBytesTotal: sum(requests.filter((r) => r.isScript)),
      bytesTotal: sum(requests),
      requests,
      phases: Object.fromEntries(Object.entries({
        poster: marks.poster, webglFirstPixels: kind === 'atrium' ? marks.firstPixels : undefined, webglSharp: marks.full, cssSharp: css.ms,
        sceneFirstFrame: marks.sceneFirstFrame, firstViewReady: marks.firstViewReady, imageLoaded: marks.imageLoaded,
      })
        .filter((e): e is [string, number] => typeof e[1] === 'number')),
      frameTimes: marks.frameTimes ?? [],
      panoramaId: marks.panoramaId ?? null,
      consoleErrors,
    };
  } finally {
    await context.close();
  }
}

async function describe(request: Request) {
  try {
    const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
    const timing = request.timing();
    const pathname = new URL(request.url()).pathname;
    return {
      url: request.url(),
      startEpoch: timing.startTime,
      endEpoch: timing.startTime + timing.responseEnd,
      bytes: sizes.responseHeadersSize + sizes.responseBodySize,
      isScript: request.resourceType() === 'script' || pathname.endsWith('.js'),
      status: response?.status() ?? 0,
    };
  } catch {
    return null; // the context closed under it
  }
}

async function waitForAtrium(page: Page): Promise<Marks> {
  await page.waitForFunction(() => (window as unknown as { __benchMarks?: Marks }).__benchMarks?.full !== undefined, null, { timeout: LOAD_TIMEOUT_MS, polling: 100 })
    .catch(async (error: unknown) => {
      const state = await page.evaluate(() => ({ marks: (window as unknown as { __benchMarks?: Marks }).__benchMarks, stats: (window as unknown as { __atriumScene?: unknown }).__atriumScene }));
      throw new Error(`Atrium did not reach full level: ${JSON.stringify(state)}`, { cause: error });
    });
  return page.evaluate(() => (window as unknown as { __benchMarks?: Marks }).__benchMarks!);
}

async function waitForBaseline(page: Page): Promise<Marks> {
  // Set by tests/bench/baseline/main.ts.
  type BaselineWindow = { __baselineFirstPixels?: number; __baselineTextureLoaded?: number; __baselineError?: string };
  await page.waitForFunction(() => {
    const w = window as unknown as BaselineWindow;
    return w.__baselineFirstPixels !== undefined || w.__baselineError !== undefined;
  }, null, { timeout: LOAD_TIMEOUT_MS, polling: 100 });
  const marks = await page.evaluate(() => {
    const w = window as unknown as BaselineWindow;
    return { firstPixels: w.__baselineFirstPixels, imageLoaded: w.__baselineTextureLoaded, error: w.__baselineError };
  });
  if (marks.error) throw new Error(`the baseline page failed: ${marks.error}`);
  return marks;
}

/**
 * The CSS stage's sharp moment counts only if, when it was stamped, the poster was on screen with every tile the
 * scene later wanted for the same view (its visible set at its target level) as a decoded <img> in the DOM.
 */
function cssSharpMoment(marks: Marks): { ms: number | undefined; note: string | null } {
  if (marks.cssSharp === undefined) return { ms: undefined, note: null };
  if (!marks.cssOnScreen) return { ms: undefined, note: 'the poster was already gone' };
  if (!marks.sceneTiles?.length) return { ms: undefined, note: 'the scene never said which tiles it wanted' };
  const painted = new Set(marks.cssTiles);
  const missing = marks.sceneTiles.filter((key) => !painted.has(key));
  if (missing.length) return { ms: undefined, note: `${missing.length} of the scene's ${marks.sceneTiles.length} tiles were not painted (${missing.slice(0, 3).join(', ')})` };
  return { ms: marks.cssSharp, note: null };
}
