import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Repositories } from '../../db/repositories.ts';
import { GuidesRepository } from './guides.repository.ts';
import { guidesRoutes } from './guides.routes.ts';
import { GuidesService, type InviteNotifier } from './guides.service.ts';

export interface GuidesModule {
  /** Other modules (tour ring, booking calendar) read guides through `service.repository`. */
  service: GuidesService;
}

declare module 'fastify' {
  interface FastifyInstance {
    guides: GuidesModule;
  }
}

/** Wires the guides of tours and registers their routes; `app.guides` is the seam for other modules. */
export async function registerGuides(app: FastifyInstance, deps: { db: Db; repos: Repositories; publicUrl: string; now?: () => Date; notify?: InviteNotifier }): Promise<GuidesModule> {
  const service = new GuidesService(deps.repos, new GuidesRepository(deps.db), { publicUrl: deps.publicUrl, now: deps.now, notify: deps.notify });
  const module: GuidesModule = { service };
  app.decorate('guides', module);
  await app.register(guidesRoutes(service, deps.repos));
  return module;
}
