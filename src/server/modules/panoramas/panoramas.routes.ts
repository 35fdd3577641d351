import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CubemapReadyQuerySchema, CubemapReadyResponseSchema, IdParamsSchema } from '../../../protocol/readApi.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { AppError } from '../../errors.ts';
import { bool } from '../../db/columns.ts';
import type { Repositories } from '../../db/repositories.ts';

export const panoramasRoutes = (repos: Repositories): FastifyPluginAsyncZod => async (app) => {
  /**
   * True only once the tile set is published (the tiler renames it into place before the row is updated).
   * With fileName, true only if that exact published version is current: a client holding an old
   * version learns it must reload.
   */
  app.get('/v2/panoramas/:id/cubemapReady', {
    schema: { params: IdParamsSchema, querystring: CubemapReadyQuerySchema, response: { 200: CubemapReadyResponseSchema, ...errorResponses } },
  }, async (req) => {
    const p = await repos.panoramas.findById(req.params.id);
    if (!p) throw new AppError('PANORAMA_NOT_FOUND', 'Oops! The panorama does not exist.');
    const ready = bool(p.cubemapReady) && (req.query.fileName === undefined || req.query.fileName === p.mediaVersion);
    return { cubeMapReady: ready };
  });
};
