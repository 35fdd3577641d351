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
  RATE_LIMITED: 429,
  /** The mail server refused or could not be reached (the visitor gate's access-code email). */
  MAIL_FAILED: 502,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
