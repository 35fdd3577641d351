import { parseRoute } from '../../protocol/routes.ts';
import type { OpenLinkBootstrap } from '../../protocol/bootstrap.ts';
import type { Panorama, Tour } from '../../protocol/tour.ts';
import { AppError } from '../errors.ts';
import { posterHead } from './poster.ts';
import type { Preload } from './preloads.ts';
import type { PageExtras } from './staticRoutes.ts';
import type { BuildingsService } from '../modules/buildings/buildings.service.ts';

/**
 * For a deep link to a tour, the openLink answer rides along in the page: the viewer can start loading the
 * panorama without first waiting for its script to run and ask (one round trip less on a phone network).
 */
export function viewerBootstrap(buildings: BuildingsService) {
  return async (pathname: string, search: URLSearchParams): Promise<PageExtras & { data: { openLink: OpenLinkBootstrap } } | null> => {
    const route = parseRoute(pathname);
    if (route.name !== 'viewer') return null;
    const id = route.buildingId;
    // Whatever the tour answers (gated, hidden, removed), the page keeps to the owner's list of framing sites.
    const embedSites = await buildings.embedSites(id);
    try {
      const tour = await buildings.openLink(id);
      const start = startPanorama(tour, search);
      const poster = start ? posterHead(start, search) : null;
      const manifest = start?.cubemapUrl;
      // Ahead of the bundle's modulepreloads: the poster's script asks for the manifest at once (the preload answers
      // it) and then for the first view's tiles; behind six script downloads on HTTP/1.1 connections it would wait
      // its turn.
      const preloads: Preload[] = [
        ...(manifest ? [{ href: manifest, as: 'fetch' as const, crossOrigin: true }] : []),
        ...(poster ? [poster.preload] : []),
      ];
      return {
        data: { openLink: { id, status: 200, body: tour } },
        head: [],
        preloads,
        early: poster ? [poster.script] : [],
        holdEntry: poster !== null,
        embedSites,
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const body = { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
      return { data: { openLink: { id, status: error.status, body } }, head: [], embedSites };
    }
  };
}

/**
 * The panorama the viewer opens first (?panorama=, else ?index=, else the first). Its tile manifest is preloaded
 * (`crossorigin` makes the preload match the scripts' fetch): the poster's script reads it to fetch the first
 * view's tiles and hands it to the viewer; its first-view cube and those tiles are painted at once by the poster.
 */
function startPanorama(tour: Tour, search: URLSearchParams): Panorama | undefined {
  const wanted = search.get('panorama');
  const index = Number(search.get('index'));
  return tour.panoramas.find((p) => p.objectId === wanted) ?? tour.panoramas[Number.isInteger(index) && index >= 1 ? index - 1 : 0];
}
