import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DefaultTourResponseSchema, IdParamsSchema, ListAllQuerySchema, ListAllResponseSchema, LogoResponseSchema, OpenLinkResponseSchema, UsernameHeadersSchema,
} from '../../../protocol/readApi.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { sendEncoded } from '../../http/sendEncoded.ts';
import type { BuildingsService } from './buildings.service.ts';

export const buildingsRoutes = (service: BuildingsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/v2/buildings/openLink/:id', {
    schema: { params: IdParamsSchema, response: { 200: OpenLinkResponseSchema, ...errorResponses } },
  }, async (req, reply) => {
    const { tour, answer } = await service.openLinkAnswer(req.params.id, req.user);
    // The tour itself goes out as serialised once per version (ETag, 304, precompressed); anything else as usual.
    return answer ? sendEncoded(req, reply, answer) : tour;
  });

  app.get('/v2/buildings/default', {
    schema: { response: { 200: DefaultTourResponseSchema, ...errorResponses } },
  }, () => service.defaultTour());

  app.get('/v2/buildings/tripodLogo/:id', {
    schema: { params: IdParamsSchema, response: { 200: LogoResponseSchema, ...errorResponses } },
  }, (req) => service.logo(req.params.id));

  app.get('/v2/buildings/ListAll', {
    schema: { querystring: ListAllQuerySchema, headers: UsernameHeadersSchema, response: { 200: ListAllResponseSchema, ...errorResponses } },
  }, (req) => service.listAll(req.headers.username, req.query));
};
