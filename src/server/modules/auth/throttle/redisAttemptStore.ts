import { Redis } from 'ioredis';
import type { AttemptRecord, AttemptStore } from './attemptStore.ts';

/**
 * The attempt counters in Redis, shared by every server process: one hash per key (failures, last), expiring with
 * the record. The increment, the time and the expiry are one MULTI, so two processes cannot lose a failure.
 */
export class RedisAttemptStore implements AttemptStore {
  /** `prefix`: the installation's (redisKeys.ts), so installations sharing a Redis keep their own counters. */
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  static connect(url: string, prefix: string): RedisAttemptStore {
    return new RedisAttemptStore(new Redis(url, { maxRetriesPerRequest: 3, connectionName: `atrium-attempts-${process.pid}` }), prefix);
  }

  async get(key: string): Promise<AttemptRecord | null> {
    const fields = await this.redis.hgetall(this.prefix + key);
    if (!fields.failures) return null;
    return { failures: Number(fields.failures), lastFailureAt: Number(fields.last) };
  }

  async addFailure(key: string, now: number, forgetAfterMs: number): Promise<AttemptRecord> {
    const k = this.prefix + key;
    const results = await this.redis.multi().hincrby(k, 'failures', 1).hset(k, 'last', String(now)).pexpire(k, forgetAfterMs).exec();
    const failures = Number(results?.[0]?.[1] ?? 1);
    return { failures, lastFailureAt: now };
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
