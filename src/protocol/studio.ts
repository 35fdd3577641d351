import { z } from 'zod';
import { EmbedSitesSchema } from './embedSites.ts';
import { ROOM_CATEGORIES, THEME_COLORS } from './constants.ts';
import { IdSchema } from './tour.ts';

/**
 * The studio's HTTP contract for tours and panoramas. Every route lives under /v2/studio and is guarded by
 * the access policy (src/server/modules/access/policy.ts). Marker authoring lives in studioMarkers.ts.
 */

/** Upload limits, checked on the server by content (sharp), never by the file name. */
export const STUDIO_LIMITS = {
  /** Largest panorama file accepted, in bytes. */
  panoramaBytes: 60 * 1024 * 1024,
  /** Largest panorama in pixels (16384 x 8192). */
  panoramaPixels: 16384 * 8192,
  /** Allowed deviation from a 2:1 width:height ratio (0.01 = 1 %, the tiler's own tolerance). */
  ratioTolerance: 0.01,
  /** Largest logo or floor plan file, in bytes. */
  imageBytes: 10 * 1024 * 1024,
  /** Files per upload request. */
  filesPerRequest: 50,
  nameLength: 200,
  descriptionLength: 5000,
  whiteListSize: 1000,
} as const;

const trimmed = (max: number) => z.string().trim().max(max);

/** Per-language text: language code -> text. Empty texts are dropped by the server. */
export const StudioMultiTextSchema = z.record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'must be a language code such as en or zh-TW'), trimmed(STUDIO_LIMITS.descriptionLength));
export type StudioMultiText = z.infer<typeof StudioMultiTextSchema>;

export const PANORAMA_STATUSES = ['uploading', 'tiling', 'ready', 'failed'] as const;
export type PanoramaStatus = (typeof PANORAMA_STATUSES)[number];

export const StudioInitialViewSchema = z.object({
  ath: z.number().min(-360).max(360),
  atv: z.number().min(-90).max(90),
  fov: z.number().min(10).max(140).optional(),
});

/** Position on the floor plan, as fractions of its width and height (0..1) so it survives a new plan image. */
export const StudioPlanPositionSchema = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });

export const StudioPanoramaSchema = z.object({
  objectId: z.string(),
  index: z.number().int(),
  name: z.string(),
  category: z.enum(ROOM_CATEGORIES),
  customCategory: z.string().nullable(),
  /** 'tiling' and 'failed' panoramas exist only in the server process that tiles them (see studio.events). */
  status: z.enum(PANORAMA_STATUSES),
  /** Tiling progress 0..1 while status is 'tiling'. */
  progress: z.number().min(0).max(1),
  /** Why tiling failed, naming the file. */
  error: z.string().nullable(),
  fileName: z.string().nullable(),
  thumbnail: z.string().nullable(),
  previewUrl: z.string().nullable(),
  desktopUrl: z.string().nullable(),
  position: StudioPlanPositionSchema.nullable(),
  initialView: StudioInitialViewSchema.nullable(),
});
export type StudioPanorama = z.infer<typeof StudioPanoramaSchema>;

/** The flags of spec section 3 an owner switches on and off. */
export const TOUR_FLAGS = [
  'showComment', 'showContactInfo', 'showPoweredBy', 'mapEnable', 'requireVisitorData', 'requireWhiteListing',
  'tourRingBtn', 'myFavoriteEnable', 'instantMessagingEnable', 'homeButtonEnable', 'markerFinderEnable',
  'introAssetsEnable', 'isOffline', 'unavailable', 'hidden',
] as const;
export type TourFlag = (typeof TOUR_FLAGS)[number];

const flagShape = Object.fromEntries(TOUR_FLAGS.map((f) => [f, z.boolean()])) as Record<TourFlag, z.ZodBoolean>;

export const StudioTourSchema = z.object({
  objectId: z.string(),
  headquarterId: z.string(),
  name: z.string(),
  nameMulti: z.record(z.string(), z.string()),
  description: z.string(),
  descriptionMulti: z.record(z.string(), z.string()),
  themeColor: z.enum(THEME_COLORS),
  /** A url, or 'none'. */
  music: z.string(),
  /** Percent, 0..100. */
  musicVolume: z.number(),
  logoUrl: z.string().nullable(),
  floorplan: z.string().nullable(),
  floorplanSize: z.object({ width: z.number(), height: z.number() }).nullable(),
  geoLatitude: z.number().nullable(),
  geoLongitude: z.number().nullable(),
  whiteList: z.array(z.string()),
  /** The sites that may show the tour in a frame; empty: any site. */
  embedSites: z.array(z.string()),
  thumbnail: z.string().nullable(),
  removedAt: z.string().nullable(),
  /** Not listed and not public until the owner publishes it; new tours start as drafts. */
  draft: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...flagShape,
  panoramas: z.array(StudioPanoramaSchema),
});
export type StudioTour = z.infer<typeof StudioTourSchema>;

export const StudioTourSummarySchema = StudioTourSchema.pick({
  objectId: true, name: true, thumbnail: true, themeColor: true, removedAt: true, updatedAt: true,
  hidden: true, unavailable: true, isOffline: true, draft: true,
}).extend({ panoramaCount: z.number().int() });
export type StudioTourSummary = z.infer<typeof StudioTourSummarySchema>;

export const StudioPropertySchema = z.object({
  objectId: z.string(),
  name: z.string(),
  /** Tour ids in their order within the property. */
  buildingIds: z.array(z.string()),
});
export type StudioProperty = z.infer<typeof StudioPropertySchema>;

// ---- requests and answers ----

export const StudioSessionResponseSchema = z.object({ headquarterId: z.string(), userType: z.string() });

/** What the account holds against the server's quotas (a null limit: none). */
export const AccountUsageSchema = z.object({
  tours: z.number().int(),
  panoramas: z.number().int(),
  storedBytes: z.number(),
  limits: z.object({ tours: z.number().int().nullable(), panoramas: z.number().int().nullable(), storageBytes: z.number().nullable() }),
});
export type AccountUsage = z.infer<typeof AccountUsageSchema>;

export const StudioToursResponseSchema = z.object({
  tours: z.array(StudioTourSummarySchema),
  removed: z.array(StudioTourSummarySchema),
  properties: z.array(StudioPropertySchema),
  usage: AccountUsageSchema,
});
export type StudioToursResponse = z.infer<typeof StudioToursResponseSchema>;

export const BuildingParamsSchema = z.object({ buildingId: IdSchema });
export const PublishBodySchema = z.object({ published: z.boolean() });
export const PanoramaParamsSchema = z.object({ buildingId: IdSchema, panoramaId: IdSchema });
export const PropertyParamsSchema = z.object({ propertyId: IdSchema });

const nameField = z.string().trim().min(1, 'must not be empty').max(STUDIO_LIMITS.nameLength);

export const CreateTourBodySchema = z.object({ name: nameField });

const musicField = z.union([z.literal('none'), z.string().trim().url('must be an http(s) address or none').max(2000).regex(/^https?:\/\//i, 'must be an http(s) address or none')]);
const usernameField = z.string().trim().min(1).max(200);

/** Every field optional: only what is sent changes. Fields named as in StudioTour. */
export const UpdateTourBodySchema = z
  .object({
    name: nameField,
    nameMulti: StudioMultiTextSchema,
    description: trimmed(STUDIO_LIMITS.descriptionLength),
    descriptionMulti: StudioMultiTextSchema,
    themeColor: z.enum(THEME_COLORS),
    music: musicField,
    musicVolume: z.number().int('must be a whole number').min(0).max(100),
    geoLatitude: z.number().min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90').nullable(),
    geoLongitude: z.number().min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180').nullable(),
    whiteList: z.array(usernameField).max(STUDIO_LIMITS.whiteListSize),
    embedSites: EmbedSitesSchema,
    ...flagShape,
  })
  .partial()
  .strict();
export type UpdateTourBody = z.infer<typeof UpdateTourBodySchema>;

export const RemovedResponseSchema = z.object({ objectId: z.string(), removedAt: z.string() });

export const UpdatePanoramaBodySchema = z
  .object({
    name: nameField,
    category: z.enum(ROOM_CATEGORIES),
    customCategory: trimmed(100).nullable(),
    initialView: StudioInitialViewSchema.nullable(),
    position: StudioPlanPositionSchema.nullable(),
  })
  .partial()
  .strict();
export type UpdatePanoramaBody = z.infer<typeof UpdatePanoramaBodySchema>;

export const ReorderPanoramasBodySchema = z.object({ panoramaIds: z.array(IdSchema).min(1) });

/** One answer per uploaded file: accepted files start tiling; refused files say why, naming the file. */
export const UploadResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), fileName: z.string(), panorama: StudioPanoramaSchema }),
  z.object({ ok: z.literal(false), fileName: z.string(), code: z.string(), message: z.string() }),
]);
export type UploadResult = z.infer<typeof UploadResultSchema>;
export const UploadPanoramasResponseSchema = z.object({ results: z.array(UploadResultSchema) });
export type UploadPanoramasResponse = z.infer<typeof UploadPanoramasResponseSchema>;

export const CreatePropertyBodySchema = z.object({ name: nameField });
export const UpdatePropertyBodySchema = z.object({ name: nameField, buildingIds: z.array(IdSchema).max(500) }).partial().strict();

/**
 * Server-Sent Events of GET /v2/studio/tours/{id}/events: one `panorama` event per change of a panorama being
 * tiled (the whole StudioPanorama, status and progress included).
 */
export const PanoramaEventSchema = z.object({ type: z.literal('panorama'), panorama: StudioPanoramaSchema });
export type PanoramaEvent = z.infer<typeof PanoramaEventSchema>;

export const studioPaths = {
  session: '/v2/studio/session',
  tours: '/v2/studio/tours',
  tour: (id: string) => `/v2/studio/tours/${encodeURIComponent(id)}`,
  restore: (id: string) => `/v2/studio/tours/${encodeURIComponent(id)}/restore`,
  publish: (id: string) => `/v2/studio/tours/${encodeURIComponent(id)}/publish`,
  logo: (id: string) => `/v2/studio/tours/${encodeURIComponent(id)}/logo`,
  floorplan: (id: string) => `/v2/studio/tours/${encodeURIComponent(id)}/floorplan`,
  panoramas: (id: string) => `/v2/studio/tours/${encodeURIComponent(id)}/panoramas`,
  panoramaOrder: (id: string) => `/v2/studio/tours/${encodeURIComponent(id)}/panoramas/order`,
  panorama: (id: string, panoramaId: string) => `/v2/studio/tours/${encodeURIComponent(id)}/panoramas/${encodeURIComponent(panoramaId)}`,
  events: (id: string) => `/v2/studio/tours/${encodeURIComponent(id)}/events`,
  properties: '/v2/studio/properties',
  property: (id: string) => `/v2/studio/properties/${encodeURIComponent(id)}`,
} as const;
