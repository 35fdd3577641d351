import { INITIAL_JS_BUDGET_GZIP_BYTES, type ChunkSize } from '../../support/initialJs.ts';
import type { LoadResult, RequestRecord } from './measureLoad.ts';
import type { Profile } from './profiles.ts';

/** The targets (phone profile). */
export const TARGETS = { speedup: 3, firstViewMs: 1500, initialJsGzipBytes: INITIAL_JS_BUDGET_GZIP_BYTES };

export interface ProfileRuns {
  /** Which panorama: the demo tour's first, or the real photograph. */
  scenario: string;
  profile: Profile;
  atrium: LoadResult[];
  baseline: LoadResult[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The run whose first-pixels time is the median (the lower middle for an even count): a typical waterfall. */
export function medianRun(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.firstPixelsMs - b.firstPixelsMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const pad = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');

export function profileTable({ scenario, profile, atrium, baseline }: ProfileRuns): string {
  const m = (rs: LoadResult[], pick: (r: LoadResult) => number) => median(rs.map(pick));
  const aFirst = m(atrium, (r) => r.firstPixelsMs);
  const bFirst = m(baseline, (r) => r.firstPixelsMs);
  const aFull = m(atrium, (r) => r.fullLevelMs ?? Number.NaN);
  const widths = [30, 14, 16, 16];
  const rows = [
    ['', 'Atrium', 'baseline', 'baseline/Atrium'],
    ['first pixels', ms(aFirst), ms(bFirst), `${(bFirst / aFirst).toFixed(2)}x`],
    ['  CSS poster of the first view', ms(m(atrium, (r) => r.phases.poster ?? Number.NaN)), '', ''],
    ['  WebGL scene, first view drawn', ms(m(atrium, (r) => r.phases.webglFirstPixels ?? Number.NaN)), '', `${(bFirst / m(atrium, (r) => r.phases.webglFirstPixels ?? Number.NaN)).toFixed(2)}x`],
    ['full level (visible tiles)', ms(aFull), `${ms(bFirst)} (=first)`, `${(bFirst / aFull).toFixed(2)}x`],
    ['  scene drew its first frame', ms(m(atrium, (r) => r.phases.sceneFirstFrame ?? Number.NaN)), '', ''],
    ['  panorama image ready (*)', ms(m(atrium, (r) => r.phases.firstViewReady ?? Number.NaN)), ms(m(baseline, (r) => r.phases.imageLoaded ?? Number.NaN)), ''],
    ['bytes before first view', kb(m(atrium, (r) => r.bytesBeforeFirstPixels)), kb(m(baseline, (r) => r.bytesBeforeFirstPixels)), ''],
    ['JS bytes before first view', kb(m(atrium, (r) => r.jsBytesBeforeFirstPixels)), kb(m(baseline, (r) => r.jsBytesBeforeFirstPixels)), ''],
    ['JS bytes, whole load', kb(m(atrium, (r) => r.jsBytesTotal)), kb(m(baseline, (r) => r.jsBytesTotal)), ''],
    ['all bytes, whole load', kb(m(atrium, (r) => r.bytesTotal)), kb(m(baseline, (r) => r.bytesTotal)), ''],
    ['requests, whole load', String(m(atrium, (r) => r.requests.length)), String(m(baseline, (r) => r.requests.length)), ''],
  ];
  const each = (rs: LoadResult[], pick: (r: LoadResult) => number | null) => rs.map((r) => Math.round(pick(r) ?? Number.NaN)).join(' / ');
  return [
    `== ${scenario} | ${profile.label}`,
    `   medians of ${atrium.length} runs each, alternating; every run a fresh browser context with the cache off`,
    ...rows.map((r) => `   ${pad(r, widths)}`),
    `   runs, first pixels (ms):  Atrium ${each(atrium, (r) => r.firstPixelsMs)};  baseline ${each(baseline, (r) => r.firstPixelsMs)}`,
    `   runs, full level (ms):    Atrium ${each(atrium, (r) => r.fullLevelMs)}`,
    '   first pixels = the earlier of the poster (the first-view cube drawn by CSS from the page\'s inline script) and the',
    '   WebGL scene\'s own first frame of it.',
    '   (*) Atrium: the first-view cube fetched, decoded in a worker, uploaded and handed to the scene (first pixels = the',
    '       next whole frame); baseline: TextureLoader onLoad, JPEG downloaded and decoded (first pixels = upload + draw + frame).',
  ].join('\n');
}

export function targetLines(phone: ProfileRuns, initialJs: ChunkSize[]): string {
  const aFirst = median(phone.atrium.map((r) => r.firstPixelsMs));
  const bFirst = median(phone.baseline.map((r) => r.firstPixelsMs));
  const gzip = initialJs.reduce((n, c) => n + c.gzipBytes, 0);
  const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  return [
    `== Targets: ${phone.scenario} | ${phone.profile.name} profile`,
    `   first view >= ${TARGETS.speedup}x sooner than baseline:  ${(bFirst / aFirst).toFixed(2)}x   ${verdict(bFirst / aFirst >= TARGETS.speedup)}`,
    `   first view < ${TARGETS.firstViewMs} ms:                   ${ms(aFirst)}   ${verdict(aFirst < TARGETS.firstViewMs)}`,
    `   initial JS < ${TARGETS.initialJsGzipBytes / 1000} kB gzip:               ${kb(gzip)}   ${verdict(gzip < TARGETS.initialJsGzipBytes)}`,
  ].join('\n');
}

export function initialJsLines(chunks: ChunkSize[]): string {
  const total = chunks.reduce((n, c) => ({ raw: n.raw + c.rawBytes, gzip: n.gzip + c.gzipBytes }), { raw: 0, gzip: 0 });
  return [
    `== initial JS (gzip): ${kb(total.gzip)} (${kb(total.raw)} minified) = index.html's scripts and their static imports, from dist/`,
    ...chunks.map((c) => `   ${c.file.padEnd(44)} ${kb(c.rawBytes).padStart(11)}  gzip ${kb(c.gzipBytes).padStart(10)}`),
  ].join('\n');
}

/** The requests that finished before first pixels, and those started before it but still in flight. */
export function waterfall(title: string, run: LoadResult, origin: string): string {
  const short = (r: RequestRecord) => r.url.replace(origin, '').replace(/\/media\/panoramas\/([^/]+)\/[^/]+\//, '/media/panoramas/$1/…/');
  const status = (r: RequestRecord) => (r.status >= 200 && r.status < 300 ? '' : `  [HTTP ${r.status}]`);
  const line = (r: RequestRecord) => `   ${String(Math.round(r.startMs)).padStart(6)} ${String(Math.round(r.endMs)).padStart(6)} ${kb(r.bytes).padStart(10)}  ${short(r)}${status(r)}`;
  const before = run.requests.filter((r) => r.startMs < run.firstPixelsMs);
  return [
    `== Atrium request waterfall, ${title}`,
    `   first scene frame ${ms(run.phases.sceneFirstFrame ?? Number.NaN)}, first view handed to the scene ${ms(run.phases.firstViewReady ?? Number.NaN)},`
      + ` first pixels ${ms(run.firstPixelsMs)}, full level ${ms(run.fullLevelMs ?? Number.NaN)}`,
    `   scene frames started at (ms): ${run.frameTimes.filter((t) => t <= run.firstPixelsMs + 1000).join(' ')}`,
    '    start    end      bytes  url   (ms since navigation start; requests started before first pixels)',
    ...before.map(line),
  ].join('\n');
}
