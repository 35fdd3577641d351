import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_MAP_SETTINGS, MapSettingsSchema, type MapSettings } from '../../../protocol/mapSettings.ts';

/** The location panel asks where its tiles come from when it opens (the operator's MAP_* settings). */
export const mapRoutes = (settings: MapSettings = DEFAULT_MAP_SETTINGS): FastifyPluginAsyncZod => async (app) => {
  app.get('/v2/map/settings', { schema: { response: { 200: MapSettingsSchema } } }, (_req, reply) => {
    // The same for every visitor and rarely changed: a browser asks again after an hour at most.
    void reply.header('cache-control', 'public, max-age=3600');
    return settings;
  });
};
