import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from './redis.ts';

/** What BullMQ recorded of one tiling job: which worker took it last and how often it was started or found stalled. */
export interface TileJobRecord {
  processedBy: string | undefined;
  attemptsStarted: number;
  stalledCounter: number;
}

/** The job of a panorama (its id is the panorama's) on a test's tile queue, or undefined once removed. */
export async function readTileJobs(queueName: string, ids: string[]): Promise<Map<string, TileJobRecord | undefined>> {
  const queue = new Queue(queueName, { connection: { url: TEST_REDIS_URL, maxRetriesPerRequest: 3 } });
  try {
    const records = new Map<string, TileJobRecord | undefined>();
    for (const id of ids) {
      const job = await queue.getJob(id);
      records.set(id, job ? { processedBy: job.processedBy, attemptsStarted: job.attemptsStarted, stalledCounter: job.stalledCounter } : undefined);
    }
    return records;
  } finally {
    await queue.close();
  }
}

/** Removes a test queue's keys: BullMQ's (`bull:<name>:*`) and the tiling bus's (`<name>:*`). */
export async function dropQueueKeys(name: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  for (const pattern of [`bull:${name}:*`, `${name}:*`]) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  }
  await redis.quit();
}
