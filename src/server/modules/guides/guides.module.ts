import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Repositories } from '../../db/repositories.ts';
import { GuidesRepository } from './guides.repository.ts';
import { guidesRoutes } from './guides.routes.ts';
import { GuidesService } from './guides.service.ts';
import { inviteMailer } from './inviteMail.ts';
import type { Mailer } from '../../mail/mailer.ts';

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
export async function registerGuides(app: FastifyInstance, deps: { db: Db; repos: Repositories; publicUrl: string; mailer: Mailer; now?: (() => Date) | undefined }): Promise<GuidesModule> {
  const service = new GuidesService(deps.repos, new GuidesRepository(deps.db), {
    publicUrl: deps.publicUrl, now: deps.now, notify: inviteMailer(deps.mailer),
    onNotifyError: (error) => app.log.error({ err: error }, 'guides: an invitation email could not be sent'),
  });
  const module: GuidesModule = { service };
  app.decorate('guides', module);
  await app.register(guidesRoutes(service, deps.repos));
  return module;
}
