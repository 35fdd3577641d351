import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnalyticsParamsSchema, AnalyticsQuerySchema, BuildingAnalyticsSchema, ClickCountAnswerSchema, ClickCountBodySchema,
  VisitorHistoryCreateBodySchema, VisitorHistoryCreatedSchema, VisitorHistoryParamsSchema, VisitorHistoryPatchBodySchema,
  VisitorHistoryPatchedSchema, VisitorReportAnswerSchema, VisitorReportBodySchema, VisitorReportQuerySchema,
} from '../../../protocol/analytics.ts';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import type { Repositories } from '../../db/repositories.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { attemptLimit } from '../../http/rateLimits.ts';
import { requireTourEditor } from '../access/policy.ts';
import { requireUser } from '../auth/identity.ts';
import { analyticsCsv } from './analytics.presenter.ts';
import type { AnalyticsService } from './analytics.service.ts';

const limited = { ...errorResponses, 429: ErrorBodySchema } as const;

/** Visitor statistics of spec section 7 at their exact paths, and the owner's read API. */
export const analyticsRoutes = (service: AnalyticsService, repos: Repositories): FastifyPluginAsyncZod => async (app) => {
  app.post('/v2/visitorhistory', {
    // One opening of a tour per request; a flood from one address would only fake views.
    config: { rateLimit: attemptLimit({ max: 600, timeWindow: '1 minute' }) },
    schema: { body: VisitorHistoryCreateBodySchema, response: { 200: VisitorHistoryCreatedSchema, ...limited } },
  }, (req) => service.createHistory(req.user, req.body));

  app.patch('/v2/visitorhistory/:id', {
    schema: { params: VisitorHistoryParamsSchema, body: VisitorHistoryPatchBodySchema, response: { 200: VisitorHistoryPatchedSchema, ...errorResponses } },
  }, (req) => service.updateHistory(req.params.id, req.body.viewingSeconds));

  app.post('/v2/clickcount', {
    schema: { body: ClickCountBodySchema, response: { 200: ClickCountAnswerSchema, ...errorResponses } },
  }, (req) => service.countClick(req.user, req.ip, req.body));

  app.post('/v2/helper/visitorHistory', {
    schema: { querystring: VisitorReportQuerySchema, body: VisitorReportBodySchema, response: { 200: VisitorReportAnswerSchema, ...errorResponses } },
  }, (req) => service.report(requireUser(req), req.query.headquarter, req.body));

  app.get('/v2/analytics/buildings/:id', {
    schema: { params: AnalyticsParamsSchema, querystring: AnalyticsQuerySchema, response: { 200: BuildingAnalyticsSchema, ...errorResponses } },
  }, async (req) => {
    const { building } = await requireTourEditor(repos, req, req.params.id);
    return service.buildingAnalytics(building, req.query);
  });

  app.get('/v2/analytics/buildings/:id/export.csv', {
    schema: { params: AnalyticsParamsSchema, querystring: AnalyticsQuerySchema, response: { 200: z.string(), ...errorResponses } },
  }, async (req, reply) => {
    const { building } = await requireTourEditor(repos, req, req.params.id);
    const figures = await service.buildingAnalytics(building, req.query);
    const file = `analytics-${building.id}-${figures.from}-${figures.to}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('cache-control', 'no-store')
      .send(analyticsCsv(figures));
  });
};
