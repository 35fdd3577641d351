import type { Building, BuildingSummary, MultiText } from '../../../protocol/tour.ts';
import { THEME_COLORS } from '../../../protocol/constants.ts';
import { bool, json } from '../../db/columns.ts';
import type { BuildingRow } from './buildings.repository.ts';

const THEMES: readonly string[] = THEME_COLORS;

const multi = (text: string): MultiText => {
  const v = json<unknown>(text, {});
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).filter(([, s]) => typeof s === 'string')) as MultiText;
};
const record = (text: string): Record<string, unknown> => {
  const v = json<unknown>(text, {});
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
};

export function presentBuilding(row: BuildingRow): Building {
  return {
    objectId: row.id,
    kind: row.kind === 'TOURRING' ? 'TOURRING' : 'BUILDING',
    name: row.name,
    nameMulti: multi(row.nameMulti),
    description: row.description,
    descriptionMulti: multi(row.descriptionMulti),
    advertiseLink: row.advertiseLink,
    bookings: json<unknown>(row.bookings, null),
    calendar: row.calendar,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    showComment: bool(row.showComment),
    showContactInfo: bool(row.showContactInfo),
    showPoweredBy: bool(row.showPoweredBy),
    themeColor: (THEMES.includes(row.themeColor) ? row.themeColor : 'default') as Building['themeColor'],
    unavailable: bool(row.unavailable),
    isOffline: bool(row.isOffline),
    hidden: bool(row.hidden),
    mapEnable: bool(row.mapEnable),
    requireVisitorData: bool(row.requireVisitorData),
    requireWhiteListing: bool(row.requireWhiteListing),
    whiteList: json<unknown[]>(row.whiteList, []).filter((u): u is string => typeof u === 'string'),
    tourRingBtn: bool(row.tourRingBtn),
    compass: row.compass,
    thumbnail: row.thumbnail,
    music: row.music || 'none',
    musicVolume: row.musicVolume,
    floorplan: row.floorplan,
    floorplanSize: row.floorplanWidth != null && row.floorplanHeight != null ? { width: row.floorplanWidth, height: row.floorplanHeight } : null,
    productNumber: row.productNumber,
    markerFinderEnable: bool(row.markerFinderEnable),
    Owner: { objectId: row.ownerId },
    headquarter: { objectId: row.headquarterId },
    geoLatitude: row.geoLatitude,
    geoLongitude: row.geoLongitude,
    myFavoriteEnable: bool(row.myFavoriteEnable),
    meta: record(row.meta),
    introAssetsEnable: bool(row.introAssetsEnable),
    introAssetsAttribute: json<unknown>(row.introAssetsAttribute, null),
    instantMessagingEnable: bool(row.instantMessagingEnable),
    homeButtonEnable: bool(row.homeButtonEnable),
  };
}

/** A tour in a public list. A gated tour's thumbnail (a picture of its first panorama) stays behind its gate. */
export function presentBuildingSummary(row: BuildingRow): BuildingSummary {
  const b = presentBuilding(row);
  const gated = b.requireVisitorData || b.requireWhiteListing;
  return {
    objectId: b.objectId, name: b.name, nameMulti: b.nameMulti, description: b.description, thumbnail: gated ? null : b.thumbnail,
    themeColor: b.themeColor, kind: b.kind, createdAt: b.createdAt, updatedAt: b.updatedAt, isOffline: b.isOffline,
    unavailable: b.unavailable, hidden: b.hidden,
  };
}
