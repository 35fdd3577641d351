import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';

/**
 * Attempt limits for the routes an attacker would hammer (sign-up, access codes, a cap on sign-in). Routes opt in with
 * `config: { rateLimit: attemptLimit(...) }`; every other route is unlimited. Addresses are request.ip, so they follow
 * TRUST_PROXY. One process keeps the counters in memory; pass an ioredis client and the installation's key prefix
 * (redisKeys.ts) to share them between its processes (@fastify/rate-limit's Redis store). Password guessing has its own back-off (modules/auth/throttle).
 * While that Redis cannot be reached the limits are skipped rather than every limited route failing with a 500: a
 * sign-up during an outage is worth more than a counter; the outage itself is logged where the client is made.
 */
export async function registerRateLimits(app: FastifyInstance, opts: { shared?: { redis: Redis; nameSpace: string } } = {}): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(opts.shared ? { redis: opts.shared.redis, nameSpace: opts.shared.nameSpace } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please wait ${context.after} and try again.`, undefined, { retryAfterMs: context.ttl }),
  });
}

/**
 * The body field (an email) a limit counts per target, whatever the address: how many access-code mails one mailbox
 * may be sent.
 */
const bodyField = (request: FastifyRequest, field: string): string => {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body && typeof body[field] === 'string' ? (body[field] as string) : '';
  return value.trim().toLowerCase().slice(0, 254);
};

export function attemptLimit(opts: { max: number; timeWindow: string; perField?: string }) {
  return {
    max: opts.max,
    timeWindow: opts.timeWindow,
    // After body parsing, so the key can include the account the attempt is about.
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => (opts.perField ? `account|${bodyField(request, opts.perField)}` : request.ip),
  };
}
