import type { Marker } from '../../../protocol/tour.ts';
import { DROPPED_MARKER_TYPES, PLACEMENT_KINDS } from '../../../protocol/constants.ts';
import { bool, json } from '../../db/columns.ts';
import type { MarkerRow } from './markers.repository.ts';

const PLACEMENTS: readonly string[] = PLACEMENT_KINDS;
const DROPPED: readonly string[] = DROPPED_MARKER_TYPES;

/** Section 4: mosaic markers are dropped from what the viewer receives. */
export const isShownMarker = (row: Pick<MarkerRow, 'type'>): boolean => !DROPPED.includes(row.type);

const objectOrNull = (text: string | null): Record<string, unknown> | null => {
  const v = json<unknown>(text, null);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
};

const listOfStrings = (text: string): string[] => {
  const v = json<unknown>(text, []);
  return Array.isArray(v) ? v.map(String) : [];
};

export function presentMarker(row: MarkerRow): Marker {
  const multitag = json<unknown>(row.multitagInfo, null);
  return {
    objectId: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    nameMulti: row.nameMulti,
    descriptionMulti: row.descriptionMulti,
    categoryMulti: row.categoryMulti,
    priceMulti: row.priceMulti,
    actionMulti: row.actionMulti,
    actionLinkMulti: row.actionLinkMulti,
    category: listOfStrings(row.category),
    photo: row.photo,
    iconType: row.iconType,
    useCustomIcon: bool(row.useCustomIcon),
    iconUrl: row.iconUrl,
    opacity: row.opacity,
    disableResizing: bool(row.disableResizing),
    currentPanoramaId: row.panoramaId,
    panoramaId: row.panoramaId,
    buildingId: row.buildingId,
    nextBuildingId: row.nextBuildingId,
    nextPanoramaId: row.nextPanoramaId,
    link: row.link,
    price: row.price,
    action: row.action,
    videoplayAttribute: objectOrNull(row.videoplayAttribute),
    multitagInfo: Array.isArray(multitag)
      ? multitag.map((e: { name?: unknown; hidden?: unknown; mainPhoto?: unknown }) => ({
          name: String(e?.name ?? ''),
          hidden: e?.hidden === true,
          mainPhoto: typeof e?.mainPhoto === 'string' ? e.mainPhoto : null,
        }))
      : null,
    attributes: objectOrNull(row.attributes),
    placement: row.placement && PLACEMENTS.includes(row.placement) ? (row.placement as Marker['placement']) : null,
    companyId: row.companyId,
    position: { ath: row.ath, atv: row.atv },
    customAttributes: { orderingProductId: row.orderingProductId, orderingCollectionId: row.orderingCollectionId },
  };
}
