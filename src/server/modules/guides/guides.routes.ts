import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GuideInviteAcceptAnswerSchema, GuideInviteAcceptBodySchema, StudioGuidesBodySchema, StudioGuidesPutAnswerSchema, StudioGuidesSchema,
} from '../../../protocol/guides.ts';
import { BuildingParamsSchema } from '../../../protocol/studio.ts';
import type { Repositories } from '../../db/repositories.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { requireTourEditor } from '../access/policy.ts';
import { requireUser } from '../auth/identity.ts';
import { resolveLocale } from '../../../protocol/languages.ts';
import type { GuidesService } from './guides.service.ts';

/** The studio's guides of a tour (owner and editors), and the invited person's acceptance (signed in). */
export const guidesRoutes = (service: GuidesService, repos: Repositories): FastifyPluginAsyncZod => async (app) => {
  app.get('/v2/studio/tours/:buildingId/guides', { schema: { params: BuildingParamsSchema, response: { 200: StudioGuidesSchema, ...errorResponses } } }, async (req) => {
    await requireTourEditor(repos, req, req.params.buildingId);
    return service.studio(req.params.buildingId);
  });

  app.put('/v2/studio/tours/:buildingId/guides', {
    schema: { params: BuildingParamsSchema, body: StudioGuidesBodySchema, response: { 200: StudioGuidesPutAnswerSchema, ...errorResponses } },
  }, async (req) => {
    const { user } = await requireTourEditor(repos, req, req.params.buildingId);
    // The invitation mail is written in the inviter's interface language.
    const lang = resolveLocale(null, (req.headers['accept-language'] ?? '').split(',').map((part) => part.split(';')[0]!.trim()));
    return service.replace(req.params.buildingId, req.body, user, lang);
  });

  app.post('/v2/guides/invites/accept', {
    schema: { body: GuideInviteAcceptBodySchema, response: { 200: GuideInviteAcceptAnswerSchema, ...errorResponses } },
  }, async (req) => service.acceptInvite(requireUser(req), req.body.token));
};
