import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HeadquarterResponseSchema, HeadquartersQuerySchema } from '../../../protocol/readApi.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { AppError } from '../../errors.ts';
import { bool } from '../../db/columns.ts';
import type { Repositories } from '../../db/repositories.ts';

export const headquartersRoutes = (repos: Repositories): FastifyPluginAsyncZod => async (app) => {
  app.get('/v1/headquarters', {
    schema: { querystring: HeadquartersQuerySchema, response: { 200: HeadquarterResponseSchema, ...errorResponses } },
  }, async (req) => {
    const hq = await repos.headquarters.findByTitle(req.query.title);
    if (!hq) throw new AppError('HEADQUARTER_NOT_FOUND', `No headquarter is titled "${req.query.title}".`);
    return { objectId: hq.id, title: hq.title, qrUrl: hq.qrUrl, partner: bool(hq.partner) };
  });
};
