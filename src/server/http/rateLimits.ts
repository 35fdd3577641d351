import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Attempt limits for the routes an attacker would hammer (login, sign-up, access codes). Routes opt in with
 * `config: { rateLimit: attemptLimit(...) }`; every other route is unlimited. One process keeps the counters in memory:
 * with several processes each holds its own (documented in ARCHITECTURE.md).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please wait ${context.after} and try again.`, undefined, { retryAfterMs: context.ttl }),
  });
}

/**
 * The body field (an email or a username) a limit counts per account. Keyed by the account alone, not by address:
 * addresses can be many (or spoofed through X-Forwarded-For), so guessing one account's password stays bounded, and
 * one busy office address does not lock everybody else out.
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
