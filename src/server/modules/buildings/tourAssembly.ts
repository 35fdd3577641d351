import type { Marker, Panorama, Tour } from '../../../protocol/tour.ts';
import { OWNER_SETTINGS_DEFAULTS, type OwnerSettings } from '../../../protocol/ownerSettings.ts';
import type { BuildingRow } from './buildings.repository.ts';
import type { PanoramaRow } from '../panoramas/panoramas.repository.ts';
import type { MarkerRow } from '../markers/markers.repository.ts';
import { presentBuilding } from './buildings.presenter.ts';
import { presentPanorama } from '../panoramas/panoramas.presenter.ts';
import { isShownMarker, presentMarker } from '../markers/markers.presenter.ts';

/** Groups markers by panorama id, dropping mosaic markers (section 4). */
export function markersByPanorama(rows: readonly MarkerRow[]): Map<string, Marker[]> {
  const out = new Map<string, Marker[]>();
  for (const row of rows) {
    if (!isShownMarker(row)) continue;
    const list = out.get(row.panoramaId) ?? [];
    list.push(presentMarker(row));
    out.set(row.panoramaId, list);
  }
  return out;
}

/** Section 4 normalisation: panoramas without a raw url are dropped, the rest sorted by index. */
export function presentPanoramas(rows: readonly PanoramaRow[], markers: Map<string, Marker[]>): Panorama[] {
  return rows
    .filter((p) => Boolean(p.rawUrl))
    .sort((a, b) => a.index - b.index)
    .map((p) => presentPanorama(p, markers.get(p.id) ?? []));
}

export function assembleTour(
  building: BuildingRow, panoramas: readonly PanoramaRow[], markers: readonly MarkerRow[], layout: Tour['layout'] = 'default',
  ownerSettings: OwnerSettings = OWNER_SETTINGS_DEFAULTS,
): Tour {
  return { ...presentBuilding(building), panoramas: presentPanoramas(panoramas, markersByPanorama(markers)), layout, ownerSettings };
}
