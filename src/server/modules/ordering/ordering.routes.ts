import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import {
  AddToOrderAnswerSchema, AddToOrderBodySchema, ORDERING_SESSION_COOKIE, ORDERING_SESSION_HEADER, ORDERING_SESSION_ID,
  OrderingSessionAnswerSchema, OrderingSessionBodySchema, OrderingStateSchema, PriceTypeBodySchema, orderingPaths,
} from '../../../protocol/ordering.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { attemptLimit } from '../../http/rateLimits.ts';
import { ORDERING_SESSION_IDLE_MS, type OrderingService } from './ordering.service.ts';

const orderingErrors = {
  ...errorResponses, 422: ErrorBodySchema, 429: ErrorBodySchema, 502: ErrorBodySchema, 503: ErrorBodySchema, 504: ErrorBodySchema,
} as const;

/** The session id from the header (the page that made the session) or the cookie (the same page after a reload). */
function sessionIdOf(request: FastifyRequest): string | null {
  const header = request.headers[ORDERING_SESSION_HEADER];
  if (typeof header === 'string' && ORDERING_SESSION_ID.test(header)) return header;
  const kept = request.cookies?.[ORDERING_SESSION_COOKIE];
  return kept && ORDERING_SESSION_ID.test(kept) ? kept : null;
}

/**
 * The viewer runs inside the platform's frame, a third-party context: a cookie reaches it only with SameSite=None and
 * Secure, and Partitioned (CHIPS) keeps it to this embedding, which browsers that block third-party cookies still
 * allow. HttpOnly: page scripts never see it; the page uses the id from the answer as a header meanwhile.
 */
function keepSession(reply: FastifyReply, sessionId: string): void {
  reply.setCookie(ORDERING_SESSION_COOKIE, sessionId, {
    path: '/v2/ordering', httpOnly: true, secure: true, sameSite: 'none', partitioned: true, maxAge: ORDERING_SESSION_IDLE_MS / 1000,
  });
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Wholesale ordering for retailers (spec sections 4, 7, 8); the platform's tokens never leave the server. */
// Cookies are parsed for every route (@fastify/cookie is registered once, in buildApp).
export const orderingRoutes = (service: OrderingService): FastifyPluginAsyncZod => async (app) => {
  app.post(orderingPaths.sessions, {
    config: { rateLimit: attemptLimit({ max: 30, timeWindow: '10 minutes' }) },
    schema: { body: OrderingSessionBodySchema, response: { 200: OrderingSessionAnswerSchema, ...orderingErrors } },
  }, async (req, reply) => {
    const answer = await service.start(req.body);
    keepSession(noStore(reply), answer.sessionId);
    return answer;
  });

  app.get(orderingPaths.state, {
    schema: { response: { 200: OrderingStateSchema, ...orderingErrors } },
  }, (req, reply) => {
    noStore(reply);
    return service.state(sessionIdOf(req));
  });

  app.put(orderingPaths.priceType, {
    schema: { body: PriceTypeBodySchema, response: { 200: OrderingStateSchema, ...orderingErrors } },
  }, (req) => service.setPriceType(sessionIdOf(req), req.body.priceTypeId));

  app.post(orderingPaths.add, {
    config: { rateLimit: attemptLimit({ max: 120, timeWindow: '1 minute' }) },
    schema: { body: AddToOrderBodySchema, response: { 200: AddToOrderAnswerSchema, ...orderingErrors } },
  }, (req) => service.add(sessionIdOf(req), req.body.markerId));

  app.delete(orderingPaths.session, {
    schema: { response: { 200: z.object({ ok: z.literal(true) }), ...orderingErrors } },
  }, async (req, reply) => {
    await service.end(sessionIdOf(req));
    reply.clearCookie(ORDERING_SESSION_COOKIE, { path: '/v2/ordering', secure: true, sameSite: 'none', partitioned: true });
    return { ok: true as const };
  });
};
