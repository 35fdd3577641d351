import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import {
  PilotAvailabilityQuerySchema, PilotAvailabilitySchema, PilotTourParamsSchema, PilotUsernamesSchema, RecordingListSchema, RecordingParamsSchema,
  RecordingSchema, RecordingWithRouteSchema, UpdateRecordingBodySchema,
} from '../../../protocol/pilot.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { attemptLimit } from '../../http/rateLimits.ts';
import type { Repositories } from '../../db/repositories.ts';
import { requireTourEditor } from '../access/policy.ts';
import { requireUser } from '../auth/identity.ts';
import type { PilotsService } from './pilots.service.ts';
import { receiveRecording } from './recordingUpload.ts';

const failures = { ...errorResponses, 409: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema } as const;

/**
 * Guided tours. Recording and managing are for a tour's pilots (named by its owner under /v2/studio) and its owner
 * and editors; playing is for everyone who may see the tour. Encapsulated (no fastify-plugin): the multipart parser
 * registered here serves these routes only, unless the app has one already.
 */
export const pilotsRoutes = (service: PilotsService, repos: Repositories): FastifyPluginAsyncZod => async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.get('/v2/pilots/availability', {
    schema: { querystring: PilotAvailabilityQuerySchema, response: { 200: PilotAvailabilitySchema, ...failures } },
  }, (req) => service.availability(req.user, req.query.buildingId));

  app.get('/v2/pilots/tours/:buildingId/recordings', {
    schema: { params: PilotTourParamsSchema, response: { 200: RecordingListSchema, ...failures } },
  }, async (req) => ({ recordings: await service.list(req.user, req.params.buildingId) }));

  app.post('/v2/pilots/tours/:buildingId/recordings', {
    config: { rateLimit: attemptLimit({ max: 30, timeWindow: '10 minutes' }) },
    schema: { params: PilotTourParamsSchema, response: { 200: RecordingSchema, ...failures } },
  }, async (req) => {
    const user = requireUser(req);
    const upload = await receiveRecording(req);
    try {
      return await service.upload(user, req.params.buildingId, upload);
    } finally {
      await upload.discard();
    }
  });

  app.get('/v2/pilots/recordings/:recordingId', {
    schema: { params: RecordingParamsSchema, response: { 200: RecordingWithRouteSchema, ...failures } },
  }, (req) => service.get(req.user, req.params.recordingId));

  app.patch('/v2/pilots/recordings/:recordingId', {
    schema: { params: RecordingParamsSchema, body: UpdateRecordingBodySchema, response: { 200: RecordingSchema, ...failures } },
  }, (req) => service.update(requireUser(req), req.params.recordingId, req.body));

  app.delete('/v2/pilots/recordings/:recordingId', {
    schema: { params: RecordingParamsSchema, response: { 200: z.object({ objectId: z.string() }), ...failures } },
  }, (req) => service.remove(requireUser(req), req.params.recordingId));

  app.get('/v2/studio/tours/:buildingId/pilots', {
    schema: { params: PilotTourParamsSchema, response: { 200: PilotUsernamesSchema, ...failures } },
  }, async (req) => {
    await requireTourEditor(repos, req, req.params.buildingId);
    return { usernames: await service.pilots(req.params.buildingId) };
  });

  app.put('/v2/studio/tours/:buildingId/pilots', {
    schema: { params: PilotTourParamsSchema, body: PilotUsernamesSchema, response: { 200: PilotUsernamesSchema, ...failures } },
  }, async (req) => {
    await requireTourEditor(repos, req, req.params.buildingId);
    return { usernames: await service.setPilots(req.params.buildingId, req.body.usernames) };
  });
};
