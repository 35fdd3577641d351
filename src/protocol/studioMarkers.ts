import { z } from 'zod';
import { MARKER_TYPES, POINT_ICON_TYPES, POPUP_ICON_TYPES } from './constants.ts';
import { LINK_PROBLEM_MESSAGES, linkProblem, mediaLinkProblem, webLinkProblem, type LinkProblem } from './safeLink.ts';
import { StudioMultiTextSchema } from './studio.ts';
import { IdSchema, MarkerSchema, PanoramaSchema, type Marker } from './tour.ts';

/**
 * The studio's marker contract: what an owner may write into a marker of each kind.
 * A marker is edited as a MarkerDraft (plain lists and per-language records instead of the viewer's comma and
 * JSON strings); the server validates the whole draft of the marker's kind, so every kind names its own field
 * errors. Owner HTML in descriptions is stored as written: the viewer sanitises it when it shows it.
 */

export const EDITABLE_MARKER_TYPES = MARKER_TYPES;
export type MarkerKind = (typeof MARKER_TYPES)[number];

/** Upload limits of marker assets, checked on the server by the file's content, never by its name. */
export const MARKER_ASSET_KINDS = ['photo', 'icon', 'pdf', 'audio'] as const;
export type MarkerAssetKind = (typeof MARKER_ASSET_KINDS)[number];
export const MARKER_ASSET_LIMITS: Record<MarkerAssetKind, { bytes: number; types: readonly string[] }> = {
  photo: { bytes: 15 * 1024 * 1024, types: ['image/jpeg', 'image/png', 'image/webp'] },
  icon: { bytes: 2 * 1024 * 1024, types: ['image/png', 'image/webp', 'image/jpeg'] },
  pdf: { bytes: 30 * 1024 * 1024, types: ['application/pdf'] },
  audio: { bytes: 30 * 1024 * 1024, types: ['audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/wav'] },
};

/** The nudge of an arrow key, in degrees. */
export const NUDGE_DEGREES = 0.5;

const TEXT_MAX = 200;
const DESCRIPTION_MAX = 5000;
const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
/** Files uploaded through the studio are served by this server under /media/. */
const MEDIA_PATH = /^\/media\/[A-Za-z0-9._/-]+$/;

/** A zod check from one of the shared link rules (protocol/safeLink.ts), its message naming what is wrong. */
const linkRule = (problemOf: (value: string) => LinkProblem | null) => (value: string, ctx: z.RefinementCtx) => {
  const problem = problemOf(value);
  if (problem) ctx.addIssue({ code: 'custom', message: LINK_PROBLEM_MESSAGES[problem] });
};
/** An address people open: http(s) only (no javascript:, data: or file:, however disguised). */
export const WebUrlSchema = z.string().trim().max(2000).superRefine(linkRule(webLinkProblem));
/** A file the marker shows: an uploaded file (/media/...) or an http(s) address. */
export const MediaUrlSchema = z.string().trim().max(2000).superRefine(linkRule(mediaLinkProblem));

const VIDEO_HOSTS = /^(www\.|m\.|player\.)?(youtube\.com|youtube-nocookie\.com|youtu\.be|vimeo\.com|dailymotion\.com|dai\.ly)$/i;
const VIDEO_FILE = /\.(m3u8|mp4|webm|mov)(\?|#|$)/i;
/** True for the links the viewer plays: HLS (.m3u8), YouTube, Vimeo, Dailymotion, or a video file. */
export function isPlayableVideoUrl(value: string): boolean {
  if (linkProblem(value)) return false;
  if (MEDIA_PATH.test(value)) return VIDEO_FILE.test(value);
  if (!HTTP_URL.test(value)) return false;
  try {
    const url = new URL(value);
    return VIDEO_HOSTS.test(url.hostname) || VIDEO_FILE.test(url.pathname);
  } catch {
    return false;
  }
}
const VideoUrlSchema = z.string().trim().max(2000).refine(isPlayableVideoUrl, 'must be an HLS (.m3u8), YouTube or Vimeo address, or a video file');

/** krpano angles: ath (-180..180, right-positive), atv (-90..90, down-positive). */
export const MarkerPositionSchema = z.object({
  ath: z.number().min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180'),
  atv: z.number().min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90'),
});
export type MarkerPosition = z.infer<typeof MarkerPositionSchema>;

const text = (max: number) => z.string().trim().max(max);
/** An id of the ordering platform as the owner copies it from there: no spaces, at most 200 characters. */
const PlatformIdSchema = z.string().trim().max(200, 'at most 200 characters').regex(/^[^\s]+$/, 'must be an id without spaces');
const WebUrlMultiSchema = z.record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'must be a language code such as en or zh-TW'), WebUrlSchema);

export const MultitagEntrySchema = z.object({
  name: text(TEXT_MAX).min(1, 'must not be empty'),
  hidden: z.boolean(),
  mainPhoto: MediaUrlSchema.nullable(),
});
export type MultitagEntry = z.infer<typeof MultitagEntrySchema>;

/** Every field of every kind; each kind's schema below tightens what that kind needs. */
const DraftShape = z.object({
  type: z.enum(MARKER_TYPES),
  position: MarkerPositionSchema,
  name: text(TEXT_MAX),
  nameMulti: StudioMultiTextSchema,
  description: text(DESCRIPTION_MAX),
  descriptionMulti: StudioMultiTextSchema,
  /** Ordered photo addresses (the viewer's comma-separated `photo`). */
  photos: z.array(MediaUrlSchema).max(50, 'at most 50 photos'),
  iconType: z.string().max(40).nullable(),
  useCustomIcon: z.boolean(),
  iconUrl: MediaUrlSchema.nullable(),
  opacity: z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1'),
  disableResizing: z.boolean(),
  nextPanoramaId: IdSchema.nullable(),
  nextBuildingId: IdSchema.nullable(),
  /** By kind: the tag's action link, the popup's address, the video, the PDF or the narration's audio. */
  link: z.string().trim().max(2000).superRefine(linkRule((v) => linkProblem(v))).nullable(),
  price: text(TEXT_MAX),
  priceMulti: StudioMultiTextSchema,
  action: text(TEXT_MAX),
  actionMulti: StudioMultiTextSchema,
  actionLinkMulti: WebUrlMultiSchema,
  multitagInfo: z.array(MultitagEntrySchema).max(100),
  /** arMakerTag: the AR view's address and width (percent of the screen). */
  arTarget: WebUrlSchema.nullable(),
  arWidthPercent: z.number().min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100').nullable(),
  /** tag: the wholesale ordering platform's style and collection (section 3's custom attributes); both, or no "Add to order". */
  orderingProductId: PlatformIdSchema.nullable(),
  orderingCollectionId: PlatformIdSchema.nullable(),
});
export type MarkerDraft = z.infer<typeof DraftShape>;

const REQUIRED = 'must not be empty';
const needsTarget = (d: Pick<MarkerDraft, 'nextPanoramaId' | 'nextBuildingId'>) => Boolean(d.nextPanoramaId);
const customIconRule = (value: unknown) => {
  const d = value as { useCustomIcon: boolean; iconUrl: string | null };
  return !d.useCustomIcon || Boolean(d.iconUrl);
};
const CUSTOM_ICON = { message: 'upload an icon or turn the custom icon off', path: ['iconUrl'] };
const TARGET = { message: 'a teleport needs a target panorama', path: ['nextPanoramaId'] };

const kind = <K extends MarkerKind, S extends z.ZodRawShape>(type: K, shape: S) =>
  DraftShape.extend({ type: z.literal(type), ...shape }).strict().refine(customIconRule, CUSTOM_ICON);

/** One schema per kind: what that kind must have, with a message per field. */
export const MARKER_KIND_SCHEMAS = {
  point: kind('point', { iconType: z.enum(POINT_ICON_TYPES, 'choose one of the seven arrows') }).refine(needsTarget, TARGET),
  teleport: kind('teleport', {}).refine(needsTarget, TARGET),
  memo: kind('memo', {}).refine((d) => d.name !== '' || d.description !== '', { message: 'write a name or a description', path: ['name'] }),
  tag: kind('tag', { name: text(TEXT_MAX).min(1, REQUIRED), link: WebUrlSchema.nullable() })
    .refine((d) => (d.orderingProductId === null) === (d.orderingCollectionId === null), { message: 'give both ordering ids or neither', path: ['orderingCollectionId'] }),
  gallery: kind('gallery', { photos: z.array(MediaUrlSchema).min(1, 'add at least one photo').max(50, 'at most 50 photos') }),
  popup: kind('popup', { iconType: z.enum(POPUP_ICON_TYPES, 'choose link, video or web'), link: WebUrlSchema })
    .refine((d) => d.iconType !== 'video' || isPlayableVideoUrl(d.link), { message: 'must be an HLS (.m3u8), YouTube or Vimeo address, or a video file', path: ['link'] }),
  arMakerTag: kind('arMakerTag', { arTarget: WebUrlSchema }),
  pdf: kind('pdf', { link: MediaUrlSchema.refine((v) => /\.pdf(\?|#|$)/i.test(v) || HTTP_URL.test(v), 'must be a PDF') }),
  narration: kind('narration', { link: MediaUrlSchema }),
  multitag: kind('multitag', { multitagInfo: z.array(MultitagEntrySchema).min(1, 'add at least one entry').max(100) }),
  sticker: kind('sticker', {}).refine((d) => d.photos.length > 0 || d.name !== '', { message: 'add a photo or a name', path: ['photos'] }),
  search: kind('search', { name: text(TEXT_MAX).min(1, REQUIRED) }),
  videoplay: kind('videoplay', { link: VideoUrlSchema }),
} satisfies Record<MarkerKind, z.ZodType>;

/** A whole marker of any kind; invalid kinds fail on `type`, the rest on the kind's own fields. */
export const MarkerDraftSchema = z.discriminatedUnion('type', [
  MARKER_KIND_SCHEMAS.point, MARKER_KIND_SCHEMAS.teleport, MARKER_KIND_SCHEMAS.memo, MARKER_KIND_SCHEMAS.tag,
  MARKER_KIND_SCHEMAS.gallery, MARKER_KIND_SCHEMAS.popup, MARKER_KIND_SCHEMAS.arMakerTag, MARKER_KIND_SCHEMAS.pdf,
  MARKER_KIND_SCHEMAS.narration, MARKER_KIND_SCHEMAS.multitag, MARKER_KIND_SCHEMAS.sticker, MARKER_KIND_SCHEMAS.search,
  MARKER_KIND_SCHEMAS.videoplay,
]);

export interface FieldIssue { field: string; message: string }

/**
 * Every message the marker schemas (and the server's target check) give, by a code the studio translates
 * (locales/<lng>/studioMarkers.json, key `error.<code>`). Anything else is shown as `error.invalid`.
 */
export const FIELD_MESSAGES = {
  required: 'must not be empty',
  target: 'a teleport needs a target panorama',
  'target-panorama': 'choose a panorama of the target tour',
  'target-tour': 'must be a panorama of this tour or of another tour you edit',
  http: 'must be an http(s) address',
  media: 'must be an http(s) address or an uploaded file',
  video: 'must be an HLS (.m3u8), YouTube or Vimeo address, or a video file',
  opacity: 'must be between 0 and 1',
  percent: 'must be between 1 and 100',
  pdf: 'must be a PDF',
  photo: 'add at least one photo',
  entry: 'add at least one entry',
  'name-or-description': 'write a name or a description',
  'photo-or-name': 'add a photo or a name',
  icon: 'upload an icon or turn the custom icon off',
  arrow: 'choose one of the seven arrows',
  'popup-type': 'choose link, video or web',
  'control-characters': LINK_PROBLEM_MESSAGES['control-characters'],
  traversal: LINK_PROBLEM_MESSAGES.traversal,
  'ordering-ids': 'give both ordering ids or neither',
  'ordering-id': 'must be an id without spaces',
} as const;
export type FieldMessageCode = keyof typeof FIELD_MESSAGES | 'invalid';

export function messageCode(message: string): FieldMessageCode {
  const found = (Object.keys(FIELD_MESSAGES) as Array<keyof typeof FIELD_MESSAGES>).find((code) => FIELD_MESSAGES[code] === message);
  return found ?? 'invalid';
}

/** Validates a draft against its kind: [] when it may be saved, else one issue per wrong field (first per field). */
export function validateDraft(draft: unknown): FieldIssue[] {
  const result = MarkerDraftSchema.safeParse(draft);
  if (result.success) return [];
  const seen = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'type';
    const empty = issue.code === 'invalid_type' && /received null/.test(issue.message);
    if (!seen.has(field)) seen.set(field, empty ? FIELD_MESSAGES.required : issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

/** A new marker of a kind at a position, with the defaults that kind starts from. */
export function emptyDraft(type: MarkerKind, position: MarkerPosition): MarkerDraft {
  return {
    type, position, name: '', nameMulti: {}, description: '', descriptionMulti: {}, photos: [],
    iconType: type === 'point' ? 'frontArrow' : type === 'popup' ? 'web' : null,
    useCustomIcon: false, iconUrl: null, opacity: 1, disableResizing: false, nextPanoramaId: null, nextBuildingId: null,
    link: null, price: '', priceMulti: {}, action: '', actionMulti: {}, actionLinkMulti: {}, multitagInfo: [],
    arTarget: null, arWidthPercent: null, orderingProductId: null, orderingCollectionId: null,
  };
}

function parseRecord(text: string | null): Record<string, string> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** The draft of a stored marker (viewer shape), for editing. */
export function draftFromMarker(m: Marker): MarkerDraft {
  const type = (MARKER_TYPES as readonly string[]).includes(m.type) ? (m.type as MarkerKind) : 'memo';
  const attr = m.attributes ?? {};
  const popupIcon = typeof attr.iconType === 'string' ? attr.iconType : m.iconType;
  return {
    type,
    position: { ath: m.position.ath, atv: m.position.atv },
    name: m.name ?? '',
    nameMulti: parseRecord(m.nameMulti),
    description: m.description ?? '',
    descriptionMulti: parseRecord(m.descriptionMulti),
    photos: (m.photo ?? '').split(',').map((p) => p.trim()).filter(Boolean),
    iconType: type === 'popup' ? popupIcon : m.iconType,
    useCustomIcon: m.useCustomIcon,
    iconUrl: m.iconUrl,
    // The viewer also reads 0..100 opacities of older tools; the studio always writes 0..1.
    opacity: m.opacity > 1 ? Math.min(1, m.opacity / 100) : Math.max(0, m.opacity),
    disableResizing: m.disableResizing,
    nextPanoramaId: m.nextPanoramaId,
    nextBuildingId: m.nextBuildingId,
    link: m.link,
    price: m.price ?? '',
    priceMulti: parseRecord(m.priceMulti),
    action: m.action ?? '',
    actionMulti: parseRecord(m.actionMulti),
    actionLinkMulti: parseRecord(m.actionLinkMulti),
    multitagInfo: (m.multitagInfo ?? []).map((e) => ({ name: e.name, hidden: e.hidden, mainPhoto: e.mainPhoto })),
    arTarget: typeof attr.target === 'string' ? attr.target : null,
    arWidthPercent: typeof attr.widthPercent === 'number' ? attr.widthPercent : null,
    orderingProductId: m.customAttributes.orderingProductId,
    orderingCollectionId: m.customAttributes.orderingCollectionId,
  };
}

// ---- requests and answers ----

export const MarkerParamsSchema = z.object({ markerId: IdSchema });
export const PanoramaMarkersParamsSchema = z.object({ panoramaId: IdSchema });
export const TourAssetsParamsSchema = z.object({ buildingId: IdSchema });
export const AssetQuerySchema = z.object({ kind: z.enum(MARKER_ASSET_KINDS) });

/** Create: a whole draft; `objectId` brings back a deleted marker under its old id (undo of a delete). */
export const CreateMarkerBodySchema = z.object({ objectId: IdSchema.optional(), marker: MarkerDraftSchema });
/** Change: only the fields sent; the merged marker must still be valid for its kind (400 naming the field otherwise). */
export const UpdateMarkerBodySchema = DraftShape.partial().strict();
export type UpdateMarkerBody = z.infer<typeof UpdateMarkerBodySchema>;

export const MarkerResponseSchema = MarkerSchema;
export const DeletedMarkerResponseSchema = z.object({ objectId: z.string() });

/** What a teleport may point at: this tour's panoramas and those of the other tours of the headquarter. */
export const TeleportTargetSchema = z.object({
  objectId: z.string(),
  name: z.string(),
  panoramas: z.array(z.object({ objectId: z.string(), name: z.string(), index: z.number().int() })),
});
export type TeleportTarget = z.infer<typeof TeleportTargetSchema>;

export const StudioMarkersResponseSchema = z.object({
  /** The tour's panoramas in the viewer's shape (tile manifest included) with their markers, in order. */
  panoramas: z.array(PanoramaSchema),
  targets: z.array(TeleportTargetSchema),
});
export type StudioMarkersResponse = z.infer<typeof StudioMarkersResponseSchema>;

export const AssetResponseSchema = z.object({ url: z.string(), kind: z.enum(MARKER_ASSET_KINDS), contentType: z.string(), bytes: z.number().int() });
export type AssetResponse = z.infer<typeof AssetResponseSchema>;

export const studioMarkerPaths = {
  tourMarkers: (buildingId: string) => `/v2/studio/tours/${encodeURIComponent(buildingId)}/markers`,
  panoramaMarkers: (panoramaId: string) => `/v2/studio/panoramas/${encodeURIComponent(panoramaId)}/markers`,
  marker: (markerId: string) => `/v2/studio/markers/${encodeURIComponent(markerId)}`,
  assets: (buildingId: string, kind: MarkerAssetKind) => `/v2/studio/tours/${encodeURIComponent(buildingId)}/assets?kind=${kind}`,
} as const;
