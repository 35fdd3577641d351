import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { ErrorBodySchema } from '../../protocol/errors.ts';
import { errorResponses } from './errorResponses.ts';
import { attemptLimit } from './rateLimits.ts';
import { CSP_REPORT_PATH } from './securityHeaders.ts';

/** The log line an operator (and the browser suite) looks for. */
export const CSP_VIOLATION_LOG = 'content security policy violation';

const REPORT_TYPES = /^application\/(csp-report|reports\+json)$/;
const MAX_REPORT_BYTES = 16 * 1024;
const short = (value: unknown) => (typeof value === 'string' ? value.slice(0, 300) : undefined);

/** One violation, from either report format (report-uri's {"csp-report": {...}} or the Reporting API's list). */
function violationsOf(body: unknown): Array<Record<string, string | undefined>> {
  const entries = Array.isArray(body) ? body.map((r: { body?: unknown }) => r?.body) : [(body as { 'csp-report'?: unknown } | null)?.['csp-report']];
  return entries.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null).map((e) => ({
    directive: short(e['effective-directive'] ?? e['effectiveDirective'] ?? e['violated-directive']),
    blocked: short(e['blocked-uri'] ?? e['blockedURL']),
    page: short(e['document-uri'] ?? e['documentURL']),
    source: short(e['source-file'] ?? e['sourceFile']),
    line: short(String(e['line-number'] ?? e['lineNumber'] ?? '')),
    sample: short(e['script-sample'] ?? e['sample']),
  }));
}

/**
 * What browsers report the page policy refused: logged as warnings, so an operator sees a page the policy breaks
 * (and the browser suite fails on any). Nothing is stored; the answer is empty.
 */
export const cspReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(REPORT_TYPES, { parseAs: 'string', bodyLimit: MAX_REPORT_BYTES }, (_req, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new AppError('VALIDATION_FAILED', 'A violation report must be JSON.'), undefined);
    }
  });
  app.post(CSP_REPORT_PATH, {
    config: { rateLimit: attemptLimit({ max: 60, timeWindow: '1 minute' }) },
    schema: { body: z.unknown(), response: { 204: z.null(), ...errorResponses, 429: ErrorBodySchema } },
  }, async (req, reply) => {
    for (const violation of violationsOf(req.body)) req.log.warn({ csp: violation }, CSP_VIOLATION_LOG);
    return reply.status(204).send(null);
  });
};
