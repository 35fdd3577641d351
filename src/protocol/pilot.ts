// Guided tours ("pilot" recordings, spec sections 1, 2, 4, 8, 9): a pilot's voice and the route they walked
// (panorama changes, where they looked, the marker panels they opened), recorded together and played back.
import { z } from 'zod';
import { RECORDING_LIMIT_MS } from './constants.ts';
import { IdSchema } from './tour.ts';

/** How often the recorder samples the view while it moves: 10 per second replays smoothly with interpolation. */
export const PILOT_SAMPLE_INTERVAL_MS = 100;
/** The recorder warns this long before the limit (spec: a warning before the end). */
export const PILOT_WARNING_BEFORE_MS = 60_000;
/**
 * The server accepts audio this much longer than the limit: the recorder stops at the limit, but the encoder's
 * last frames and the time to stop a MediaRecorder add a little.
 */
export const PILOT_DURATION_SLACK_MS = 5_000;
/** 10 minutes of the browsers' own codecs (Opus about 64 kbit/s, AAC up to 256 kbit/s) fit well inside this. */
export const PILOT_AUDIO_MAX_BYTES = 25 * 1024 * 1024;
export const PILOT_TITLE_MAX = 120;
/** A route is at most one sample per interval over the limit, with room for the forced samples at panorama changes. */
export const PILOT_MAX_VIEWS = Math.ceil(((RECORDING_LIMIT_MS + PILOT_DURATION_SLACK_MS) / PILOT_SAMPLE_INTERVAL_MS) * 1.5);
export const PILOT_MAX_EVENTS = 2_000;
/** The audio containers and codecs browsers' MediaRecorder produce, checked by content on the server. */
export const PILOT_AUDIO_FORMATS = [
  { container: 'webm', codecs: ['opus', 'vorbis'], contentType: 'audio/webm' },
  { container: 'ogg', codecs: ['opus', 'vorbis'], contentType: 'audio/ogg' },
  { container: 'mp4', codecs: ['aac', 'mp4a', 'opus'], contentType: 'audio/mp4' },
] as const;

const time = z.number().int().min(0).max(RECORDING_LIMIT_MS + PILOT_DURATION_SLACK_MS);
const yaw = z.number().min(-180).max(180);
const pitch = z.number().min(-90).max(90);
const fov = z.number().min(1).max(179);

/** One sample of the view: [ms since the start, yaw, pitch, fov] (degrees; yaw right-positive, pitch up-positive). */
export const RouteViewSchema = z.tuple([time, yaw, pitch, fov]);
export type RouteView = z.infer<typeof RouteViewSchema>;
export const RoutePanoramaSchema = z.object({ t: time, panoramaId: IdSchema });
export type RoutePanorama = z.infer<typeof RoutePanoramaSchema>;
/** A marker panel opened (its id) or closed (null). */
export const RouteMarkerSchema = z.object({ t: time, markerId: IdSchema.nullable() });
export type RouteMarker = z.infer<typeof RouteMarkerSchema>;

const ordered = <T>(items: readonly T[], at: (item: T) => number): boolean => items.every((item, i) => i === 0 || at(items[i - 1]!) <= at(item));

export const PilotRouteSchema = z.object({
  version: z.literal(1),
  durationMs: time,
  views: z.array(RouteViewSchema).min(1).max(PILOT_MAX_VIEWS),
  panoramas: z.array(RoutePanoramaSchema).min(1).max(PILOT_MAX_EVENTS),
  markers: z.array(RouteMarkerSchema).max(PILOT_MAX_EVENTS),
}).superRefine((route, ctx) => {
  if (!ordered(route.views, (v) => v[0])) ctx.addIssue({ code: 'custom', path: ['views'], message: 'samples must be in time order' });
  if (!ordered(route.panoramas, (p) => p.t)) ctx.addIssue({ code: 'custom', path: ['panoramas'], message: 'panorama changes must be in time order' });
  if (!ordered(route.markers, (m) => m.t)) ctx.addIssue({ code: 'custom', path: ['markers'], message: 'marker events must be in time order' });
  if (route.panoramas[0]?.t !== 0) ctx.addIssue({ code: 'custom', path: ['panoramas', 0, 't'], message: 'the route must start on a panorama at time 0' });
  if (route.views[0]?.[0] !== 0) ctx.addIssue({ code: 'custom', path: ['views', 0], message: 'the route must start with a view at time 0' });
  const last = Math.max(route.views.at(-1)?.[0] ?? 0, route.panoramas.at(-1)?.t ?? 0, route.markers.at(-1)?.t ?? 0);
  if (last > route.durationMs) ctx.addIssue({ code: 'custom', path: ['durationMs'], message: 'an event lies after the end of the route' });
});
export type PilotRoute = z.infer<typeof PilotRouteSchema>;

export const PilotTitleSchema = z.string().trim().min(1, 'Give the recording a title.').max(PILOT_TITLE_MAX);
/** BCP 47, as the interface languages are written (en, zh-TW, en-GB). */
export const PilotLanguageSchema = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language code such as en or zh-TW');

export const PilotCoverSchema = z.object({ panoramaId: IdSchema, yaw, pitch, fov });
export type PilotCover = z.infer<typeof PilotCoverSchema>;

export const RecordingSchema = z.object({
  objectId: z.string(),
  buildingId: z.string(),
  pilotId: z.string(),
  pilotName: z.string(),
  title: z.string(),
  language: z.string(),
  durationMs: z.number(),
  audioUrl: z.string(),
  audioType: z.string(),
  bytes: z.number(),
  cover: PilotCoverSchema,
  published: z.boolean(),
  /** The signed-in person may rename, publish and delete it (its pilot, or the tour's owner or editors). */
  canManage: z.boolean(),
  createdAt: z.string(),
});
export type Recording = z.infer<typeof RecordingSchema>;
export const RecordingWithRouteSchema = RecordingSchema.extend({ route: PilotRouteSchema });
export type RecordingWithRoute = z.infer<typeof RecordingWithRouteSchema>;

// ---------------------------------------------------------------- HTTP

export const PilotTourParamsSchema = z.object({ buildingId: IdSchema });
export const RecordingParamsSchema = z.object({ recordingId: IdSchema });
export const PilotAvailabilityQuerySchema = z.object({ buildingId: IdSchema });
export const PilotAvailabilitySchema = z.object({ canRecord: z.boolean(), limitMs: z.number() });
export const RecordingListSchema = z.object({ recordings: z.array(RecordingSchema) });
export const UpdateRecordingBodySchema = z.object({ title: PilotTitleSchema, published: z.boolean() }).partial().strict()
  .refine((body) => Object.keys(body).length > 0, 'send a title or published');
export const PilotUsernamesSchema = z.object({ usernames: z.array(z.string().trim().min(1).max(120)).max(200) });
/** The upload's text fields (multipart), beside the `audio` file. */
export const UploadFieldsSchema = z.object({
  title: PilotTitleSchema,
  language: PilotLanguageSchema,
  /** Chosen by the browser once per recording: a retried upload answers the recording already stored. */
  clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _'),
  route: z.string().max(2_000_000),
});

/** Query parameter that opens the viewer on a recording (`/{buildingId}?pilot=ID`). */
export const PILOT_QUERY = 'pilot';

export const PILOT_MESSAGES = {
  notFound: 'This recording does not exist.',
  notPilot: 'Only the pilots this tour’s owner named can record guided tours here.',
  notManager: 'Only the recording’s pilot or the tour’s owner can change it.',
  notAudio: 'The recording is not audio the browser recorded (WebM, Ogg or MP4 with Opus, Vorbis or AAC).',
  tooLong: 'The recording is longer than 10 minutes.',
  tooLarge: `The recording is larger than ${PILOT_AUDIO_MAX_BYTES / 1024 / 1024} MB.`,
  empty: 'The recording is empty.',
  badRoute: 'The route does not belong to this tour.',
  noAudio: 'audio: send the recording as the multipart file field "audio".',
} as const;

/** Every panorama and marker a route names (the server checks each against the tour). */
export function routeReferences(route: PilotRoute): { panoramaIds: string[]; markerIds: string[] } {
  return {
    panoramaIds: [...new Set(route.panoramas.map((p) => p.panoramaId))],
    markerIds: [...new Set(route.markers.flatMap((m) => (m.markerId ? [m.markerId] : [])))],
  };
}
