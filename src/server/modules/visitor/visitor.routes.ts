import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SessionAnswerSchema } from '../../../protocol/accounts.ts';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import { ResendBodySchema, VerificationAnswerSchema, VerifyCodeBodySchema, VerifyLinkBodySchema, VisitorSignupBodySchema } from '../../../protocol/visitor.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { attemptLimit } from '../../http/rateLimits.ts';
import type { VisitorService } from './visitor.service.ts';

const failures = { ...errorResponses, 429: ErrorBodySchema, 502: ErrorBodySchema } as const;

/**
 * The visitor gate: POST /v2/visitor/signup (section 7; its payload is ours: the visitor form, the tour and the
 * language of the email), then one of verify (the access code) or verify-link (the emailed link), and resend.
 * Attempt limits: a few emails per address and per visitor; the code itself also dies after five wrong tries.
 */
export const visitorRoutes = (service: VisitorService): FastifyPluginAsyncZod => async (app) => {
  app.post('/v2/visitor/signup', {
    config: { rateLimit: attemptLimit({ max: 5, timeWindow: '15 minutes', perField: 'email' }) },
    schema: { body: VisitorSignupBodySchema, response: { 200: VerificationAnswerSchema, ...failures } },
  }, (req) => service.signup(req.body));

  app.post('/v2/visitor/verify', {
    config: { rateLimit: attemptLimit({ max: 30, timeWindow: '10 minutes' }) },
    schema: { body: VerifyCodeBodySchema, response: { 200: SessionAnswerSchema, ...failures } },
  }, (req) => service.verifyCode(req.body));

  app.post('/v2/visitor/verify-link', {
    config: { rateLimit: attemptLimit({ max: 30, timeWindow: '10 minutes' }) },
    schema: { body: VerifyLinkBodySchema, response: { 200: SessionAnswerSchema, ...failures } },
  }, (req) => service.verifyLink(req.body.token));

  app.post('/v2/visitor/resend', {
    config: { rateLimit: attemptLimit({ max: 5, timeWindow: '15 minutes' }) },
    schema: { body: ResendBodySchema, response: { 200: VerificationAnswerSchema, ...failures } },
  }, (req) => service.resend(req.body.verificationId, req.body.locale));
};
