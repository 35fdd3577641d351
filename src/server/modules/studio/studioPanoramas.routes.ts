import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BuildingParamsSchema, PanoramaParamsSchema, ReorderPanoramasBodySchema, STUDIO_LIMITS, StudioTourSchema,
  UpdatePanoramaBodySchema, UploadPanoramasResponseSchema, type PanoramaEvent, type StudioPanorama,
} from '../../../protocol/studio.ts';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { requireTourEditor } from '../access/policy.ts';
import type { StudioServices } from './studio.routes.ts';
import { receiveFiles } from './uploadedFiles.ts';

const failures = { ...errorResponses, 409: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema };
/** A comment line keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export const studioPanoramasRoutes = (s: StudioServices): FastifyPluginAsyncZod => async (app) => {
  // Open event streams end with the server, or app.close() would wait for them forever.
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of [...streams]) end();
  });

  /** Many images in one multipart request (field name free); one result per file. */
  app.post('/v2/studio/tours/:buildingId/panoramas', {
    schema: { params: BuildingParamsSchema, response: { 200: UploadPanoramasResponseSchema, ...failures } },
  }, async (req) => {
    const { building } = await requireTourEditor(s.repos, req, req.params.buildingId);
    const files = await receiveFiles(req, { maxBytes: STUDIO_LIMITS.panoramaBytes, maxFiles: STUDIO_LIMITS.filesPerRequest });
    return { results: await s.panoramas.upload(building, files) };
  });

  app.put('/v2/studio/tours/:buildingId/panoramas/order', {
    schema: { params: BuildingParamsSchema, body: ReorderPanoramasBodySchema, response: { 200: StudioTourSchema, ...failures } },
  }, async (req) => {
    const { building } = await requireTourEditor(s.repos, req, req.params.buildingId);
    return s.panoramas.reorder(building, req.body.panoramaIds);
  });

  app.patch('/v2/studio/tours/:buildingId/panoramas/:panoramaId', {
    schema: { params: PanoramaParamsSchema, body: UpdatePanoramaBodySchema, response: { 200: StudioTourSchema, ...failures } },
  }, async (req) => {
    const { building } = await requireTourEditor(s.repos, req, req.params.buildingId);
    return s.panoramas.update(building, req.params.panoramaId, req.body);
  });

  app.delete('/v2/studio/tours/:buildingId/panoramas/:panoramaId', {
    schema: { params: PanoramaParamsSchema, response: { 200: StudioTourSchema, ...failures } },
  }, async (req) => {
    const { building } = await requireTourEditor(s.repos, req, req.params.buildingId);
    return s.panoramas.remove(building, req.params.panoramaId);
  });

  /**
   * Server-Sent Events: the panoramas of this tour being tiled, first as they are now, then every
   * change. Read with fetch (the identity headers cannot ride on EventSource). With several processes the bus is in Redis, so any process
   * streams the progress of a job tiled by any other.
   */
  app.get('/v2/studio/tours/:buildingId/events', { schema: { params: BuildingParamsSchema, response: failures } }, async (req, reply) => {
    const { building } = await requireTourEditor(s.repos, req, req.params.buildingId);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    const send = (event: PanoramaEvent) => res.write(`event: panorama\ndata: ${JSON.stringify(event)}\n\n`);
    res.write('retry: 3000\n\n');
    // Changes that arrive while the list is read are held and sent after it: none is lost between the two, and the
    // last word on a panorama (ready, failed) is never followed by an older list entry.
    let held: StudioPanorama[] | null = [];
    const unsubscribe = s.bus.subscribe(building.id, (panorama) => (held ? held.push(panorama) : send({ type: 'panorama', panorama })));
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(end);
      if (!res.writableEnded) res.end();
    };
    // Listened for before the list is read: a client that leaves meanwhile must not leave its subscription behind.
    streams.add(end);
    req.raw.on('close', end);
    for (const panorama of await s.bus.pendingOf(building.id).catch(() => [])) send({ type: 'panorama', panorama });
    if (req.raw.destroyed || res.writableEnded) {
      end();
      return;
    }
    for (const panorama of held) send({ type: 'panorama', panorama });
    held = null;
  });
};
