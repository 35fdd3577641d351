import { describe, expect, it } from 'vitest';
import { MemoryAttemptStore, type AttemptStore } from '../auth/throttle/attemptStore.ts';
import { CallLimiter } from './callLimits.ts';

describe('CallLimiter', () => {
  it('lets a caller make 10 calls in 10 minutes, then refuses until the window has passed', async () => {
    let now = 0;
    const limiter = new CallLimiter(new MemoryAttemptStore(() => now), () => now);
    for (let i = 0; i < 10; i++) expect(await limiter.take('device:a', '203.0.113.5')).toBe(true);
    expect(await limiter.take('device:a', '203.0.113.5')).toBe(false);
    // Another device on the same address still may call.
    expect(await limiter.take('device:b', '203.0.113.5')).toBe(true);
    now += 10 * 60_000 + 1;
    expect(await limiter.take('device:a', '203.0.113.5')).toBe(true);
  });

  it('holds an address to 30 calls however many device ids it makes up', async () => {
    const limiter = new CallLimiter(new MemoryAttemptStore());
    for (let i = 0; i < 30; i++) expect(await limiter.take(`device:${i}`, '198.51.100.7')).toBe(true);
    expect(await limiter.take('device:new', '198.51.100.7')).toBe(false);
    expect(await limiter.take('device:new', '198.51.100.8')).toBe(true);
  });

  it('lets the call through while its store cannot be reached (Redis away), rather than failing the call', async () => {
    const unreachable = (): Promise<never> => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    const store: AttemptStore = { get: unreachable, addFailure: unreachable, clear: unreachable };
    expect(await new CallLimiter(store).take('device:a', '203.0.113.5')).toBe(true);
  });
});
