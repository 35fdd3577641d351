import { parseRoute } from '../../protocol/routes.ts';
import type { OpenLinkBootstrap } from '../../protocol/bootstrap.ts';
import type { Tour } from '../../protocol/tour.ts';
import { AppError } from '../errors.ts';
import type { BuildingsService } from '../modules/buildings/buildings.service.ts';

/**
 * For a deep link to a tour, the openLink answer rides along in the page: the viewer can start loading the
 * panorama without first waiting for its script to run and ask (one round trip less on a phone network).
 */
export function viewerBootstrap(buildings: BuildingsService) {
  return async (pathname: string, search: URLSearchParams): Promise<{ data: { openLink: OpenLinkBootstrap }; head: string[] } | null> => {
    const route = parseRoute(pathname);
    if (route.name !== 'viewer') return null;
    const id = route.buildingId;
    try {
      const tour = await buildings.openLink(id);
      return { data: { openLink: { id, status: 200, body: tour } }, head: startPreloads(tour, search) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const body = { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
      return { data: { openLink: { id, status: error.status, body } }, head: [] };
    }
  };
}

/**
 * The start panorama's tile manifest is the viewer's first request after its script runs; preloading it lets
 * the download overlap the script's start-up. (`crossorigin` makes the preload match the script's fetch.)
 */
function startPreloads(tour: Tour, search: URLSearchParams): string[] {
  const wanted = search.get('panorama');
  const index = Number(search.get('index'));
  const start = tour.panoramas.find((p) => p.objectId === wanted) ?? tour.panoramas[Number.isInteger(index) && index >= 1 ? index - 1 : 0];
  const manifest = start?.cubemapUrl;
  return manifest ? [`<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(manifest)}">`] : [];
}

const escapeAttribute = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
