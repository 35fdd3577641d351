import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AllCompaniesResponseSchema, AllMarkersResponseSchema, IdParamsSchema, PropertyOpenLinkResponseSchema, PropertyResponseSchema,
} from '../../../protocol/readApi.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import type { PropertiesService } from './properties.service.ts';

export const propertiesRoutes = (service: PropertiesService): FastifyPluginAsyncZod => async (app) => {
  app.get('/v2/properties/:id', {
    schema: { params: IdParamsSchema, response: { 200: PropertyResponseSchema, ...errorResponses } },
  }, (req) => service.get(req.params.id));

  app.get('/v2/properties/openlink/:id', {
    schema: { params: IdParamsSchema, response: { 200: PropertyOpenLinkResponseSchema, ...errorResponses } },
  }, (req) => service.openLink(req.params.id));

  app.get('/v2/properties/:id/allMarkers', {
    schema: { params: IdParamsSchema, response: { 200: AllMarkersResponseSchema, ...errorResponses } },
  }, (req) => service.allMarkers(req.params.id));

  app.get('/v2/properties/:id/allCompanies', {
    schema: { params: IdParamsSchema, response: { 200: AllCompaniesResponseSchema, ...errorResponses } },
  }, (req) => service.allCompanies(req.params.id));
};
