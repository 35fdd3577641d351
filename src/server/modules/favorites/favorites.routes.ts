import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import {
  FavoriteAddBodySchema, FavoriteNoteBodySchema, FavoriteParamsSchema, FavoriteRemoveBodySchema, FavoriteRemovedSchema,
  FavoriteSchema, FavoritesAnswerSchema, FavoritesMergeBodySchema, FavoritesResolveAnswerSchema, FavoritesResolveBodySchema,
  FavoritesExportBodySchema, FavoritesSettingsQuerySchema, FavoritesSettingsSchema,
} from '../../../protocol/favorites.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { attemptLimit } from '../../http/rateLimits.ts';
import { requireUser } from '../auth/identity.ts';
import type { FavoritesService } from './favorites.service.ts';
import type { FavoritesExport } from './favoritesExport.ts';

const failures = { ...errorResponses, 409: ErrorBodySchema, 429: ErrorBodySchema } as const;
// Generous for people clicking hearts, tight enough that a script cannot use the checks to scan ids.
const writeLimit = { rateLimit: attemptLimit({ max: 300, timeWindow: '1 minute' }) };

/** Section 7's four favourites calls at their exact paths, the merge after sign-in, and the anonymous list's resolve. */
export const favoritesRoutes = (service: FavoritesService, exporter: FavoritesExport): FastifyPluginAsyncZod => async (app) => {
  app.get('/v2/users/favorites', {
    schema: { response: { 200: FavoritesAnswerSchema, ...failures } },
  }, (req) => service.list(requireUser(req)));

  app.post('/v2/users/favorites', {
    config: writeLimit,
    schema: { body: FavoriteAddBodySchema, response: { 200: FavoriteSchema, ...failures } },
  }, (req) => service.add(requireUser(req), req.body));

  app.delete('/v2/users/favorites', {
    config: writeLimit,
    schema: { body: FavoriteRemoveBodySchema, response: { 200: FavoriteRemovedSchema, ...failures } },
  }, (req) => service.remove(requireUser(req), req.body));

  app.patch('/v2/users/favorites/:favoriteId', {
    config: writeLimit,
    schema: { params: FavoriteParamsSchema, body: FavoriteNoteBodySchema, response: { 200: FavoriteSchema, ...failures } },
  }, (req) => service.setNote(requireUser(req), req.params.favoriteId, req.body.note));

  app.post('/v2/users/favorites/merge', {
    config: { rateLimit: attemptLimit({ max: 20, timeWindow: '1 minute' }) },
    schema: { body: FavoritesMergeBodySchema, response: { 200: FavoritesAnswerSchema, ...failures } },
  }, (req) => service.merge(requireUser(req), req.body.items));

  app.get('/v2/favorites/settings', {
    schema: { querystring: FavoritesSettingsQuerySchema, response: { 200: FavoritesSettingsSchema, ...failures } },
  }, (req) => service.settings(req.user, req.query.buildingId));

  app.post('/v2/favorites/resolve', {
    config: { rateLimit: attemptLimit({ max: 60, timeWindow: '1 minute' }) },
    schema: { body: FavoritesResolveBodySchema, response: { 200: FavoritesResolveAnswerSchema, ...failures } },
  }, async (req) => ({ targets: await service.resolve(req.user, req.body.items) }));

  // The PDF: building it takes a second of CPU, so a handful a minute per address is plenty for people.
  app.post('/v2/favorites/export', {
    config: { rateLimit: attemptLimit({ max: 10, timeWindow: '1 minute' }) },
    schema: { body: FavoritesExportBodySchema, response: failures },
  }, async (req, reply) => {
    const pdf = await exporter.pdf(req.user, req.body);
    // The bytes go out as they are (no serialiser runs for a Buffer); only the failures have a JSON schema.
    return reply.type('application/pdf').header('content-disposition', 'attachment; filename="favourites.pdf"').send(Buffer.from(pdf) as never);
  });
};
