import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisAttemptStore } from '../../src/server/modules/auth/throttle/redisAttemptStore.ts';
import { TEST_REDIS_URL as REDIS_URL, redisAvailable } from './support/redis.ts';

/** The sign-in counters in Redis, as several server processes share them. */
describe('RedisAttemptStore', () => {
  let a: RedisAttemptStore | undefined;
  let b: RedisAttemptStore | undefined;
  const prefix = `atrium-test:${randomBytes(6).toString('hex')}:`;
  beforeAll(async () => {
    if (!(await redisAvailable())) return;
    a = RedisAttemptStore.connect(REDIS_URL, prefix);
    b = RedisAttemptStore.connect(REDIS_URL, prefix);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('two processes count into one record, which expires with its time', async (ctx) => {
    if (!a || !b) return ctx.skip();
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a! : b!).addFailure('k', 1000 + i, 300)));
    expect((await a.get('k'))?.failures).toBe(10);
    expect(await b.get('other')).toBeNull();
    await new Promise((r) => setTimeout(r, 400));
    expect(await a.get('k')).toBeNull();
    await b.addFailure('c', 5, 60_000);
    await a.clear('c');
    expect(await b.get('c')).toBeNull();
  });
});
