import { ErrorBodySchema } from '../../protocol/errors.ts';

/** Response schemas every route shares for its failures. */
export const errorResponses = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  410: ErrorBodySchema,
  500: ErrorBodySchema,
} as const;
