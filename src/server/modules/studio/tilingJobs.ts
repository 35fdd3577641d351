import type { TilingJob } from './panoramaTiling.ts';

/** Where accepted uploads go to be tiled: this process (the embedded default) or a queue shared by processes. */
export interface TilingJobs {
  /** Hands the job over; resolves once it is queued, not when it is tiled (the bus tells that). */
  enqueue(job: TilingJob): Promise<void>;
  /** Resolves when every job this process started so far has ended (tests and a graceful stop). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Jobs run in this process, in the background of the request that accepted them (the tile queue under `run` keeps
 * them to TILE_CONCURRENCY at a time and lets accounts take turns). A job lost with the process is not retried: its
 * panorama never got a row, and the start-up sweep removes what it left.
 */
export function inProcessTilingJobs(run: (job: TilingJob) => Promise<unknown>): TilingJobs {
  const running = new Set<Promise<unknown>>();
  return {
    enqueue: async (job) => {
      const done: Promise<unknown> = run(job).catch(() => undefined).finally(() => running.delete(done));
      running.add(done);
    },
    idle: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    close: async () => {
      await Promise.allSettled([...running]);
    },
  };
}
