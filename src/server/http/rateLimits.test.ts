import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptLimit, registerRateLimits } from './rateLimits.ts';

describe('attempt limits', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('refuse the attempt past the limit with RATE_LIMITED', async () => {
    const app = Fastify();
    closers.push(() => app.close());
    await registerRateLimits(app);
    app.post('/signup', { config: { rateLimit: attemptLimit({ max: 2, timeWindow: '1 minute' }) } }, () => ({ ok: true }));
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ method: 'POST', url: '/signup' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });

  it('let requests through while their Redis cannot be reached, never answering 5xx', async () => {
    // Port 1 on the loopback refuses connections: the store's every command fails.
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    redis.on('error', () => {});
    closers.push(async () => redis.disconnect());
    const app = Fastify();
    closers.push(() => app.close());
    await registerRateLimits(app, { shared: { redis, nameSpace: 'atrium-test:rate-limit:' } });
    app.post('/signup', { config: { rateLimit: attemptLimit({ max: 1, timeWindow: '1 minute' }) } }, () => ({ ok: true }));
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ method: 'POST', url: '/signup' })).statusCode);
    expect(codes).toEqual([200, 200, 200]);
  });
});
