import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookingBodySchema, BookingSchema, JoinAnswerSchema, ManageBodySchema, ManagedBookingSchema, ManageQuerySchema, MoveBodySchema, SlotsAnswerSchema,
  SlotsQuerySchema, StudioBookingsSchema,
} from '../../../protocol/booking.ts';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import { BuildingParamsSchema } from '../../../protocol/studio.ts';
import type { Repositories } from '../../db/repositories.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { attemptLimit } from '../../http/rateLimits.ts';
import { requireTourEditor } from '../access/policy.ts';
import { toCsv } from '../analytics/csv.ts';
import type { BookingService } from './booking.service.ts';

const failures = { ...errorResponses, 409: ErrorBodySchema, 410: ErrorBodySchema } as const;

/** A tour's call-back requests as the studio lists them (the tour ring's; absent while that module is not wired). */
export type CallbacksOf = (buildingId: string) => Promise<{ name: string; phone: string; country: string; language: string; note: string; createdAt: string }[]>;

const download = (name: string) => ({ 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' });

/**
 * The booking calendar: free times and booking (anyone who may open the tour), the manage links of the mails, and the
 * owners' lists and CSV files under /v2/studio (authorised by the owner-route guard from :buildingId first).
 */
export const bookingRoutes = (service: BookingService, repos: Repositories, callbacksOf: CallbacksOf | null): FastifyPluginAsyncZod => async (app) => {
  app.get('/v2/buildings/:buildingId/booking-slots', {
    schema: { params: BuildingParamsSchema, querystring: SlotsQuerySchema, response: { 200: SlotsAnswerSchema, ...failures } },
  }, (req) => service.slots(req.params.buildingId, req.query, req.user));

  app.post('/v2/buildings/:buildingId/bookings', {
    config: { rateLimit: attemptLimit({ max: 20, timeWindow: '10 minutes' }) },
    schema: { params: BuildingParamsSchema, body: BookingBodySchema, response: { 201: BookingSchema, ...failures } },
  }, async (req, reply) => reply.code(201).send(await service.book(req.params.buildingId, req.body, req.user)));

  app.get('/v2/bookings/manage', { schema: { querystring: ManageQuerySchema, response: { 200: ManagedBookingSchema, ...failures } } }, (req) => service.manage(req.query.token));
  app.post('/v2/bookings/manage/cancel', { schema: { body: ManageBodySchema, response: { 200: ManagedBookingSchema, ...failures } } }, (req) => service.cancel(req.body.token));
  app.post('/v2/bookings/manage/move', { schema: { body: MoveBodySchema, response: { 200: ManagedBookingSchema, ...failures } } }, (req) => service.move(req.body.token, req.body.start));
  app.post('/v2/bookings/manage/join', { schema: { body: ManageBodySchema, response: { 200: JoinAnswerSchema, ...failures } } }, (req) => service.join(req.body.token));

  app.get('/v2/studio/tours/:buildingId/bookings', { schema: { params: BuildingParamsSchema, response: { 200: StudioBookingsSchema, ...failures } } }, async (req) => {
    await requireTourEditor(repos, req, req.params.buildingId);
    return { bookings: await service.forTour(req.params.buildingId) };
  });

  app.get('/v2/studio/tours/:buildingId/bookings.csv', { schema: { params: BuildingParamsSchema, response: { 200: z.string(), ...failures } } }, async (req, reply) => {
    await requireTourEditor(repos, req, req.params.buildingId);
    const rows = await service.forTour(req.params.buildingId);
    return reply.type('text/csv; charset=utf-8').headers(download(`bookings-${req.params.buildingId}.csv`)).send(toCsv([
      ['start_utc', 'end_utc', 'status', 'language', 'guide', 'guide_email', 'name', 'email', 'phone', 'note', 'booked_at'],
      ...rows.map((b) => [b.start, b.end, b.status, b.language, b.guideName, b.guideEmail, b.name, b.email, b.phone, b.note, b.createdAt]),
    ]));
  });

  app.get('/v2/studio/tours/:buildingId/callbacks.csv', { schema: { params: BuildingParamsSchema, response: { 200: z.string(), ...failures } } }, async (req, reply) => {
    await requireTourEditor(repos, req, req.params.buildingId);
    const rows = callbacksOf ? await callbacksOf(req.params.buildingId) : [];
    return reply.type('text/csv; charset=utf-8').headers(download(`callbacks-${req.params.buildingId}.csv`)).send(toCsv([
      ['requested_at', 'name', 'phone', 'country', 'language', 'note'],
      ...rows.map((c) => [c.createdAt, c.name, c.phone, c.country, c.language, c.note]),
    ]));
  });
};
