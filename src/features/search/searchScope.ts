// Which markers the search covers (spec section 9): the group's, over all its tours, when the viewer was opened
// with ?group= and that group has marker finder on; otherwise the tour on screen, whose markers are loaded already.
import { request } from '../../api/httpClient.ts';
import type { Marker, Property, Tour } from '../../protocol/tour.ts';
import { localText } from '../panels/localText.ts';
import { buildCorpus, type ScopeTour, type SearchCorpus } from './searchDocuments.ts';

export interface ScopeApi {
  property(id: string): Promise<Property>;
  allMarkers(id: string): Promise<{ markers: Marker[] }>;
  tour(id: string): Promise<Tour>;
}

const enc = encodeURIComponent;
export const httpScopeApi: ScopeApi = {
  property: (id) => request<Property>(`/v2/properties/${enc(id)}`),
  allMarkers: (id) => request<{ markers: Marker[] }>(`/v2/properties/${enc(id)}/allMarkers`),
  tour: (id) => request<Tour>(`/v2/buildings/openLink/${enc(id)}`),
};

function tourScope(tour: Tour, lang: string): SearchCorpus {
  const markers = tour.panoramas.flatMap((p) => p.markers);
  return buildCorpus('tour', markers, [{ objectId: tour.objectId, name: localText(tour.nameMulti, lang, tour.name), panoramas: tour.panoramas }], lang);
}

/**
 * The corpus for the viewer. A group that cannot be read, or has marker finder off, falls back to the tour:
 * search keeps working on what is on screen. Another tour of the group that cannot be read keeps its markers,
 * without panorama names.
 */
export async function loadSearchCorpus(tour: Tour, groupId: string | null, lang: string, api: ScopeApi = httpScopeApi): Promise<SearchCorpus> {
  if (!groupId) return tourScope(tour, lang);
  const property = await api.property(groupId).catch(() => null);
  if (!property?.markerFinderEnable) return tourScope(tour, lang);
  const { markers } = await api.allMarkers(groupId);
  const tours = await Promise.all(
    property.buildings.map(async ({ building }): Promise<ScopeTour> => {
      const full = building.objectId === tour.objectId ? tour : await api.tour(building.objectId).catch(() => null);
      return { objectId: building.objectId, name: localText(building.nameMulti, lang, building.name), panoramas: full?.panoramas ?? null };
    }),
  );
  return buildCorpus('group', markers, tours, lang);
}
