// The tour ring (spec sections 2, 5, 8): a visitor calls the tour's guides now; the first guide to accept meets the
// visitor in a meeting. Socket.IO namespace /tour-ring for the ringing, HTTP for the page's facts and call-backs.
import { z } from 'zod';
import { DeviceIdSchema } from './social.ts';
import { IdSchema } from './tour.ts';

import { PHONE_COUNTRIES, TOUR_RING_PROTOCOL_VERSION } from './tourRingNames.ts';

export * from './tourRingNames.ts';

/** A language a guide speaks: a BCP 47 tag as the studio stores it ("en", "ja", "zh-TW"). */
export const GuideLanguageSchema = z.string().trim().min(2).max(20).regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as en or zh-TW');

/**
 * How a call that was not answered ended, as the spec's three answers: the contact cannot answer (nobody accepted in
 * time, or everyone declined), is unavailable (no guide of the language online), or is busy with a tour (every online
 * guide of the language is in a call). The visitor's own hang-up is 'cancelled'.
 */
export const CallOutcomeSchema = z.enum(['cannot-answer', 'unavailable', 'busy', 'cancelled']);
export type CallOutcome = z.infer<typeof CallOutcomeSchema>;

/** Why a guide's phone stopped ringing. */
export const RingStopReasonSchema = z.enum(['taken', 'cancelled', 'timeout', 'busy']);
export type RingStopReason = z.infer<typeof RingStopReasonSchema>;

/** What the call page and the viewer's button need: whether calling is possible, and in which languages. */
export const TourRingInfoSchema = z.object({
  buildingId: IdSchema,
  name: z.string(),
  /** The tour offers the ring button and names guides (the /tour-ring page works whenever guides exist). */
  button: z.boolean(),
  hasGuides: z.boolean(),
  /** Meetings are on (an answered call becomes a meeting); without them nobody can be called. */
  meetingsOn: z.boolean(),
  /** Every language some guide of the tour speaks, sorted. */
  languages: z.array(z.string()),
  ringTimeoutMs: z.number().int().positive(),
  /** Where the tour's booking calendar opens. */
  calendarPath: z.string(),
});
export type TourRingInfo = z.infer<typeof TourRingInfoSchema>;
export const TourRingParamsSchema = z.object({ buildingId: IdSchema });

// ---------- phone numbers (spec section 5's message, section 9's country codes) ----------


// ---------- call-back requests (the call-now form) ----------

export const CallbackBodySchema = z.object({
  name: z.string().max(200),
  phone: z.string().max(40),
  country: z.enum(PHONE_COUNTRIES),
  language: z.string().max(20),
  note: z.string().max(1000).optional(),
});
export type CallbackBody = z.infer<typeof CallbackBodySchema>;

export const CallbackSchema = z.object({
  objectId: IdSchema,
  buildingId: IdSchema,
  tourName: z.string(),
  name: z.string(),
  /** E.164, as checked. */
  phone: z.string(),
  country: z.enum(PHONE_COUNTRIES),
  language: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type Callback = z.infer<typeof CallbackSchema>;
export const CallbackListSchema = z.object({ callbacks: z.array(CallbackSchema) });

// ---------- realtime ----------

/** Visitors connect with their device id (and a session when signed in); guides need the session. */
export const TourRingHandshakeSchema = z.object({
  v: z.literal(TOUR_RING_PROTOCOL_VERSION),
  deviceId: DeviceIdSchema,
  sessionToken: z.string().min(1).max(200).optional(),
});
export type TourRingHandshake = z.infer<typeof TourRingHandshakeSchema>;

export const StartCallRequestSchema = z.object({ buildingId: IdSchema, language: GuideLanguageSchema, name: z.string().trim().max(100).optional() });
export type StartCallRequest = z.infer<typeof StartCallRequestSchema>;
export const StartCallAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ringing'), callId: IdSchema, ringTimeoutMs: z.number().int(), guidesRung: z.number().int().min(1) }),
  z.object({ status: z.enum(['unavailable', 'busy']) }),
]);
export type StartCallAnswer = z.infer<typeof StartCallAnswerSchema>;
export const CallRequestSchema = z.object({ callId: IdSchema });

/** A call ringing on a guide's console. */
export const IncomingCallSchema = z.object({
  callId: IdSchema,
  buildingId: IdSchema,
  tourName: z.string(),
  language: z.string(),
  visitorName: z.string(),
  startedAt: z.string(),
  /** When it stops ringing by itself (ISO). */
  deadline: z.string(),
});
export type IncomingCall = z.infer<typeof IncomingCallSchema>;

export const GuideTourSchema = z.object({ buildingId: IdSchema, name: z.string(), languages: z.array(z.string()) });
export type GuideTour = z.infer<typeof GuideTourSchema>;
export const ConsoleStateSchema = z.object({
  tours: z.array(GuideTourSchema),
  ringing: z.array(IncomingCallSchema),
  callbacks: z.array(CallbackSchema),
  /** The meeting the guide is in (from an answered call), if any. */
  inCall: z.boolean(),
});
export type ConsoleState = z.infer<typeof ConsoleStateSchema>;
export const AcceptAnswerSchema = z.object({ meetingId: IdSchema, hostPath: z.string() });
export type AcceptAnswer = z.infer<typeof AcceptAnswerSchema>;

export const CallAnsweredSchema = z.object({
  callId: IdSchema,
  meetingId: IdSchema,
  guestPath: z.string(),
  /** The guide's display name (their name, else username): the meeting names them so too. */
  guideName: z.string(),
  /** The caller's name as the guide's console showed it ('' for none): an in-page join enters the meeting with it. */
  visitorName: z.string(),
});
export type CallAnswered = z.infer<typeof CallAnsweredSchema>;
export const CallEndedSchema = z.object({ callId: IdSchema, outcome: CallOutcomeSchema });
export type CallEnded = z.infer<typeof CallEndedSchema>;
export const RingStoppedSchema = z.object({ callId: IdSchema, reason: RingStopReasonSchema });
export type RingStopped = z.infer<typeof RingStoppedSchema>;

/** Error codes beyond the shared ones. */
export const TOUR_RING_ERRORS = {
  /** Another guide accepted first (or the call ended): the console stops ringing. */
  taken: 'CALL_TAKEN',
  notGuide: 'NOT_A_GUIDE',
} as const;

export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; field?: string } };

export interface TourRingClientEvents {
  'call:start': (request: StartCallRequest, ack: (answer: Ack<StartCallAnswer>) => void) => void;
  'call:cancel': (request: { callId: string }, ack: (answer: Ack<{ cancelled: boolean }>) => void) => void;
  'console:join': (request: Record<string, never>, ack: (answer: Ack<ConsoleState>) => void) => void;
  'ring:accept': (request: { callId: string }, ack: (answer: Ack<AcceptAnswer>) => void) => void;
  'ring:decline': (request: { callId: string }, ack: (answer: Ack<{ declined: boolean }>) => void) => void;
}

export interface TourRingServerEvents {
  'call:answered': (event: CallAnswered) => void;
  'call:ended': (event: CallEnded) => void;
  'ring:incoming': (event: IncomingCall) => void;
  'ring:stopped': (event: RingStopped) => void;
  'callback:created': (event: Callback) => void;
  'console:in-call': (event: { inCall: boolean }) => void;
}
