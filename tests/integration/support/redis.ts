import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers; in CI a missing Redis is a failure, never a skip (as with PostgreSQL). */
export async function redisAvailable(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch (error) {
    if (process.env.CI) throw new Error(`Redis is required in CI at ${TEST_REDIS_URL}: ${(error as Error).message}`);
    console.warn(`Redis test skipped: cannot reach ${TEST_REDIS_URL}`);
    return false;
  } finally {
    client.disconnect();
  }
}
