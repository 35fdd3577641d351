import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserIdParamsSchema } from '../../../protocol/accounts.ts';
import { OwnerSettingsSchema, OwnerSettingsUpdateSchema } from '../../../protocol/ownerSettings.ts';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { requireUser } from '../auth/identity.ts';
import type { OwnerSettingsService } from './ownerSettings.service.ts';

/**
 * Not in the spec's call list (it only reads them, in the public profile's customSetting): the owner sets their own
 * switches here, from the studio's settings page. Answers all four as saved.
 */
export const ownerSettingsRoutes = (service: OwnerSettingsService): FastifyPluginAsyncZod => async (app) => {
  app.put('/v2/users/:id/customSetting', {
    // Who may change them is decided before the body is read: a stranger learns nothing from a validation answer.
    preValidation: async (req) => {
      service.authorise(requireUser(req), (req.params as { id?: unknown }).id);
    },
    schema: { params: UserIdParamsSchema, body: OwnerSettingsUpdateSchema, response: { 200: OwnerSettingsSchema, ...errorResponses, 409: ErrorBodySchema } },
  }, (req) => service.update(requireUser(req), req.params.id, req.body));
};
