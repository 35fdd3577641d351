import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import {
  MeetingHostsSchema, AvailabilityQuerySchema, CreateMeetingBodySchema, HostMeetingSchema, JoinAnswerSchema, JoinBodySchema, MeetingAvailabilitySchema,
  MeetingListSchema, MeetingParamsSchema, MeetingSchema, ShortCodeAnswerSchema, ShortCodeParamsSchema, ShortCodeSchema, TourMeetingsParamsSchema,
} from '../../../protocol/meeting.ts';
import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { attemptLimit } from '../../http/rateLimits.ts';
import { canEditBuilding, requireTourEditor } from '../access/policy.ts';
import { requireUser } from '../auth/identity.ts';
import type { MeetingPresence } from './meetingPresence.ts';
import { MEETING_MESSAGES, type MeetingsService } from './meetings.service.ts';

const failures = { ...errorResponses, 409: ErrorBodySchema, 429: ErrorBodySchema, 503: ErrorBodySchema } as const;

/**
 * Meetings as data. Creating and listing are for the tour's hosts (owner, editors, named agents), so they live
 * outside /v2/studio (whose guard admits owners and editors only); naming agents is the owner's, under /v2/studio.
 * Joining answers a short-lived credential that the socket spends (src/server/realtime/meetingGateway.ts).
 */
export const meetingsRoutes = (service: MeetingsService, presence: MeetingPresence, repos: Repositories): FastifyPluginAsyncZod => async (app) => {
  app.get('/v2/meetings/availability', {
    schema: { querystring: AvailabilityQuerySchema, response: { 200: MeetingAvailabilitySchema, ...failures } },
  }, (req) => service.availability(req.user, req.query.buildingId));

  app.post('/v2/meetings/tours/:buildingId', {
    config: { rateLimit: attemptLimit({ max: 30, timeWindow: '10 minutes' }) },
    schema: { params: TourMeetingsParamsSchema, body: CreateMeetingBodySchema, response: { 200: HostMeetingSchema, ...failures } },
  }, (req) => service.createForTour(req.user, req.params.buildingId, req.body));

  app.get('/v2/meetings/tours/:buildingId', {
    schema: { params: TourMeetingsParamsSchema, response: { 200: MeetingListSchema, ...failures } },
  }, async (req) => ({ meetings: await service.listForTour(req.user, req.params.buildingId) }));

  // Codes are few enough to sweep without a limit: a handful of tries per minute per address.
  app.get('/v2/meetings/code/:code', {
    config: { rateLimit: attemptLimit({ max: 20, timeWindow: '5 minutes' }) },
    schema: { params: ShortCodeParamsSchema, response: { 200: ShortCodeAnswerSchema, ...failures } },
  }, (req) => {
    const code = ShortCodeSchema.safeParse(req.params.code);
    if (!code.success) throw new AppError('MEETING_NOT_FOUND', MEETING_MESSAGES.notFound, 'code');
    return service.resolveCode(code.data);
  });

  app.get('/v2/meetings/:meetingId', {
    schema: { params: MeetingParamsSchema, response: { 200: MeetingSchema, ...failures } },
  }, async (req) => service.publicView(await service.meeting(req.params.meetingId)));

  app.post('/v2/meetings/:meetingId/join', {
    config: { rateLimit: attemptLimit({ max: 60, timeWindow: '5 minutes' }) },
    schema: { params: MeetingParamsSchema, body: JoinBodySchema, response: { 200: JoinAnswerSchema, ...failures } },
  }, (req) => {
    const visitorKey = req.user ? `user:${req.user.id}` : req.body.deviceId ? `device:${req.body.deviceId}` : `anonymous:${newId(16)}`;
    return service.join({ user: req.user, visitorKey }, req.params.meetingId, req.body);
  });

  // The host, or the tour's owner and editors from the studio's list.
  app.post('/v2/meetings/:meetingId/end', {
    schema: { params: MeetingParamsSchema, response: { 200: HostMeetingSchema, ...failures } },
  }, async (req) => {
    const user = requireUser(req);
    const row = await service.meeting(req.params.meetingId);
    const building = await repos.buildings.findById(row.buildingId);
    if (row.hostUserId !== user.id && !(building && canEditBuilding(user, building))) throw new AppError('FORBIDDEN', MEETING_MESSAGES.hostOnly);
    await presence.end(row.id, 'host-ended');
    return service.hostView(await service.meeting(row.id));
  });

  app.get('/v2/studio/tours/:buildingId/meeting-hosts', {
    schema: { params: TourMeetingsParamsSchema, response: { 200: MeetingHostsSchema, ...failures } },
  }, async (req) => {
    await requireTourEditor(repos, req, req.params.buildingId);
    return { usernames: await service.agents(req.params.buildingId) };
  });

  app.put('/v2/studio/tours/:buildingId/meeting-hosts', {
    schema: { params: TourMeetingsParamsSchema, body: MeetingHostsSchema, response: { 200: MeetingHostsSchema, ...failures } },
  }, async (req) => {
    await requireTourEditor(repos, req, req.params.buildingId);
    return { usernames: await service.setAgents(req.params.buildingId, req.body.usernames) };
  });
};
