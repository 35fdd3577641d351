import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Repositories } from '../../db/repositories.ts';
import { AppError } from '../../errors.ts';
import { FORBIDDEN_TOUR, requireHeadquarterEditor, requireTourEditor } from './policy.ts';

/** Owner-only route families: every route under these prefixes passes the guard before anything else runs. */
export const OWNER_ROUTE_PREFIXES = ['/v2/studio/', '/v2/analytics/'] as const;

/**
 * Authorisation before validation: Fastify validates a body before the handler runs, so a stranger sending a bad
 * body to someone else's tour would learn "400" instead of "403". This preValidation hook resolves the tour a route
 * is about from its params (buildingId, panoramaId, markerId, propertyId, or the analytics :id) and applies the
 * policy first. Routes without such a param (my tours, create) are checked by their handlers.
 */
export function guardOwnerRoutes(app: FastifyInstance, repos: Repositories, db: Db): void {
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !OWNER_ROUTE_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    if (params.propertyId !== undefined) return guardProperty(db, request, params.propertyId);
    const buildingId = await tourOf(db, url, params);
    if (buildingId === undefined) return;
    await requireTourEditor(repos, request, buildingId ?? '');
  });
}

/** The tour a route's params point at; null when the entity does not exist; undefined when the route names none. */
async function tourOf(db: Db, url: string, params: Record<string, string | undefined>): Promise<string | null | undefined> {
  if (params.buildingId !== undefined) return params.buildingId;
  if (url.startsWith('/v2/analytics/buildings/') && params.id !== undefined) return params.id;
  if (params.panoramaId !== undefined) {
    const row = await db.selectFrom('panoramas').select('buildingId').where('id', '=', params.panoramaId).executeTakeFirst();
    return row?.buildingId ?? null;
  }
  if (params.markerId !== undefined) {
    const row = await db.selectFrom('markers').select('buildingId').where('id', '=', params.markerId).executeTakeFirst();
    return row?.buildingId ?? null;
  }
  return undefined;
}

async function guardProperty(db: Db, request: FastifyRequest, propertyId: string): Promise<void> {
  const { headquarterId } = requireHeadquarterEditor(request);
  const row = await db.selectFrom('properties').select('headquarterId').where('id', '=', propertyId).executeTakeFirst();
  if (!row || row.headquarterId !== headquarterId) throw new AppError('FORBIDDEN', FORBIDDEN_TOUR);
}
