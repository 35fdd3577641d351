import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import { CallbackBodySchema, CallbackListSchema, CallbackSchema, TourRingInfoSchema, TourRingParamsSchema } from '../../../protocol/tourRing.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { attemptLimit } from '../../http/rateLimits.ts';
import type { CallbacksService } from './callbacks.service.ts';

const failures = { ...errorResponses, 409: ErrorBodySchema } as const;

/**
 * The call page's facts and the call-now form (anyone who may open the page), and the owners' list of call-back
 * requests under /v2/studio (authorised by the owner-route guard from :buildingId before anything else runs).
 */
export const tourRingRoutes = (service: CallbacksService): FastifyPluginAsyncZod => async (app) => {
  app.get('/v2/tour-ring/:buildingId', {
    schema: { params: TourRingParamsSchema, response: { 200: TourRingInfoSchema, ...failures } },
  }, (req) => service.info(req.params.buildingId, req.user));

  app.post('/v2/tour-ring/:buildingId/callbacks', {
    config: { rateLimit: attemptLimit({ max: 20, timeWindow: '10 minutes' }) },
    schema: { params: TourRingParamsSchema, body: CallbackBodySchema, response: { 201: CallbackSchema, ...failures } },
  }, async (req, reply) => {
    const callback = await service.create(req.params.buildingId, req.body, req.user);
    return reply.code(201).send(callback);
  });

  app.get('/v2/studio/tours/:buildingId/callbacks', {
    schema: { params: TourRingParamsSchema, response: { 200: CallbackListSchema, ...failures } },
  }, async (req) => ({ callbacks: await service.forTour(req.params.buildingId) }));
};
