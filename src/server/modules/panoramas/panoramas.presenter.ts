import type { Marker, Panorama } from '../../../protocol/tour.ts';
import { ROOM_CATEGORIES } from '../../../protocol/constants.ts';
import { bool } from '../../db/columns.ts';
import type { PanoramaRow } from './panoramas.repository.ts';

const KNOWN: readonly string[] = ROOM_CATEGORIES;

/** Section 4: a category outside the known set becomes custom, keeping the original text. */
export function normalizeCategory(category: string, customCategory: string | null): Pick<Panorama, 'category' | 'customCategory'> {
  if (KNOWN.includes(category)) return { category: category as Panorama['category'], customCategory };
  return { category: 'custom', customCategory: category };
}

export function presentPanorama(row: PanoramaRow, markers: Marker[]): Panorama {
  return {
    objectId: row.id,
    buildingId: row.buildingId,
    index: row.index,
    name: row.name,
    ...normalizeCategory(row.category, row.customCategory),
    thumbnail: row.thumbnail,
    cubemapReady: bool(row.cubemapReady),
    rawUrl: row.rawUrl,
    adjustedRawUrl: row.adjustedRawUrl,
    desktopUrl: row.desktopUrl,
    previewUrl: row.previewUrl,
    cubemapFilePath: row.cubemapFilePath,
    cubemapPreivewUrl: row.cubemapPreviewUrl,
    cubemapUrl: row.cubemapUrl,
    position: row.positionX != null && row.positionY != null ? { x: row.positionX, y: row.positionY } : null,
    initialView:
      row.initialAth != null && row.initialAtv != null
        ? { ath: row.initialAth, atv: row.initialAtv, ...(row.initialFov != null ? { fov: row.initialFov } : {}) }
        : null,
    videoAttribute: row.videoAttribute,
    markers,
  };
}
