import { z } from 'zod';
import { BUILDING_KINDS, ROOM_CATEGORIES, THEME_COLORS } from './constants.ts';
import { ID_CHARACTERS, ID_MAX_LENGTH } from './ids.ts';
import { OwnerSettingsSchema } from './ownerSettings.ts';

/** Ids are opaque strings (10 url-safe characters for new rows); ids.ts has the same rule without zod. */
export const IdSchema = z.string().min(1).max(ID_MAX_LENGTH).regex(ID_CHARACTERS, 'must be letters, digits, - or _');

/** A map from locale to text, e.g. { "en": "Lobby", "ja": "ロビー" }. */
export const MultiTextSchema = z.record(z.string(), z.string());
export type MultiText = z.infer<typeof MultiTextSchema>;

export const PositionSchema = z.object({ ath: z.number(), atv: z.number() });
export const InitialViewSchema = z.object({ ath: z.number(), atv: z.number(), fov: z.number().optional() });

export const MarkerSchema = z.object({
  objectId: z.string(),
  type: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  /** Multilingual fields travel as JSON strings (spec section 3); the viewer parses them and falls back on bad JSON. */
  nameMulti: z.string().nullable(),
  descriptionMulti: z.string().nullable(),
  categoryMulti: z.string().nullable(),
  priceMulti: z.string().nullable(),
  actionMulti: z.string().nullable(),
  actionLinkMulti: z.string().nullable(),
  category: z.array(z.string()),
  /** Comma-separated image urls; the viewer splits them into images. */
  photo: z.string().nullable(),
  iconType: z.string().nullable(),
  useCustomIcon: z.boolean(),
  iconUrl: z.string().nullable(),
  opacity: z.number(),
  disableResizing: z.boolean(),
  currentPanoramaId: z.string(),
  panoramaId: z.string(),
  buildingId: z.string(),
  nextBuildingId: z.string().nullable(),
  nextPanoramaId: z.string().nullable(),
  /** Link, video, PDF or audio address, by kind. */
  link: z.string().nullable(),
  price: z.string().nullable(),
  action: z.string().nullable(),
  videoplayAttribute: z.record(z.string(), z.unknown()).nullable(),
  multitagInfo: z.array(z.object({ name: z.string(), hidden: z.boolean(), mainPhoto: z.string().nullable() })).nullable(),
  /** Kind-specific settings not named by the spec (AR target and width, popup size, ...). */
  attributes: z.record(z.string(), z.unknown()).nullable(),
  placement: z.enum(['product', 'company', 'livetour']).nullable(),
  companyId: z.string().nullable(),
  position: PositionSchema,
  customAttributes: z.object({
    orderingProductId: z.string().nullable(),
    orderingCollectionId: z.string().nullable(),
  }),
});
export type Marker = z.infer<typeof MarkerSchema>;

export const RoomCategorySchema = z.enum(ROOM_CATEGORIES);

export const PanoramaSchema = z.object({
  objectId: z.string(),
  buildingId: z.string(),
  index: z.number().int(),
  name: z.string(),
  category: RoomCategorySchema,
  customCategory: z.string().nullable(),
  thumbnail: z.string().nullable(),
  cubemapReady: z.boolean(),
  rawUrl: z.string().nullable(),
  adjustedRawUrl: z.string().nullable(),
  desktopUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  /** Folder of the published tile set. */
  cubemapFilePath: z.string().nullable(),
  /** The tiny first-view cube (spelling kept from the spec). */
  cubemapPreivewUrl: z.string().nullable(),
  /** The tile manifest. */
  cubemapUrl: z.string().nullable(),
  position: z.object({ x: z.number(), y: z.number() }).nullable(),
  initialView: InitialViewSchema.nullable(),
  videoAttribute: z.string().nullable(),
  markers: z.array(MarkerSchema),
});
export type Panorama = z.infer<typeof PanoramaSchema>;

export const BuildingSchema = z.object({
  objectId: z.string(),
  kind: z.enum(BUILDING_KINDS),
  name: z.string(),
  nameMulti: MultiTextSchema,
  description: z.string(),
  descriptionMulti: MultiTextSchema,
  advertiseLink: z.string().nullable(),
  bookings: z.unknown().nullable(),
  calendar: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  showComment: z.boolean(),
  showContactInfo: z.boolean(),
  showPoweredBy: z.boolean(),
  themeColor: z.enum(THEME_COLORS),
  unavailable: z.boolean(),
  isOffline: z.boolean(),
  hidden: z.boolean(),
  mapEnable: z.boolean(),
  requireVisitorData: z.boolean(),
  requireWhiteListing: z.boolean(),
  whiteList: z.array(z.string()),
  tourRingBtn: z.boolean(),
  compass: z.number().nullable(),
  thumbnail: z.string().nullable(),
  music: z.string(),
  musicVolume: z.number(),
  floorplan: z.string().nullable(),
  floorplanSize: z.object({ width: z.number(), height: z.number() }).nullable(),
  productNumber: z.string().nullable(),
  markerFinderEnable: z.boolean(),
  Owner: z.object({ objectId: z.string() }),
  headquarter: z.object({ objectId: z.string() }),
  geoLatitude: z.number().nullable(),
  geoLongitude: z.number().nullable(),
  myFavoriteEnable: z.boolean(),
  meta: z.record(z.string(), z.unknown()),
  introAssetsEnable: z.boolean(),
  introAssetsAttribute: z.unknown().nullable(),
  instantMessagingEnable: z.boolean(),
  homeButtonEnable: z.boolean(),
});
export type Building = z.infer<typeof BuildingSchema>;

export const TourSchema = BuildingSchema.extend({
  panoramas: z.array(PanoramaSchema),
  /**
   * True when the tour asks for a visitor gate the requester has not passed: the answer then carries only what the
   * gate screen needs (name, theme, which gate); ask again with the session once through.
   */
  gateOnly: z.boolean().optional(),
  /** 'partner' when the tour's headquarter is one of the partner brands: the viewer switches layout by itself. */
  layout: z.enum(['default', 'partner']),
  /** The tour owner's settings (the public profile's customSetting), sent here so the viewer needs no other call. */
  ownerSettings: OwnerSettingsSchema,
});
export type Tour = z.infer<typeof TourSchema>;

export const BuildingSummarySchema = BuildingSchema.pick({
  objectId: true, name: true, nameMulti: true, description: true, thumbnail: true, themeColor: true,
  kind: true, createdAt: true, updatedAt: true, isOffline: true, unavailable: true, hidden: true,
});
export type BuildingSummary = z.infer<typeof BuildingSummarySchema>;

export const PropertySchema = z.object({
  objectId: z.string(),
  name: z.string(),
  headquarter: z.object({ objectId: z.string() }),
  markerFinderEnable: z.boolean(),
  myFavoriteEnable: z.boolean(),
  meta: z.record(z.string(), z.unknown()),
  buildings: z.array(z.object({ index: z.number().int(), building: BuildingSummarySchema })),
});
export type Property = z.infer<typeof PropertySchema>;

export const CompanySchema = z.object({
  objectId: z.string(),
  name: z.string(),
  nameMulti: MultiTextSchema,
  description: z.string(),
  category: z.string().nullable(),
  logoUrl: z.string().nullable(),
  email: z.string().nullable(),
  privacy: z.string().nullable(),
  terms: z.string().nullable(),
});
export type Company = z.infer<typeof CompanySchema>;

export const HeadquarterSchema = z.object({
  objectId: z.string(),
  title: z.string(),
  qrUrl: z.string().nullable(),
  /** One of the fixed partner brands: the viewer switches to the partner layout. */
  partner: z.boolean(),
});
export type Headquarter = z.infer<typeof HeadquarterSchema>;
