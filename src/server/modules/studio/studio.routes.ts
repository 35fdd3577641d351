import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BuildingParamsSchema, CreatePropertyBodySchema, CreateTourBodySchema, PropertyParamsSchema, PublishBodySchema, RemovedResponseSchema,
  STUDIO_LIMITS, StudioPropertySchema, StudioSessionResponseSchema, StudioTourSchema, StudioToursResponseSchema,
  UpdatePropertyBodySchema, UpdateTourBodySchema,
} from '../../../protocol/studio.ts';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import type { Repositories } from '../../db/repositories.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { requireHeadquarterEditor, requireTourEditor } from '../access/policy.ts';
import { requireUser } from '../auth/identity.ts';
import { studioPanoramasRoutes } from './studioPanoramas.routes.ts';
import type { StudioPanoramasService } from './studioPanoramas.service.ts';
import type { StudioPropertiesService } from './studioProperties.service.ts';
import type { StudioToursService, TourImageKind } from './studioTours.service.ts';
import type { TilingBus } from './tilingBus.ts';
import { discard, receiveFiles } from './uploadedFiles.ts';

export interface StudioServices {
  repos: Repositories;
  tours: StudioToursService;
  panoramas: StudioPanoramasService;
  properties: StudioPropertiesService;
  bus: TilingBus;
}

const failures = { ...errorResponses, 409: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema };
const ImageParamsSchema = BuildingParamsSchema.extend({ kind: z.enum(['logo', 'floorplan']) });

/**
 * The studio's tours and panoramas: every route under /v2/studio, every one guarded by the access policy. Multipart is
 * registered here only, so uploads stream to disk and nowhere else in the app accepts them.
 */
export const studioRoutes = (s: StudioServices): FastifyPluginAsyncZod => async (app) => {
  await app.register(multipart, { limits: { fileSize: STUDIO_LIMITS.panoramaBytes, files: STUDIO_LIMITS.filesPerRequest, fields: 10, parts: STUDIO_LIMITS.filesPerRequest + 10 } });

  app.post('/v2/studio/session', { schema: { response: { 200: StudioSessionResponseSchema, ...failures } } }, (req) =>
    s.tours.openStudio(requireUser(req)));

  app.get('/v2/studio/tours', { schema: { response: { 200: StudioToursResponseSchema, ...failures } } }, (req) =>
    s.tours.list(requireHeadquarterEditor(req).headquarterId));

  app.post('/v2/studio/tours', { schema: { body: CreateTourBodySchema, response: { 200: StudioTourSchema, ...failures } } }, (req) => {
    const { user, headquarterId } = requireHeadquarterEditor(req);
    return s.tours.create(user, headquarterId, req.body.name);
  });

  app.get('/v2/studio/tours/:buildingId', { schema: { params: BuildingParamsSchema, response: { 200: StudioTourSchema, ...failures } } }, async (req) => {
    await requireTourEditor(s.repos, req, req.params.buildingId);
    return s.tours.get(req.params.buildingId);
  });

  app.patch('/v2/studio/tours/:buildingId', {
    schema: { params: BuildingParamsSchema, body: UpdateTourBodySchema, response: { 200: StudioTourSchema, ...failures } },
  }, async (req) => {
    const { building } = await requireTourEditor(s.repos, req, req.params.buildingId);
    return s.tours.update(building, req.body);
  });

  app.post('/v2/studio/tours/:buildingId/publish', { schema: { params: BuildingParamsSchema, body: PublishBodySchema, response: { 200: StudioTourSchema, ...failures } } }, async (req) => {
    const { building } = await requireTourEditor(s.repos, req, req.params.buildingId);
    return s.tours.setPublished(building, req.body.published);
  });

  app.delete('/v2/studio/tours/:buildingId', { schema: { params: BuildingParamsSchema, response: { 200: RemovedResponseSchema, ...failures } } }, async (req) => {
    const { building } = await requireTourEditor(s.repos, req, req.params.buildingId);
    return s.tours.remove(building);
  });

  app.post('/v2/studio/tours/:buildingId/restore', { schema: { params: BuildingParamsSchema, response: { 200: StudioTourSchema, ...failures } } }, async (req) => {
    const { building } = await requireTourEditor(s.repos, req, req.params.buildingId);
    return s.tours.restore(building);
  });

  // Logo and floor plan: one image each, replaced by the next upload, cleared by DELETE.
  app.put('/v2/studio/tours/:buildingId/:kind', { schema: { params: ImageParamsSchema, response: { 200: StudioTourSchema, ...failures } } }, async (req) => {
    const { building } = await requireTourEditor(s.repos, req, req.params.buildingId);
    const files = await receiveFiles(req, { maxBytes: STUDIO_LIMITS.imageBytes, maxFiles: 1 });
    try {
      return await s.tours.setImage(building, req.params.kind as TourImageKind, files[0]!);
    } finally {
      await Promise.all(files.map(discard));
    }
  });

  app.delete('/v2/studio/tours/:buildingId/:kind', { schema: { params: ImageParamsSchema, response: { 200: StudioTourSchema, ...failures } } }, async (req) => {
    const { building } = await requireTourEditor(s.repos, req, req.params.buildingId);
    return s.tours.clearImage(building, req.params.kind as TourImageKind);
  });

  app.post('/v2/studio/properties', { schema: { body: CreatePropertyBodySchema, response: { 200: StudioPropertySchema, ...failures } } }, (req) =>
    s.properties.create(requireHeadquarterEditor(req).headquarterId, req.body.name));

  app.patch('/v2/studio/properties/:propertyId', {
    schema: { params: PropertyParamsSchema, body: UpdatePropertyBodySchema, response: { 200: StudioPropertySchema, ...failures } },
  }, (req) => s.properties.update(requireHeadquarterEditor(req).user, req.params.propertyId, req.body));

  app.delete('/v2/studio/properties/:propertyId', {
    schema: { params: PropertyParamsSchema, response: { 200: z.object({ objectId: z.string() }), ...failures } },
  }, (req) => s.properties.remove(requireHeadquarterEditor(req).user, req.params.propertyId));

  await app.register(studioPanoramasRoutes(s));
};
