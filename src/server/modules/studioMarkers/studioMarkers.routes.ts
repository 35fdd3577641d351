import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import { BuildingParamsSchema } from '../../../protocol/studio.ts';
import {
  AssetQuerySchema, AssetResponseSchema, CreateMarkerBodySchema, DeletedMarkerResponseSchema, MARKER_ASSET_LIMITS,
  MarkerParamsSchema, MarkerResponseSchema, PanoramaMarkersParamsSchema, StudioMarkersResponseSchema, UpdateMarkerBodySchema,
} from '../../../protocol/studioMarkers.ts';
import type { Repositories } from '../../db/repositories.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import { requireTourEditor } from '../access/policy.ts';
import { requireUser } from '../auth/identity.ts';
import { storeMarkerAsset } from './markerAssets.ts';
import { StudioMarkersRepository } from './studioMarkers.repository.ts';
import { StudioMarkersService } from './studioMarkers.service.ts';

export interface StudioMarkersDeps {
  repos: Repositories;
  db: Db;
  storage: MediaStorage;
}

const failures = { ...errorResponses, 409: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema } as const;

/**
 * Marker authoring under /v2/studio. Encapsulated on purpose (no fastify-plugin): the multipart
 * parser registered here serves these routes only, unless the app registered one already.
 */
export const studioMarkersRoutes = (deps: StudioMarkersDeps): FastifyPluginAsyncZod => async (app) => {
  const service = new StudioMarkersService(deps.repos, new StudioMarkersRepository(deps.db));
  const media = deps.storage;
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.get('/v2/studio/tours/:buildingId/markers', {
    schema: { params: BuildingParamsSchema, response: { 200: StudioMarkersResponseSchema, ...failures } },
  }, (req) => service.listForTour(req, req.params.buildingId));

  app.post('/v2/studio/panoramas/:panoramaId/markers', {
    schema: { params: PanoramaMarkersParamsSchema, body: CreateMarkerBodySchema, response: { 200: MarkerResponseSchema, ...failures } },
  }, (req) => service.create(req, req.params.panoramaId, req.body.marker, req.body.objectId));

  app.patch('/v2/studio/markers/:markerId', {
    schema: { params: MarkerParamsSchema, body: UpdateMarkerBodySchema, response: { 200: MarkerResponseSchema, ...failures } },
  }, (req) => service.update(req, req.params.markerId, req.body));

  app.delete('/v2/studio/markers/:markerId', {
    schema: { params: MarkerParamsSchema, response: { 200: DeletedMarkerResponseSchema, ...failures } },
  }, (req) => service.remove(req, req.params.markerId));

  /** One file per request (field `file`): photos, custom icons, PDFs and narration audio of the tour's markers. */
  app.post('/v2/studio/tours/:buildingId/assets', {
    schema: { params: BuildingParamsSchema, querystring: AssetQuerySchema, response: { 200: AssetResponseSchema, ...failures } },
  }, async (req) => {
    requireUser(req);
    await requireTourEditor(deps.repos, req, req.params.buildingId);
    if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', 'Send the file as multipart/form-data in the field "file".', 'file');
    const kind = req.query.kind;
    const part = await req.file({ limits: { fileSize: MARKER_ASSET_LIMITS[kind].bytes, files: 1 }, throwFileSizeLimit: false });
    if (!part) throw new AppError('VALIDATION_FAILED', 'file: choose a file to upload', 'file');
    const stored = await storeMarkerAsset(media, kind, { fileName: part.filename || 'file', stream: part.file });
    return { ...stored, kind };
  });
};
