import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../protocol/errors.ts';
import { AppError } from '../errors.ts';
import { classifyDatabaseError } from '../db/dbErrors.ts';
import { databaseRefusalError } from './databaseRefusal.ts';

/** Fastify's own error codes that are the client's fault, mapped to ours. */
const FASTIFY_CODES: Record<string, { status: number; code: ErrorBody['code'] }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION_FAILED' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
};

/** Other client errors (static files, ranges) keep their status with the code that names it. */
const STATUS_CODES: Partial<Record<number, ErrorBody['code']>> = {
  401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA',
  416: 'RANGE_NOT_SATISFIABLE', 429: 'RATE_LIMITED', 431: 'HEADERS_TOO_LARGE',
};
const STATUS_MESSAGES: Partial<Record<number, string>> = {
  403: 'You may not read this file.',
  416: 'The requested byte range is outside the file.',
};

/**
 * The multipart parser (busboy) throws plain errors without a code when the body does not match its boundary: no
 * boundary, a wrong one, or a stream cut short. Those are the client's mistake.
 */
const MALFORMED_MULTIPART = /^(Multipart: |Unexpected end of (multipart|form) data|Malformed part header|Part terminated early)/;
const isMalformedMultipart = (error: Error) => !(error as { code?: unknown }).code && MALFORMED_MULTIPART.test(error.message);

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
      const retryAfterMs = error.details?.retryAfterMs;
      if (typeof retryAfterMs === 'number' && !reply.hasHeader('retry-after')) reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
      // A part of ours out of reach (mail, Janus, Redis...): the operator needs to hear of it, the visitor only the message.
      if (error.status >= 500) request.log.warn({ err: error.cause ?? error, code: error.code, correlationId: request.id }, error.message);
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) return reply.status(400).send(validationBody(error));
    const refusal = classifyDatabaseError(error);
    if (refusal) {
      const mapped = databaseRefusalError(refusal);
      request.log.info({ err: error, correlationId: request.id }, 'database refused the request');
      return reply.status(mapped.status).send({ code: mapped.code, message: mapped.message, ...(mapped.field ? { field: mapped.field } : {}) });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known.status).send({ code: known.code, message: error.message });
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: 'Too many requests; please wait a moment and try again.' });
    }
    if (isMalformedMultipart(error)) {
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: `The upload is not valid multipart/form-data (${error.message}). Choose the file again and retry.` });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      const code = STATUS_CODES[error.statusCode] ?? 'VALIDATION_FAILED';
      return reply.status(error.statusCode).send({ code, message: STATUS_MESSAGES[error.statusCode] ?? error.message });
    }
    request.log.error({ err: error, correlationId: request.id }, 'unhandled error');
    return reply.status(500).send({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again; if it keeps happening, report it with the correlation id.',
      correlationId: String(request.id),
    });
  });
}

/**
 * Errors Fastify answers before routing: a path with malformed percent-encoding (FST_ERR_BAD_URL) and the like,
 * in the same {code, message} shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ code: 'VALIDATION_FAILED', message: 'The address is not valid: it has malformed percent-encoding (such as "%E0%A4%A" or a lone "%").', field: 'url' });
    return;
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ code: STATUS_CODES[status] ?? 'VALIDATION_FAILED', message: error.message });
}

/**
 * Errors Node's HTTP parser finds before Fastify sees a request: a header section over the limit (431) or bytes that
 * are not HTTP (400), answered on the raw socket in the same {code, message} shape.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify(tooLarge
    ? { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large (16 KB at most). Clearing this site\'s cookies usually helps.' }
    : { code: 'VALIDATION_FAILED', message: 'The request could not be read: it is not valid HTTP.' });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 431: 'Request Header Fields Too Large' };
