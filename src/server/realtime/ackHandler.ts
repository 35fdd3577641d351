import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

/** Every acknowledgement: the answer, or a failure shaped like an HTTP error body. */
export type AckAnswer<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; field?: string; retryAfterMs?: number } };

/**
 * Wraps one event's handler: parse the request with its schema, run it, and acknowledge with its answer or with the
 * failure as a coded error (never a stack). Shared by every realtime gateway.
 */
export function ackHandler(log: FastifyBaseLogger, socketId: string, what: string) {
  return function handle<S extends z.ZodType, T>(schema: S, run: (request: z.infer<S>) => Promise<T>) {
    return (raw: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (a: AckAnswer<T>) => void) : () => {};
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        reply({ ok: false, error: { code: 'VALIDATION_FAILED', message: `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}` } });
        return;
      }
      run(parsed.data).then(
        (data) => reply({ ok: true, data }),
        (error: unknown) => {
          if (error instanceof AppError) {
            const retryAfterMs = error.details?.retryAfterMs;
            reply({
              ok: false,
              error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}), ...(typeof retryAfterMs === 'number' ? { retryAfterMs } : {}) },
            });
            return;
          }
          log.error({ err: error, socket: socketId }, `${what} event failed`);
          reply({ ok: false, error: { code: 'INTERNAL', message: 'Something went wrong.' } });
        },
      );
    };
  };
}
