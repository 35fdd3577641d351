import { z } from 'zod';

/** Every failure body: a stable machine code and a sentence for people. */
export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Present on 500s so a report can be matched with the server log. */
  correlationId: z.string().optional(),
  /** For validation failures: the field that was wrong, as a dotted path. */
  field: z.string().optional(),
  /** Extra facts the client needs to react, e.g. where to redirect after TOUR_REMOVED. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  TOUR_HIDDEN: 403,
  NOT_FOUND: 404,
  TOUR_NOT_FOUND: 404,
  PANORAMA_NOT_FOUND: 404,
  PROPERTY_NOT_FOUND: 404,
  HEADQUARTER_NOT_FOUND: 404,
  CONFLICT: 409,
  TOUR_REMOVED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  /** The request's header section is over Node's limit (16 KB), e.g. too many cookies. */
  HEADERS_TOO_LARGE: 431,
  /** The mail server refused or could not be reached (the visitor gate's access-code email). */
  MAIL_FAILED: 502,
  INTERNAL: 500,
  /** The sign-in attempt counters (Redis) cannot be reached: sign-in waits rather than run without its back-off. */
  SIGN_IN_UNAVAILABLE: 503,
  /** Meetings (spec section 8): the id or code names no meeting, the meeting is of another tour, is over, or has no seat. */
  MEETING_NOT_FOUND: 404,
  MEETING_OTHER_TOUR: 404,
  MEETING_ENDED: 410,
  MEETING_FULL: 409,
  /** A join credential that is wrong, expired or already used. */
  MEETING_CREDENTIAL_INVALID: 401,
  /** This server has no Janus: meetings are off. */
  MEETINGS_OFF: 503,
  /** Janus refused or failed a media request. */
  MEETING_MEDIA_FAILED: 502,
  /** Booking calendar (section 8's booking submit error): the time was just taken, is not offered, or the link is not valid. */
  BOOKING_SLOT_TAKEN: 409,
  BOOKING_SLOT_UNAVAILABLE: 409,
  BOOKING_NOT_FOUND: 404,
  BOOKING_CANCELLED: 410,
  BOOKING_NOT_YET: 409,
  /** The lounge (spec section 5's ticket messages, blocking and final rejections). */
  TICKET_INVALID: 400,
  TICKET_NOT_FOUND: 404,
  TICKET_USED: 409,
  TICKET_REQUIRED: 403,
  BLOCKED: 403,
  INVITATION_REJECTED: 409,
  /** Wholesale ordering (spec sections 7 and 8): this server has no ordering platform configured. */
  ORDERING_OFF: 503,
  /** The platform's token endpoint refused the authorisation code (used, expired, or for another page). */
  ORDERING_CODE_REJECTED: 401,
  /** No ordering session, or the platform no longer renews its tokens: the retailer opens the tour from the platform again. */
  ORDERING_SESSION_EXPIRED: 401,
  /** The marker is not a tag with the platform's product and collection ids. */
  ORDERING_MARKER_NOT_ORDERABLE: 422,
  /** "The style doesn't support the selected currency." */
  ORDERING_NO_PRICE: 422,
  /** The platform refused (its errors array, joined with spaces, is the message). */
  ORDERING_FAILED: 502,
  /** The platform could not be reached or did not answer within 30 s; nothing was changed. */
  ORDERING_UNREACHABLE: 504,
  /** Favourites: the tour (and its group) has myFavoriteEnable off; the account already keeps the most it may. */
  FAVORITES_OFF: 403,
  FAVORITES_FULL: 409,
  /** The account (headquarter) holds as many tours, panoramas or stored bytes as the server allows (details.kind, details.limit). */
  QUOTA_EXCEEDED: 409,
  /** Tour ring: another guide accepted the call first, or it ended; the one answering is not a guide of the tour. */
  CALL_TAKEN: 409,
  NOT_A_GUIDE: 403,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
