import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisAttemptStore } from '../../src/server/modules/auth/throttle/redisAttemptStore.ts';
import { signUpUser } from './support/accounts.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Several server processes count failed sign-ins in Redis. While it cannot be reached, sign-in answers a clear 503
 * (never a 500) and does not check passwords uncounted: the back-off would otherwise be gone for the outage.
 */
describe('sign-in while the attempt counters cannot be reached', () => {
  let db: TestDatabase;
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    // Port 1 on the loopback refuses connections: every command of the store fails.
    redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    redis.on('error', () => {});
    t = await createTestApp(db.handle, { attemptStore: new RedisAttemptStore(redis, 'atrium-test:attempts:') });
  });
  afterAll(async () => {
    await t.cleanup();
    redis.disconnect();
    await db.drop();
  });

  it('answers 503 SIGN_IN_UNAVAILABLE with a retry time, for a wrong and for the right password', async () => {
    const user = await signUpUser(t.app);
    for (const password of ['wrong-pass-1', user.password]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/users/login', payload: { username: user.email, password, allowVisitor: true } });
      expect(res.statusCode, password).toBe(503);
      expect(res.json()).toEqual({
        code: 'SIGN_IN_UNAVAILABLE', message: 'Sign-in is unavailable for a moment. Please try again in a minute.', details: { retryAfterMs: 60_000 },
      });
      expect(res.headers['retry-after']).toBe('60');
      expect(res.headers['set-cookie'] ?? []).toEqual([]);
    }
  });
});
