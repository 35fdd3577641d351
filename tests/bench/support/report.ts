import { INITIAL_JS_BUDGET_GZIP_BYTES, type ChunkSize } from '../../support/initialJs.ts';
import type { BaselineKind } from './baselineSite.ts';
import type { LoadResult, RequestRecord } from './measureLoad.ts';
import type { Profile } from './profiles.ts';

/** The targets (phone profile): the sharp view this much sooner than every baseline, the CSS preview within this time. */
export const TARGETS = { sharpSpeedup: 1.5, previewMs: 1500, initialJsGzipBytes: INITIAL_JS_BUDGET_GZIP_BYTES };

export const BASELINE_LABELS: Record<BaselineKind, string> = { three: 'three.js', psv: 'PSV 5' };

export interface ProfileRuns {
  /** Which panorama: the demo tour's first, or a real photograph. */
  scenario: string;
  profile: Profile;
  atrium: LoadResult[];
  baselines: Record<BaselineKind, LoadResult[]>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The run whose sharp-view time is the median (the lower middle for an even count): a typical waterfall. */
export function medianRun(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => (a.sharpMs ?? a.firstPixelsMs) - (b.sharpMs ?? b.firstPixelsMs));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const ratio = (baseline: number, atrium: number) => `${(baseline / atrium).toFixed(2)}x`;
const pad = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
const m = (rs: LoadResult[], pick: (r: LoadResult) => number | null | undefined) => median(rs.map((r) => pick(r) ?? Number.NaN));

/** Medians of the moments the targets compare. A baseline shows one image: its first frame is also its sharp view. */
function summary(runs: ProfileRuns) {
  const base = Object.fromEntries(Object.entries(runs.baselines).map(([kind, rs]) => [kind, m(rs, (r) => r.firstPixelsMs)])) as Record<BaselineKind, number>;
  return {
    preview: m(runs.atrium, (r) => r.phases.poster),
    webgl: m(runs.atrium, (r) => r.phases.webglFirstPixels),
    sharp: m(runs.atrium, (r) => r.sharpMs),
    base,
  };
}

export function profileTable(runs: ProfileRuns): string {
  const { scenario, profile, atrium, baselines } = runs;
  const kinds = Object.keys(baselines) as BaselineKind[];
  const s = summary(runs);
  const widths = [34, 10, ...kinds.flatMap(() => [10, 13])];
  const perBaseline = (atriumMs: number, baselineCell: (kind: BaselineKind) => string) => kinds.flatMap((k) => [baselineCell(k), ratio(s.base[k], atriumMs)]);
  const bytesRow = (label: string, pick: (r: LoadResult) => number) => [label, kb(m(atrium, pick)), ...kinds.flatMap((k) => [kb(m(baselines[k], pick)), ''])];
  const rows = [
    ['', 'Atrium', ...kinds.flatMap((k) => [BASELINE_LABELS[k], `${BASELINE_LABELS[k]}/Atr.`])],
    ['first pixels (CSS preview)', ms(m(atrium, (r) => r.firstPixelsMs)), ...perBaseline(m(atrium, (r) => r.firstPixelsMs), (k) => ms(s.base[k]))],
    ['WebGL scene, first view drawn', ms(s.webgl), ...perBaseline(s.webgl, (k) => ms(s.base[k]))],
    ['SHARP view (see header)', ms(s.sharp), ...perBaseline(s.sharp, (k) => `${ms(s.base[k])}`)],
    ['  sharp tiles painted by CSS', ms(m(atrium, (r) => r.phases.cssSharp)), ...kinds.flatMap(() => ['', ''])],
    ['  WebGL: visible tiles at level', ms(m(atrium, (r) => r.phases.webglSharp)), ...kinds.flatMap(() => ['', ''])],
    ['  panorama image ready (*)', ms(m(atrium, (r) => r.phases.firstViewReady)), ...kinds.flatMap((k) => [ms(m(baselines[k], (r) => r.phases.imageLoaded)), ''])],
    bytesRow('bytes before first pixels', (r) => r.bytesBeforeFirstPixels),
    bytesRow('JS bytes before first pixels', (r) => r.jsBytesBeforeFirstPixels),
    bytesRow('JS bytes, whole load', (r) => r.jsBytesTotal),
    bytesRow('all bytes, whole load', (r) => r.bytesTotal),
    ['requests, whole load', String(m(atrium, (r) => r.requests.length)), ...kinds.flatMap((k) => [String(m(baselines[k], (r) => r.requests.length)), ''])],
  ];
  const each = (rs: LoadResult[], pick: (r: LoadResult) => number | null | undefined) => rs.map((r) => Math.round(pick(r) ?? Number.NaN)).join(' / ');
  return [
    `== ${scenario} | ${profile.label}`,
    `   medians of ${atrium.length} runs each, alternating; every run a fresh browser context with the cache off`,
    ...rows.map((r) => `   ${pad(r, widths)}`),
    `   runs, Atrium first pixels ${each(atrium, (r) => r.firstPixelsMs)}; WebGL first view ${each(atrium, (r) => r.phases.webglFirstPixels)}; sharp ${each(atrium, (r) => r.sharpMs)} ms`,
    ...kinds.map((k) => `   runs, ${BASELINE_LABELS[k]} first frame = sharp ${each(baselines[k], (r) => r.firstPixelsMs)} ms`),
    ...atrium.flatMap((r, i) => (r.cssSharpNote ? [`   run ${i + 1}: the CSS stage's sharp stamp did not count: ${r.cssSharpNote}`] : [])),
    '   (*) Atrium: the first-view cube (the poster\'s decoded image, else fetched and decoded in a worker) uploaded and',
    '       handed to the scene; baselines: the JPEG downloaded and decoded (their first frame = upload + draw + frame).',
  ].join('\n');
}

export function targetLines(runs: ProfileRuns, initialJs: ChunkSize[]): string {
  const s = summary(runs);
  const kinds = Object.keys(runs.baselines) as BaselineKind[];
  const gzip = initialJs.reduce((n, c) => n + c.gzipBytes, 0);
  const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  const slowest = Math.min(...kinds.map((k) => s.base[k]));
  return [
    `== Targets: ${runs.scenario} | ${runs.profile.name} profile`,
    ...kinds.map((k) => `   sharp view >= ${TARGETS.sharpSpeedup}x sooner than ${BASELINE_LABELS[k].padEnd(8)}   ${ratio(s.base[k], s.sharp).padStart(6)}   ${verdict(s.base[k] / s.sharp >= TARGETS.sharpSpeedup)}`),
    `   WebGL first view before every baseline's first frame   ${ms(s.webgl)} vs ${ms(slowest)}   ${verdict(s.webgl < slowest)}`,
    `   CSS preview < ${TARGETS.previewMs} ms                          ${ms(s.preview)}   ${verdict(s.preview < TARGETS.previewMs)}`,
    `   initial JS < ${TARGETS.initialJsGzipBytes / 1000} kB gzip                       ${kb(gzip)}   ${verdict(gzip < TARGETS.initialJsGzipBytes)}`,
  ].join('\n');
}

export function initialJsLines(chunks: ChunkSize[]): string {
  const total = chunks.reduce((n, c) => ({ raw: n.raw + c.rawBytes, gzip: n.gzip + c.gzipBytes }), { raw: 0, gzip: 0 });
  return [
    `== initial JS (gzip): ${kb(total.gzip)} (${kb(total.raw)} minified) = index.html's scripts and their static imports, from dist/`,
    ...chunks.map((c) => `   ${c.file.padEnd(44)} ${kb(c.rawBytes).padStart(11)}  gzip ${kb(c.gzipBytes).padStart(10)}`),
  ].join('\n');
}

/** The requests that started before the sharp view, with when they finished. */
export function waterfall(title: string, run: LoadResult, origin: string): string {
  const short = (r: RequestRecord) => r.url.replace(origin, '').replace(/\/media\/panoramas\/([^/]+)\/[^/]+\//, '/media/panoramas/$1/…/');
  const status = (r: RequestRecord) => (r.status >= 200 && r.status < 300 ? '' : `  [HTTP ${r.status}]`);
  const line = (r: RequestRecord) => `   ${String(Math.round(r.startMs)).padStart(6)} ${String(Math.round(r.endMs)).padStart(6)} ${kb(r.bytes).padStart(10)}  ${short(r)}${status(r)}`;
  const until = run.sharpMs ?? run.firstPixelsMs;
  const before = run.requests.filter((r) => r.startMs < until);
  const phases = Object.entries(run.phases).sort((a, b) => a[1] - b[1]).map(([k, v]) => `${k} ${ms(v)}`).join(', ');
  return [
    `== Atrium request waterfall, ${title}`,
    `   ${phases}; sharp ${ms(until)}`,
    `   scene frames started at (ms): ${run.frameTimes.filter((t) => t <= until + 1000).join(' ')}`,
    '    start    end      bytes  url   (ms since navigation start; requests started before the sharp view)',
    ...before.map(line),
  ].join('\n');
}
