import type { StudioPanorama, StudioProperty, StudioTour, StudioTourSummary, TourFlag } from '../../../protocol/studio.ts';
import { TOUR_FLAGS } from '../../../protocol/studio.ts';
import { THEME_COLORS } from '../../../protocol/constants.ts';
import { bool, json } from '../../db/columns.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';
import type { PanoramaRow } from '../panoramas/panoramas.repository.ts';
import { normalizeCategory } from '../panoramas/panoramas.presenter.ts';
import type { PropertyRow } from '../properties/properties.repository.ts';
import { embedSitesOf } from '../buildings/embedSites.ts';

const themeOf = (v: string): StudioTour['themeColor'] => ((THEME_COLORS as readonly string[]).includes(v) ? (v as StudioTour['themeColor']) : 'default');
const multiOf = (text: string): Record<string, string> => {
  const value = json<unknown>(text, {});
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
};

function flagsOf(row: BuildingRow): Record<TourFlag, boolean> {
  return Object.fromEntries(TOUR_FLAGS.map((f) => [f, bool(row[f])])) as Record<TourFlag, boolean>;
}

export function presentStudioPanorama(row: PanoramaRow): StudioPanorama {
  return {
    objectId: row.id,
    index: row.index,
    name: row.name,
    ...normalizeCategory(row.category, row.customCategory),
    status: 'ready',
    progress: 1,
    error: null,
    fileName: null,
    thumbnail: row.thumbnail,
    previewUrl: row.previewUrl,
    desktopUrl: row.desktopUrl,
    position: row.positionX != null && row.positionY != null ? { x: row.positionX, y: row.positionY } : null,
    initialView:
      row.initialAth != null && row.initialAtv != null
        ? { ath: row.initialAth, atv: row.initialAtv, ...(row.initialFov != null ? { fov: row.initialFov } : {}) }
        : null,
  };
}

/** Ready panoramas (the database) followed by the ones still tiling or failed in this process. */
export function presentStudioTour(row: BuildingRow, panoramas: PanoramaRow[], pending: StudioPanorama[]): StudioTour {
  return {
    objectId: row.id,
    headquarterId: row.headquarterId,
    name: row.name,
    nameMulti: multiOf(row.nameMulti),
    description: row.description,
    descriptionMulti: multiOf(row.descriptionMulti),
    themeColor: themeOf(row.themeColor),
    music: row.music || 'none',
    musicVolume: row.musicVolume,
    logoUrl: row.logoUrl,
    floorplan: row.floorplan,
    floorplanSize: row.floorplanWidth != null && row.floorplanHeight != null ? { width: row.floorplanWidth, height: row.floorplanHeight } : null,
    geoLatitude: row.geoLatitude,
    geoLongitude: row.geoLongitude,
    whiteList: json<unknown[]>(row.whiteList, []).filter((u): u is string => typeof u === 'string'),
    embedSites: embedSitesOf(row),
    thumbnail: row.thumbnail,
    removedAt: row.removedAt,
    draft: bool(row.draft),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...flagsOf(row),
    panoramas: [...panoramas.map(presentStudioPanorama), ...pending],
  };
}

export function presentTourSummary(row: BuildingRow & { panoramaCount: number }): StudioTourSummary {
  return {
    objectId: row.id,
    name: row.name,
    thumbnail: row.thumbnail,
    themeColor: themeOf(row.themeColor),
    removedAt: row.removedAt,
    updatedAt: row.updatedAt,
    hidden: bool(row.hidden),
    draft: bool(row.draft),
    unavailable: bool(row.unavailable),
    isOffline: bool(row.isOffline),
    panoramaCount: row.panoramaCount,
  };
}

export const presentProperty = (row: PropertyRow, buildingIds: string[]): StudioProperty => ({ objectId: row.id, name: row.name, buildingIds });
