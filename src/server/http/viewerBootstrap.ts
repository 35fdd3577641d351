import { parseRoute } from '../../protocol/routes.ts';
import type { OpenLinkBootstrap } from '../../protocol/bootstrap.ts';
import { AppError } from '../errors.ts';
import type { BuildingsService } from '../modules/buildings/buildings.service.ts';

/**
 * For a deep link to a tour, the openLink answer rides along in the page: the viewer can start loading the
 * panorama without first waiting for its script to run and ask (one round trip less on a phone network).
 */
export function viewerBootstrap(buildings: BuildingsService) {
  return async (pathname: string): Promise<{ openLink: OpenLinkBootstrap } | null> => {
    const route = parseRoute(pathname);
    if (route.name !== 'viewer') return null;
    const id = route.buildingId;
    try {
      return { openLink: { id, status: 200, body: await buildings.openLink(id) } };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const body = { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
      return { openLink: { id, status: error.status, body } };
    }
  };
}
