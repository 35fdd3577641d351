// The VR lounge's realtime contract (spec sections 1, 4, 5, 6): who is here, connection invitations, blocking and
// the avatars' poses, over the Socket.IO namespace LOUNGE_NAMESPACE. Client and server parse what crosses the socket
// with these schemas.
import { z } from 'zod';
import { INVITATION_NOTE_MAX } from './constants.ts';
import { IdSchema } from './tour.ts';

export const LOUNGE_PROTOCOL_VERSION = 1;
/** Multiplexed over the viewer's one WebSocket (the social layer uses the main namespace). */
export const LOUNGE_NAMESPACE = '/lounge';
/** Avatar poses are sent about this often while the view moves, and batched by the server per panorama per tick. */
export const POSE_INTERVAL_MS = 100;
/** A visitor whose view is still repeats its pose this often, so newcomers to the panorama see them. */
export const POSE_KEEPALIVE_MS = 1_000;
/** A closed tab leaves the list after this grace; a reload within it never shows them leaving. */
export const PRESENCE_GRACE_MS = 4_000;
/** Avatars drawn at most, nearest to where the visitor looks first, unless the server says otherwise. */
export const DEFAULT_AVATAR_LIMIT = 12;

export const LOUNGE_ROLES = ['exhibitor', 'visitor', 'guide'] as const;
export type LoungeRole = (typeof LOUNGE_ROLES)[number];

/** Section 4's sort options. */
export const LOUNGE_SORTS = ['name-asc', 'name-desc', 'last-login', 'exhibitor-first', 'visitor-first', 'invitation-time'] as const;
export type LoungeSort = (typeof LOUNGE_SORTS)[number];

/**
 * Section 4's invitation states, as one side sees them. The sender sees `sent` until the other person has seen the
 * invitation, then `wait-confirm` ("wait to be confirmed") until they answer, then `connected` or `rejected`. The
 * receiver sees `received`, then `confirmed` (they accepted) or `rejected`. A rejection is final for the pair.
 */
export const RELATION_STATES = ['none', 'sent', 'wait-confirm', 'received', 'connected', 'confirmed', 'rejected'] as const;
export type RelationState = (typeof RELATION_STATES)[number];
export const isConnected = (state: RelationState): boolean => state === 'connected' || state === 'confirmed';

/** Characters as people see them (grapheme clusters): a flag, a family emoji or "é" typed as e + accent is one. */
export function graphemeCount(text: string): number {
  let count = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) count++;
  return count;
}

export type NoteProblem = 'too-long';
/** Section 5: an invitation note has at most 1000 characters; it may be empty. */
export function noteProblem(note: string): NoteProblem | null {
  return graphemeCount(note.trim()) > INVITATION_NOTE_MAX ? 'too-long' : null;
}

export const PersonContactSchema = z.object({ email: z.string().nullable(), phone: z.string().nullable() });
export type PersonContact = z.infer<typeof PersonContactSchema>;

/** What everyone in the lounge may see of a person (the same for every viewer). */
export const PersonCardSchema = z.object({
  userId: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  occupation: z.string().nullable(),
  portrait: z.string().nullable(),
  role: z.enum(LOUNGE_ROLES),
  /** ISO time of their latest sign-in, when known. */
  lastLoginAt: z.string().nullable(),
  /** Where they are while online; null when offline. */
  place: z.object({ tourId: z.string(), tourName: z.string(), panoramaId: z.string().nullable(), panoramaName: z.string().nullable() }).nullable(),
});
export type PersonCard = z.infer<typeof PersonCardSchema>;

/** How one viewer stands with one person: only ever sent to that viewer. */
export const RelationSchema = z.object({
  userId: z.string(),
  state: z.enum(RELATION_STATES),
  invitationId: z.string().nullable(),
  /** The note of the invitation between the two (either direction). */
  note: z.string().nullable(),
  /** When the invitation between the two was sent (the "invitation time" sort). */
  invitedAt: z.string().nullable(),
  /** Only once connected, and never while either has blocked the other. */
  contact: PersonContactSchema.nullable(),
  /** This viewer blocked them. */
  blocked: z.boolean(),
});
export type Relation = z.infer<typeof RelationSchema>;

export const PersonRelationSchema = z.object({ person: PersonCardSchema, relation: RelationSchema });
export type PersonRelation = z.infer<typeof PersonRelationSchema>;

export const LoungeJoinRequestSchema = z.object({
  tourId: IdSchema,
  /** The group of the address (`?group=`): the lounge then spans every tour of it. */
  groupId: IdSchema.nullable(),
  panoramaId: IdSchema.nullable(),
});
export type LoungeJoinRequest = z.infer<typeof LoungeJoinRequestSchema>;

export const LoungeStateSchema = z.object({
  me: z.object({ userId: z.string(), name: z.string(), role: z.enum(LOUNGE_ROLES) }),
  /** Online now in the lounge's tours, without me and without anyone blocked either way. */
  online: z.array(PersonCardSchema),
  /** Everyone I have an invitation with (either direction) or blocked, online or not. */
  relations: z.array(PersonRelationSchema),
  /** How many avatars the viewer draws at most. */
  avatarLimit: z.number().int().min(0),
  /** Video meetings are on (this server reaches its media server): connected people get a "Video meeting" button. */
  meetingsOn: z.boolean().optional(),
  /** The tours this lounge spans. */
  tourIds: z.array(z.string()),
});
export type LoungeState = z.infer<typeof LoungeStateSchema>;

export const LoungeMoveRequestSchema = z.object({ panoramaId: IdSchema });
export const InvitationSendRequestSchema = z.object({
  toUserId: IdSchema,
  // Length in characters is checked by noteProblem so the answer says which rule failed; this caps the payload.
  note: z.string().max(INVITATION_NOTE_MAX * 16),
});
export const InvitationRequestSchema = z.object({ invitationId: IdSchema });
export const PersonRequestSchema = z.object({ userId: IdSchema });
export type InvitationSendRequest = z.infer<typeof InvitationSendRequestSchema>;

/**
 * A view pose: yaw (krpano ath, right-positive), pitch (up-positive) and roll in degrees, in the panorama's frame.
 * A headset sends its head's; a flat screen its view with roll 0. Sent volatile: a late pose is worth nothing.
 */
export const PoseSchema = z.tuple([z.number().min(-360).max(360), z.number().min(-90).max(90), z.number().min(-180).max(180)]);
export type Pose = z.infer<typeof PoseSchema>;
/** One tick's poses of a panorama: [userId, yaw, pitch, roll] each. */
export const PoseBatchSchema = z.object({ panoramaId: z.string(), poses: z.array(z.tuple([z.string(), z.number(), z.number(), z.number()])) });
export type PoseBatch = z.infer<typeof PoseBatchSchema>;

/** A lounge meeting: the tour's page with the meeting (the meetings feature opens it from the address). */
export const MeetingStartedSchema = z.object({ meetingId: z.string(), hostPath: z.string() });
export type MeetingStarted = z.infer<typeof MeetingStartedSchema>;
export const MeetingInviteSchema = z.object({ from: PersonCardSchema, meetingId: z.string(), guestPath: z.string() });
export type MeetingInvite = z.infer<typeof MeetingInviteSchema>;
export const loungeMeetingPath = (tourId: string, meetingId: string, host: boolean): string =>
  `/${encodeURIComponent(tourId)}?meeting=${encodeURIComponent(meetingId)}${host ? '&host=1' : ''}`;

export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; field?: string } };

/** Events the server pushes (`<domain>:<past-tense>`). */
export interface LoungeServerEvents {
  /** Someone came online, or changed what others see of them (their place). */
  'presence:updated': (person: PersonCard) => void;
  'presence:left': (payload: { userId: string }) => void;
  /** The relation with one person changed (invitation, answer, block), as this side sees it. */
  'relation:changed': (change: PersonRelation) => void;
  /** Someone was blocked either way: remove them from every list but "blocked". */
  'person:hidden': (payload: { userId: string }) => void;
  'pose:batched': (batch: PoseBatch) => void;
  /** A connection started a video meeting with me: the guest link opens it. */
  'meeting:invited': (invite: MeetingInvite) => void;
}

export interface LoungeClientEvents {
  'lounge:join': (request: LoungeJoinRequest, ack: (answer: Ack<LoungeState>) => void) => void;
  'lounge:move': (request: z.infer<typeof LoungeMoveRequestSchema>, ack: (answer: Ack<{ ok: true }>) => void) => void;
  'lounge:leave': (request: Record<string, never>, ack: (answer: Ack<{ ok: true }>) => void) => void;
  'invitation:send': (request: InvitationSendRequest, ack: (answer: Ack<PersonRelation>) => void) => void;
  'invitation:seen': (request: z.infer<typeof InvitationRequestSchema>, ack: (answer: Ack<PersonRelation>) => void) => void;
  'invitation:accept': (request: z.infer<typeof InvitationRequestSchema>, ack: (answer: Ack<PersonRelation>) => void) => void;
  'invitation:reject': (request: z.infer<typeof InvitationRequestSchema>, ack: (answer: Ack<PersonRelation>) => void) => void;
  'invitation:withdraw': (request: z.infer<typeof InvitationRequestSchema>, ack: (answer: Ack<PersonRelation>) => void) => void;
  'person:block': (request: z.infer<typeof PersonRequestSchema>, ack: (answer: Ack<PersonRelation>) => void) => void;
  'person:unblock': (request: z.infer<typeof PersonRequestSchema>, ack: (answer: Ack<PersonRelation>) => void) => void;
  /** A video meeting with a connection, hosted by me: the answer is the host link, the other person is told. */
  'meeting:start': (request: z.infer<typeof PersonRequestSchema>, ack: (answer: Ack<MeetingStarted>) => void) => void;
  /** Volatile, no acknowledgement. */
  'pose:update': (pose: Pose) => void;
}

/** The handshake of the lounge namespace: a signed-in session is required. */
export const LoungeHandshakeSchema = z.object({ v: z.literal(LOUNGE_PROTOCOL_VERSION), sessionToken: z.string().min(1).max(200) });

/** Error codes the lounge answers with, beyond the shared ones. */
export const LOUNGE_ERRORS = {
  /** The tour's lounge is for ticket holders: the viewer shows the ticket form. */
  ticketRequired: 'TICKET_REQUIRED',
  blocked: 'BLOCKED',
  rejectedForGood: 'INVITATION_REJECTED',
} as const;
