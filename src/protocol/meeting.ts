// The live meeting contract (spec sections 1, 4, 6, 8): meetings as data over HTTP, then one Socket.IO namespace for
// presence, media signalling (the server relays to Janus; browsers never reach it) and co-navigation.
import { z } from 'zod';
import { IdSchema } from './tour.ts';
import { DeviceIdSchema } from './social.ts';

export const MEETING_NAMESPACE = '/meeting';
/** Socket.IO room of one meeting (every server process shares it through the Redis adapter). */
export const meetingRoom = (meetingId: string): string => `meeting:${meetingId}`;

/** Guests besides the host: default host + 10, up to 50 as hosted co-browsing services offer. */
export const MEETING_DEFAULT_CAPACITY = 10;
export const MEETING_MAX_CAPACITY = 50;
export const MEETING_TITLE_MAX = 120;
export const PARTICIPANT_NAME_MAX = 40;
/** A join credential is good for one entry within this time. */
export const JOIN_CREDENTIAL_TTL_MS = 60_000;
/** Co-navigation: the leader's view is sent at most this often; followers interpolate between updates. */
export const NAV_SEND_INTERVAL_MS = 100;

/** Short codes a guest can type: no 0/O, 1/I/L; 8 characters shown as XXXX-XXXX. */
export const SHORT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SHORT_CODE_LENGTH = 8;
export const ShortCodeSchema = z.string().transform((s) => s.toUpperCase().replace(/[\s-]/g, '')).pipe(
  z.string().length(SHORT_CODE_LENGTH, `must be ${SHORT_CODE_LENGTH} characters`).regex(new RegExp(`^[${SHORT_CODE_ALPHABET}]+$`), 'has a character no code uses'),
);
export const formatShortCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

export const MEETING_STATES = ['scheduled', 'live', 'ended'] as const;
export type MeetingState = (typeof MEETING_STATES)[number];
export const PARTICIPANT_STATES = ['waiting', 'joined', 'away', 'left', 'kicked'] as const;
export type ParticipantState = (typeof PARTICIPANT_STATES)[number];
export type ParticipantRole = 'host' | 'guest';

/** Control characters and bidirectional overrides would let a name hide or reorder what others see. */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
export type NameProblem = 'empty' | 'too-long' | 'hidden-characters';
/** The one rule for a participant's name, checked by the form and by the server (shown as text, never as HTML). */
export function participantNameProblem(name: string): NameProblem | null {
  const text = name.trim();
  if (!text) return 'empty';
  if ([...text].length > PARTICIPANT_NAME_MAX) return 'too-long';
  if (HIDDEN_CHARACTERS.test(text)) return 'hidden-characters';
  return null;
}
export const ParticipantNameSchema = z.string().max(PARTICIPANT_NAME_MAX * 4).superRefine((value, ctx) => {
  const problem = participantNameProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: NAME_PROBLEM_MESSAGES[problem] });
}).transform((s) => s.trim());
export const NAME_PROBLEM_MESSAGES: Record<NameProblem, string> = {
  empty: 'Enter the name others will see.',
  'too-long': `The name is too long: at most ${PARTICIPANT_NAME_MAX} characters.`,
  'hidden-characters': 'The name has invisible or control characters.',
};

// ---------------------------------------------------------------- HTTP

export const MeetingParamsSchema = z.object({ meetingId: IdSchema });
export const TourMeetingsParamsSchema = z.object({ buildingId: IdSchema });
export const ShortCodeParamsSchema = z.object({ code: z.string().max(20) });

export const CreateMeetingBodySchema = z.object({
  title: z.string().trim().max(MEETING_TITLE_MAX).default(''),
  capacity: z.number().int().min(1).max(MEETING_MAX_CAPACITY).default(MEETING_DEFAULT_CAPACITY),
  /** Absent: the meeting is for now. An ISO time: scheduled (guests wait until the host starts it). */
  scheduledAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type CreateMeetingBody = z.input<typeof CreateMeetingBodySchema>;

export const MeetingSchema = z.object({
  objectId: z.string(),
  buildingId: z.string(),
  title: z.string(),
  state: z.enum(MEETING_STATES),
  capacity: z.number().int(),
  shortCode: z.string(),
  hostName: z.string(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** While live: when the host's absence began (the meeting ends MEETING_HOST_ABSENCE after it). */
  hostAwaySince: z.string().nullable(),
  /** When the meeting ends if the host stays away (server clock, ISO). */
  hostAwayDeadline: z.string().nullable(),
  guestLink: z.string(),
  createdAt: z.string(),
});
export type Meeting = z.infer<typeof MeetingSchema>;

/** What the host sees (links to hand out); guests get MeetingSchema only. */
export const HostMeetingSchema = MeetingSchema.extend({
  hostLink: z.string(),
  participants: z.array(z.object({ name: z.string(), role: z.enum(['host', 'guest']), state: z.enum(PARTICIPANT_STATES), joinedAt: z.string().nullable() })),
});
export type HostMeeting = z.infer<typeof HostMeetingSchema>;
export const MeetingListSchema = z.object({ meetings: z.array(HostMeetingSchema) });

/** Whether this server has meetings on (Janus reachable), and whether the caller may host on the tour. */
export const MeetingAvailabilitySchema = z.object({ enabled: z.boolean(), canHost: z.boolean() });
export const AvailabilityQuerySchema = z.object({ buildingId: IdSchema.optional() });

export const JoinBodySchema = z.object({
  buildingId: IdSchema,
  name: ParticipantNameSchema,
  /** The device's random id (as on the social socket): a guest the host removed cannot simply come back. */
  deviceId: DeviceIdSchema.optional(),
  /** Coming back after a disconnect: the participant's id and the rejoin key the first join answered. */
  rejoin: z.object({ participantId: IdSchema, key: z.string().min(20).max(100) }).optional(),
});
export type JoinBody = z.infer<typeof JoinBodySchema>;
export const JoinAnswerSchema = z.object({
  meeting: MeetingSchema,
  participantId: z.string(),
  role: z.enum(['host', 'guest']),
  /** Single use, short-lived: presented once on the socket (meeting:enter). */
  credential: z.string(),
  credentialExpiresAt: z.string(),
  /** Kept by the browser for this meeting: a new credential after a disconnect, within the reconnect window. */
  rejoinKey: z.string(),
  reconnectWindowMs: z.number().int(),
  hostAbsenceMs: z.number().int(),
});
export type JoinAnswer = z.infer<typeof JoinAnswerSchema>;
export const ShortCodeAnswerSchema = z.object({ meetingId: z.string(), buildingId: z.string() });
export const MeetingHostsSchema = z.object({ usernames: z.array(z.string().trim().min(1).max(254)).max(50) });
export type MeetingHosts = z.infer<typeof MeetingHostsSchema>;

// ---------------------------------------------------------------- socket

export const SessionDescriptionSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().min(10).max(64_000) });
export type SessionDescription = z.infer<typeof SessionDescriptionSchema>;
export const FEED_KINDS = ['camera', 'screen'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
const FeedIdSchema = z.number().int().positive();

/** A view of the tour: which panorama and where the camera looks (yaw = ath, pitch up-positive, fov in degrees). */
export const NavViewSchema = z.object({
  panoramaId: IdSchema,
  yaw: z.number().min(-360).max(360),
  pitch: z.number().min(-90).max(90),
  fov: z.number().min(1).max(180),
});
export type NavView = z.infer<typeof NavViewSchema>;

export const ParticipantSchema = z.object({
  participantId: z.string(),
  name: z.string(),
  role: z.enum(['host', 'guest']),
  state: z.enum(PARTICIPANT_STATES),
  audio: z.boolean(),
  video: z.boolean(),
  feeds: z.array(z.object({ kind: z.enum(FEED_KINDS), feedId: FeedIdSchema })),
  /** The panorama the participant looks at (the host sees where guests are). */
  panoramaId: z.string().nullable(),
});
export type Participant = z.infer<typeof ParticipantSchema>;

export const EnterRequestSchema = z.object({ meetingId: IdSchema, credential: z.string().min(20).max(100) });
export const EnterAnswerSchema = z.object({
  meeting: MeetingSchema,
  self: ParticipantSchema,
  participants: z.array(ParticipantSchema),
  leaderId: z.string().nullable(),
});
export type EnterAnswer = z.infer<typeof EnterAnswerSchema>;

export const PublishRequestSchema = z.object({ kind: z.enum(FEED_KINDS), offer: SessionDescriptionSchema, audio: z.boolean(), video: z.boolean() });
export const PublishAnswerSchema = z.object({ feedId: FeedIdSchema, answer: SessionDescriptionSchema });
export const UnpublishRequestSchema = z.object({ kind: z.enum(FEED_KINDS) });
export const SubscribeRequestSchema = z.object({ feedId: FeedIdSchema });
export const SubscribeAnswerSchema = z.object({ offer: SessionDescriptionSchema });
export const SubscriptionAnswerRequestSchema = z.object({ feedId: FeedIdSchema, answer: SessionDescriptionSchema });
export const MediaStateRequestSchema = z.object({ audio: z.boolean(), video: z.boolean() });
export const WhereRequestSchema = z.object({ panoramaId: IdSchema });
export const MarkerRequestSchema = z.object({ markerId: IdSchema.nullable() });
export const TargetRequestSchema = z.object({ participantId: IdSchema });
export const MuteRequestSchema = z.object({ participantId: IdSchema.nullable() });
export const EmptyRequestSchema = z.object({}).strict();

export const MeetingEndReasonSchema = z.enum(['host-ended', 'host-away', 'expired']);
export type MeetingEndReason = z.infer<typeof MeetingEndReasonSchema>;

/** Every acknowledgement: the answer, or a failure shaped like an HTTP error body. */
export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; field?: string } };
type Call<Req, Res> = (request: Req, ack: (answer: Ack<Res>) => void) => void;

export interface MeetingClientEvents {
  'meeting:enter': Call<z.infer<typeof EnterRequestSchema>, EnterAnswer>;
  'meeting:leave': Call<Record<string, never>, null>;
  'meeting:end': Call<Record<string, never>, null>;
  'meeting:kick': Call<z.infer<typeof TargetRequestSchema>, null>;
  'media:publish': Call<z.infer<typeof PublishRequestSchema>, z.infer<typeof PublishAnswerSchema>>;
  'media:unpublish': Call<z.infer<typeof UnpublishRequestSchema>, null>;
  'media:subscribe': Call<z.infer<typeof SubscribeRequestSchema>, z.infer<typeof SubscribeAnswerSchema>>;
  'media:answer': Call<z.infer<typeof SubscriptionAnswerRequestSchema>, null>;
  'media:unsubscribe': Call<z.infer<typeof SubscribeRequestSchema>, null>;
  'media:state': Call<z.infer<typeof MediaStateRequestSchema>, null>;
  /** The host mutes one guest, or everyone (participantId null). */
  'media:mute': Call<z.infer<typeof MuteRequestSchema>, null>;
  /** The leader's view (throttled by the client, rate-limited by the server). */
  'nav:view': Call<NavView, null>;
  /** Which panorama this participant looks at now. */
  'nav:where': Call<z.infer<typeof WhereRequestSchema>, null>;
  'nav:marker': Call<z.infer<typeof MarkerRequestSchema>, null>;
  /** Host: everyone follows again, to the leader's view. */
  'nav:gather': Call<Record<string, never>, null>;
  /** Host: a guest leads (or the host again). */
  'lead:hand': Call<z.infer<typeof TargetRequestSchema>, null>;
}

export interface MeetingServerEvents {
  'meeting:changed': (payload: { meeting: Meeting }) => void;
  'meeting:ended': (payload: { meeting: Meeting; reason: MeetingEndReason }) => void;
  'participant:changed': (payload: { participant: Participant }) => void;
  'speaking:changed': (payload: { participantId: string; speaking: boolean }) => void;
  'nav:view': (payload: { leaderId: string; view: NavView }) => void;
  'nav:marker': (payload: { leaderId: string; markerId: string | null }) => void;
  'nav:gathered': (payload: { leaderId: string }) => void;
  'lead:changed': (payload: { leaderId: string }) => void;
  /** To one participant: the host muted them. */
  'media:muted': (payload: Record<string, never>) => void;
  /** To one participant: the host removed them. */
  'meeting:kicked': (payload: Record<string, never>) => void;
  /** To the leader: someone arrived and needs the current view now, not at the next move. */
  'nav:view-wanted': (payload: Record<string, never>) => void;
}

/** `?meeting=ID` in a viewer address (`&host=1` on the host's own link). */
export function meetingFromSearch(search: string): { meetingId: string; host: boolean } | null {
  const params = new URLSearchParams(search);
  const id = params.get('meeting');
  if (id === null) return null;
  return { meetingId: id, host: params.get('host') === '1' };
}
export const isMeetingId = (value: string): boolean => IdSchema.safeParse(value).success;
