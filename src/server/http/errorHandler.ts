import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../protocol/errors.ts';
import { AppError } from '../errors.ts';

/** Fastify's own error codes that are the client's fault, mapped to ours. */
const FASTIFY_CODES: Record<string, { status: number; code: ErrorBody['code'] }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION_FAILED' },
};

function validationBody(error: { validation: Array<{ instancePath?: string; message?: string }>; validationContext?: string }): ErrorBody {
  const first = error.validation[0];
  const where = error.validationContext ?? 'request';
  const path = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = path ? `${where}.${path}` : where;
  return { code: 'VALIDATION_FAILED', message: `${field}: ${first?.message ?? 'is invalid'}`, field };
}

/**
 * One translation from thrown errors to `{ code, message }` bodies. A 500 carries the request id as a
 * correlation id and never a stack trace; the full error goes to the log under the same id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { code: error.code, message: error.message };
      if (error.field) body.field = error.field;
      if (error.details) body.details = error.details;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) return reply.status(400).send(validationBody(error));
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known.status).send({ code: known.code, message: error.message });
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: 'Too many requests; please wait a moment and try again.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      return reply.status(error.statusCode).send({ code: 'VALIDATION_FAILED', message: error.message });
    }
    request.log.error({ err: error, correlationId: request.id }, 'unhandled error');
    return reply.status(500).send({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again; if it keeps happening, report it with the correlation id.',
      correlationId: String(request.id),
    });
  });
}
