// The marker editor's calls (routes in src/server/modules/studioMarkers).
import { HttpError, identityHeaders, request } from '../../../api/httpClient.ts';
import type { ErrorBody } from '../../../protocol/errors.ts';
import {
  studioMarkerPaths, type AssetResponse, type MarkerAssetKind, type MarkerDraft, type StudioMarkersResponse, type UpdateMarkerBody,
} from '../../../protocol/studioMarkers.ts';
import type { Marker } from '../../../protocol/tour.ts';

export const loadTourMarkers = (buildingId: string): Promise<StudioMarkersResponse> => request(studioMarkerPaths.tourMarkers(buildingId));

export const createMarker = (panoramaId: string, marker: MarkerDraft, objectId?: string): Promise<Marker> =>
  request(studioMarkerPaths.panoramaMarkers(panoramaId), { method: 'POST', body: objectId ? { objectId, marker } : { marker } });

export const updateMarker = (markerId: string, patch: UpdateMarkerBody): Promise<Marker> =>
  request(studioMarkerPaths.marker(markerId), { method: 'PATCH', body: patch });

export const deleteMarker = (markerId: string): Promise<{ objectId: string }> =>
  request(studioMarkerPaths.marker(markerId), { method: 'DELETE' });

/** Uploads one file (multipart, field `file`); the server checks its real type and size for the kind. */
export async function uploadMarkerAsset(buildingId: string, kind: MarkerAssetKind, file: File): Promise<AssetResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(studioMarkerPaths.assets(buildingId, kind), { method: 'POST', body: form, headers: { accept: 'application/json', ...identityHeaders() } });
  const body = (await res.json().catch(() => null)) as (AssetResponse & Partial<ErrorBody>) | null;
  if (!res.ok) throw new HttpError(res.status, body);
  return body as AssetResponse;
}
