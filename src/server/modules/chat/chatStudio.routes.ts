import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChatAgentsBodySchema, ChatAgentsSchema, FaqEditBodySchema, StudioFaqsSchema } from '../../../protocol/chat.ts';
import { BuildingParamsSchema } from '../../../protocol/studio.ts';
import type { Repositories } from '../../db/repositories.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { requireTourEditor } from '../access/policy.ts';
import type { ChatStudioService } from './chatStudio.service.ts';

/** The studio's chat settings of a tour: FAQ entries and the people who answer. Owner and editors only. */
export const chatStudioRoutes = (studio: ChatStudioService, repos: Repositories): FastifyPluginAsyncZod => async (app) => {
  app.get('/v2/studio/tours/:buildingId/faqs', { schema: { params: BuildingParamsSchema, response: { 200: StudioFaqsSchema, ...errorResponses } } }, async (req) => {
    await requireTourEditor(repos, req, req.params.buildingId);
    return studio.faqs(req.params.buildingId);
  });

  app.put('/v2/studio/tours/:buildingId/faqs', {
    schema: { params: BuildingParamsSchema, body: FaqEditBodySchema, response: { 200: StudioFaqsSchema, ...errorResponses } },
  }, async (req) => {
    await requireTourEditor(repos, req, req.params.buildingId);
    return studio.replaceFaqs(req.params.buildingId, req.body);
  });

  app.get('/v2/studio/tours/:buildingId/chat-agents', { schema: { params: BuildingParamsSchema, response: { 200: ChatAgentsSchema, ...errorResponses } } }, async (req) => {
    await requireTourEditor(repos, req, req.params.buildingId);
    return studio.agents(req.params.buildingId);
  });

  app.put('/v2/studio/tours/:buildingId/chat-agents', {
    schema: { params: BuildingParamsSchema, body: ChatAgentsBodySchema, response: { 200: ChatAgentsSchema, ...errorResponses } },
  }, async (req) => {
    await requireTourEditor(repos, req, req.params.buildingId);
    return studio.replaceAgents(req.params.buildingId, req.body.usernames);
  });
};
