import os from 'node:os';
import { Redis } from 'ioredis';
import { QueueEvents, Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { TilingJob } from './panoramaTiling.ts';
import type { TilingJobs } from './tilingJobs.ts';
import { redisKeys, type RedisKeys } from '../../redisKeys.ts';

export interface SharedTilingOptions {
  redisUrl: string;
  /** The queue's name (TILE_QUEUE): every process of one installation uses the same; it lives under keyPrefix. */
  queueName: string;
  /** BullMQ's key prefix: the installation's (redisKeys.ts tileJobs), so a queue of the same name elsewhere is another. */
  keyPrefix: string;
  /** Given to processes that tile (ROLE worker or both); a web-only process only enqueues. */
  work?: {
    run: (job: TilingJob) => Promise<unknown>;
    /** The queue gave a job up (its process died more often than maxStalledCount): tell the studio it failed. */
    gaveUp: (job: TilingJob, reason: string) => Promise<unknown>;
    concurrency: number;
    /** How long a job's lock lasts without renewal: a process that stops renewing it (killed) loses the job after this. */
    lockMs: number;
    /** How often each worker looks for jobs whose lock expired and puts them back in the queue. */
    stalledMs: number;
  };
  onError?: (error: Error) => void;
}

const JOB_NAME = 'tile-panorama';
/** A job found without its process this many times is given up rather than retried forever (a source that kills its tiler). */
const MAX_STALLED = 2;
/**
 * The name a worker leaves on each job it takes (BullMQ keeps it as the job's processedBy): an operator reading the
 * queue sees which machine and process ran or last held a job, and the scale-out test checks it.
 */
export function tileWorkerName(pid: number = process.pid): string {
  return `${os.hostname()}:${pid}`;
}
/** How long a starting process waits for Redis before it goes on without it. */
const READY_WAIT_MS = 5000;
/** How long an upload waits for its job to be queued before it is told it failed. */
const ENQUEUE_WAIT_MS = 10_000;

async function readyWithin(ms: number, waits: Array<Promise<unknown> | undefined>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => { timer = setTimeout(resolve, ms); });
  await Promise.race([Promise.all(waits.map((w) => w?.catch(() => undefined))), timeout]);
  clearTimeout(timer);
}

/**
 * Tiling jobs on a BullMQ queue in Redis, shared by every process of the installation. Any process may enqueue; any
 * worker process takes the next job. A job whose process dies keeps its lock only until `lockMs`: then some worker's
 * stalled check puts it back and another process runs it from the start (runTilingJob is safe to run twice). The
 * job's id is its panorama's, so the same panorama is never queued twice. Progress does not go through BullMQ: the
 * job writes it to the tiling bus, which every process reads.
 */
export async function sharedTilingJobs(options: SharedTilingOptions): Promise<TilingJobs> {
  const connection: ConnectionOptions = { url: options.redisUrl, maxRetriesPerRequest: null, connectionName: `atrium-tile-jobs-${process.pid}` };
  const onError = options.onError ?? (() => {});
  const prefix = options.keyPrefix;
  const queue = new Queue<TilingJob>(options.queueName, { connection, prefix });
  queue.on('error', onError);
  const running = new Set<Promise<unknown>>();
  let worker: Worker<TilingJob> | undefined;
  let events: QueueEvents | undefined;

  if (options.work) {
    const { run, gaveUp, concurrency, lockMs, stalledMs } = options.work;
    worker = new Worker<TilingJob>(options.queueName, async (job: Job<TilingJob>) => {
      const done = run(job.data);
      running.add(done);
      try {
        return await done;
      } finally {
        running.delete(done);
      }
    }, { connection, prefix, name: tileWorkerName(), concurrency, lockDuration: lockMs, stalledInterval: stalledMs, maxStalledCount: MAX_STALLED });
    worker.on('error', onError);
    // A job given up by a stalled check fails in Redis without any processor running: the queue's events say so.
    // Every worker process hears it; telling the studio twice is harmless.
    events = new QueueEvents(options.queueName, { connection, prefix });
    events.on('error', onError);
    events.on('failed', ({ jobId, failedReason }) => {
      void queue.getJob(jobId).then((job) => (job ? gaveUp(job.data, failedReason) : undefined)).catch(onError);
    });
  }
  // A process starts even when Redis is down (as its realtime rooms do): its connections keep trying, and uploads
  // meanwhile answer that they could not be queued. Normally Redis answers at once and the queue is ready here.
  await readyWithin(READY_WAIT_MS, [queue.waitUntilReady(), worker?.waitUntilReady(), events?.waitUntilReady()]);

  return {
    enqueue: async (job) => {
      const added = queue.add(JOB_NAME, job, {
        jobId: job.pending.objectId,
        // Only a ready panorama's announcement that Redis refused is thrown by a job (failures are its outcome): retried.
        attempts: 3,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { age: 24 * 3600, count: 1000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
      // BullMQ waits for its connection before any command: an upload is not held longer than this while Redis is away.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the tile queue (Redis) did not answer; try again shortly')), ENQUEUE_WAIT_MS);
      });
      try {
        await Promise.race([added, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    idle: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    close: async () => {
      // A worker closing gracefully finishes its running jobs first (the server's stop waits up to 10 s, then the
      // stalled check hands what is left to another process).
      await worker?.close();
      await events?.close();
      await queue.close();
    },
  };
}

/**
 * Panoramas whose tiling has not ended on the shared queue: a job waiting, delayed or running in BullMQ, or a
 * panorama shown as tiling on the bus (published just before its job is queued). The start-up sweep leaves their
 * folders alone: their uploaded source is named by no row until the job ends.
 */
export async function panoramasInTiling(
  redisUrl: string, queueName: string, keys: Pick<RedisKeys, 'tileJobs' | 'tilingBus'> = redisKeys(undefined, queueName),
): Promise<Set<string>> {
  const ids = new Set<string>();
  const queue = new Queue<TilingJob>(queueName, { connection: { url: redisUrl, maxRetriesPerRequest: 3 }, prefix: keys.tileJobs });
  queue.on('error', () => {});
  try {
    for (const job of await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'])) {
      if (job?.data?.pending?.objectId) ids.add(job.data.pending.objectId);
    }
    for (const id of await tilingOnBus(redisUrl, keys.tilingBus)) ids.add(id);
  } finally {
    await queue.close();
  }
  return ids;
}

async function tilingOnBus(redisUrl: string, prefix: string): Promise<string[]> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  redis.on('error', () => {});
  const ids: string[] = [];
  let cursor = '0';
  try {
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:pending:*`, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        for (const [id, value] of Object.entries(await redis.hgetall(key))) {
          if (statusOf(value) === 'tiling') ids.push(id);
        }
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return ids;
}

function statusOf(value: string): unknown {
  try {
    return (JSON.parse(value) as { status?: unknown }).status;
  } catch {
    return undefined;
  }
}
