import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type BandJob, renderBand } from './renderBand.ts';
import type { BandReply, BandRequest } from './renderWorker.ts';

// Renders whole panoramas by cutting them into bands of rows. Bands go to worker threads (one per
// core, at most two by default) in panorama order, so each panorama completes early and can be
// encoded while the next ones render. With workers: 0, or for small images, everything runs
// inline: starting a worker (and TypeScript in it) costs more than a small render.

const BAND_ROWS = 128;
const INLINE_BELOW_WIDTH = 1500;

export interface RenderOptions {
  /** Worker threads; default min(2, cores), 0 renders on this thread. */
  readonly workers?: number;
  /** Called once per finished panorama, in any order; awaited before the render resolves. */
  readonly onPanorama: (id: string, rgb: Uint8Array, renderMs: number) => Promise<void> | void;
}

interface Pending { readonly id: string; readonly rgb: Uint8Array; bandsLeft: number; readonly started: number }

export async function renderPanoramas(ids: readonly string[], width: number, opts: RenderOptions): Promise<void> {
  const height = width / 2;
  const jobs: BandRequest[] = [];
  for (const id of ids) {
    for (let y = 0; y < height; y += BAND_ROWS) jobs.push({ seq: jobs.length, panoramaId: id, width, rowStart: y, rowEnd: Math.min(height, y + BAND_ROWS) });
  }
  const pending = new Map<string, Pending>();
  const finishing: Promise<void>[] = [];
  const accept = (job: BandJob, rgb: Uint8Array): void => {
    const p = pending.get(job.panoramaId);
    if (!p) throw new Error(`band for unknown panorama ${job.panoramaId}`);
    p.rgb.set(rgb, job.rowStart * width * 3);
    p.bandsLeft -= 1;
    if (p.bandsLeft > 0) return;
    // Hand the finished image over (and drop our reference so it can be freed once encoded).
    pending.delete(job.panoramaId);
    const done = Promise.resolve().then(() => opts.onPanorama(p.id, p.rgb, performance.now() - p.started));
    // Reported by the Promise.all below; handled here so a failure while others render is no crash.
    done.catch(() => {});
    finishing.push(done);
  };
  const begin = (job: BandJob): void => {
    if (!pending.has(job.panoramaId)) {
      pending.set(job.panoramaId, { id: job.panoramaId, rgb: new Uint8Array(width * height * 3), bandsLeft: Math.ceil(height / BAND_ROWS), started: performance.now() });
    }
  };

  const workers = opts.workers ?? (width < INLINE_BELOW_WIDTH ? 0 : Math.min(2, availableParallelism()));
  if (workers <= 0) {
    for (const job of jobs) {
      begin(job);
      accept(job, renderBand(job));
      // Let encoders of finished panoramas make progress between bands.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } else {
    await runOnWorkers(jobs, workers, begin, accept);
  }
  await Promise.all(finishing);
}

async function runOnWorkers(jobs: readonly BandRequest[], count: number,
  begin: (job: BandJob) => void, accept: (job: BandJob, rgb: Uint8Array) => void): Promise<void> {
  const pool = Array.from({ length: count }, () => startWorker());
  let next = 0;
  try {
    await Promise.all(pool.map((worker) => new Promise<void>((resolve, reject) => {
      let finished = false;
      const feed = (): void => {
        const job = jobs[next++];
        if (!job) { finished = true; resolve(); return; }
        begin(job);
        worker.postMessage(job);
      };
      worker.on('message', (reply: BandReply) => {
        try { accept(jobs[reply.seq]!, reply.rgb); feed(); } catch (err) { reject(err as Error); }
      });
      worker.once('error', reject);
      worker.once('exit', (code) => { if (!finished) reject(new Error(`demo render worker stopped (exit ${code})`)); });
      feed();
    })));
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}

/**
 * A worker running renderWorker.ts. TypeScript is loaded in it through tsx's API from a tiny
 * bootstrap: on Node 20 an `--import tsx` in the worker's execArgv is not applied to its entry file.
 */
function startWorker(): Worker {
  const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./renderWorker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true });
}
