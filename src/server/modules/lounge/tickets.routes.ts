import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import {
  StudioTicketListSchema, TicketGenerateBodySchema, TicketImportAnswerSchema, TicketImportBodySchema, TicketLoginAnswerSchema,
  TicketLoginBodySchema, TicketParamsSchema, ticketPaths,
} from '../../../protocol/loungeTickets.ts';
import { IdSchema } from '../../../protocol/tour.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { attemptLimit } from '../../http/rateLimits.ts';
import type { TicketsService } from './tickets.service.ts';

const BuildingParamsSchema = z.object({ buildingId: IdSchema });
const withConflicts = { ...errorResponses, 409: ErrorBodySchema, 429: ErrorBodySchema } as const;

/**
 * Ticket sign-in (public, attempt-limited: ticket numbers must not be guessable by trying) and the studio's ticket
 * routes, which the owner-route guard authorises from :buildingId before anything else runs.
 */
export const ticketsRoutes = (service: TicketsService): FastifyPluginAsyncZod => async (app) => {
  app.post(ticketPaths.login, {
    config: { rateLimit: attemptLimit({ max: 20, timeWindow: '10 minutes' }) },
    schema: { body: TicketLoginBodySchema, response: { 200: TicketLoginAnswerSchema, ...withConflicts } },
  }, (req) => service.login(req.user, req.body));

  app.get('/v2/studio/buildings/:buildingId/tickets', {
    schema: { params: BuildingParamsSchema, response: { 200: StudioTicketListSchema, ...errorResponses } },
  }, async (req) => ({ tickets: await service.list(req.params.buildingId) }));

  app.post('/v2/studio/buildings/:buildingId/tickets/generate', {
    schema: { params: BuildingParamsSchema, body: TicketGenerateBodySchema, response: { 200: StudioTicketListSchema, ...errorResponses } },
  }, async (req) => ({ tickets: await service.generate(req.params.buildingId, req.body.count, req.body.role) }));

  app.post('/v2/studio/buildings/:buildingId/tickets/import', {
    schema: { params: BuildingParamsSchema, body: TicketImportBodySchema, response: { 200: TicketImportAnswerSchema, ...errorResponses } },
  }, (req) => service.import(req.params.buildingId, req.body.csv));

  app.get('/v2/studio/buildings/:buildingId/tickets/export', {
    schema: { params: BuildingParamsSchema, response: { 200: z.string(), ...errorResponses } },
  }, async (req, reply) => reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="tickets-${req.params.buildingId}.csv"`)
    .header('cache-control', 'no-store')
    .send(await service.exportCsv(req.params.buildingId)));

  app.delete('/v2/studio/buildings/:buildingId/tickets/:ticketId', {
    schema: { params: TicketParamsSchema, response: { 200: z.object({ ok: z.literal(true) }), ...withConflicts } },
  }, (req) => service.remove(req.params.buildingId, req.params.ticketId));
};
