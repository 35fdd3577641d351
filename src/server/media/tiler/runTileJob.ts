import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { TileManifestSchema, type TileManifest } from '../../../protocol/tiles.ts';
import { bundledFile } from '../../codeBundle.mjs';
import type { TileJobData, TileJobMessage } from './tileJobMessages.ts';
import type { TileInput } from './tileInput.ts';
import { isTileInputErrorCode, TileInputError } from './tileInputError.ts';
import type { TilePanoramaOptions } from './tilePanorama.ts';
import { createWorkQueue } from './workQueue.ts';

export interface TileJobQueue {
  /** tilePanorama in a worker thread, once a slot is free; jobs of different accounts take turns (see WorkQueue). */
  run(input: TileInput, outDir: string, options?: TilePanoramaOptions, account?: string): Promise<TileManifest>;
  setConcurrency(concurrency: number): void;
  /** Refuses new jobs, stops running ones (their outDir never appears) and fails the waiting ones. */
  close(): Promise<void>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * tilePanorama off the request path: each job runs in its own worker thread (the projection blocks
 * its thread for about a second per 8K panorama), at most `concurrency` at a time (default 1: one job
 * already keeps every core busy), the others wait in order. Progress is forwarded; a TileInputError
 * comes back as a TileInputError with the same code.
 */
export function createTileJobQueue({ concurrency = 1 }: { concurrency?: number } = {}): TileJobQueue {
  const slots = createWorkQueue(concurrency);
  const active = new Map<Worker, Promise<TileManifest>>();
  let closed = false;
  const closedError = () => new Error('the tile job queue is closed');

  return {
    run: (input, outDir, options = {}, account) => {
      if (closed) return Promise.reject(closedError());
      return slots.run(async () => {
        const entry = await workerEntry();
        if (closed) throw closedError();
        const { handle, result } = startWorker(entry, input, outDir, options);
        active.set(handle, result);
        return result.finally(() => active.delete(handle));
      }, account);
    },
    setConcurrency: (n) => slots.setConcurrency(n),
    close: async () => {
      closed = true;
      const results = [...active.values()];
      await Promise.all([...active.keys()].map((w) => w.terminate()));
      // Their temp folders are removed once they have exited.
      await Promise.allSettled(results);
    },
    get running() {
      return slots.running;
    },
    get waiting() {
      return slots.waiting;
    },
  };
}

const defaultQueue = createTileJobQueue();

/** Runs a tile job on the process-wide queue (one job at a time unless setTileJobConcurrency says more). */
export function runTileJob(input: TileInput, outDir: string, options: TilePanoramaOptions = {}): Promise<TileManifest> {
  return defaultQueue.run(input, outDir, options);
}

export function setTileJobConcurrency(concurrency: number): void {
  defaultQueue.setConcurrency(concurrency);
}

/**
 * The worker's script: tileJob.worker.ts bundled as plain JavaScript (server/codeBundle.mjs, rebuilt when a source
 * changed), which starts in milliseconds; where no bundle can be built, tsWorker.mjs, which loads the TypeScript
 * through tsx (about 100 ms and the loader's memory in every job).
 */
async function workerEntry(): Promise<string | URL> {
  return (await bundledFile('tileJobWorker', 'src/server/media/tiler/tileJob.worker.ts')) ?? new URL('./tsWorker.mjs', import.meta.url);
}

/**
 * The worker's young generation kept at V8's first size (two halves of 1 MB and as much for large objects). Left to
 * grow, as V8 does while sharp's pipelines keep objects alive across collections, it took 5-6 MB more of an 8K job's
 * peak, for no speed (4 paired runs: 178-182 against 183-187 MB for the whole process). `atrium tile` does the same.
 */
const WORKER_YOUNG_GENERATION_MB = 3;

function startWorker(
  entry: string | URL, input: TileInput, outDir: string, options: TilePanoramaOptions,
): { handle: Worker; result: Promise<TileManifest> } {
  const data: TileJobData = {
    tsEntry: new URL('./tileJob.worker.ts', import.meta.url).href,
    input,
    outDir,
    limits: options.limits,
  };
  const resourceLimits = { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB };
  const handle = new Worker(entry, { workerData: data, resourceLimits });
  const result = new Promise<TileManifest>((resolve, reject) => {
    let outcome: { ok: true; manifest: TileManifest } | { ok: false; error: Error } | undefined;
    handle.on('message', (message: TileJobMessage) => {
      if (message.type === 'progress') options.onProgress?.(message.progress);
      else if (message.type === 'done') outcome = { ok: true, manifest: TileManifestSchema.parse(message.manifest) };
      else outcome = { ok: false, error: reviveError(message.error) };
    });
    handle.on('error', (error) => {
      outcome ??= { ok: false, error };
    });
    // Settle on exit, not on the last message: the next queued job must not start while this
    // worker still holds its memory.
    handle.on('exit', (code) => {
      if (outcome?.ok) return resolve(outcome.manifest);
      if (outcome && outcome.error instanceof TileInputError) return reject(outcome.error);
      // Terminated, crashed or failed: make sure no temp folder is left behind (the worker removes
      // its own when it can; it cannot when it was killed).
      const error = outcome?.error ?? new Error(`tile worker stopped (exit code ${code}) before finishing ${outDir}`);
      removePartialFolders(outDir).then(() => reject(error), () => reject(error));
    });
  });
  return { handle, result };
}

function reviveError(error: Extract<TileJobMessage, { type: 'error' }>['error']): Error {
  const revived = isTileInputErrorCode(error.code) ? new TileInputError(error.code, error.message) : new Error(error.message);
  if (error.stack) revived.stack = error.stack;
  return revived;
}

async function removePartialFolders(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const prefix = `${path.basename(outDir)}.partial-`;
  const entries = await fs.readdir(parent).catch(() => [] as string[]);
  await Promise.all(
    entries.filter((e) => e.startsWith(prefix)).map((e) => fs.rm(path.join(parent, e), { recursive: true, force: true })),
  );
}
