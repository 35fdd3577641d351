import { HttpError } from '../../api/httpClient.ts';

/** Failures every gate step reads the same way: too many tries, the mail server, or anything else. */
export type GateErrorKey = 'error.too-many' | 'error.send-failed' | 'error.generic';

export function commonErrorKey(error: unknown): GateErrorKey {
  if (error instanceof HttpError && error.status === 429) return 'error.too-many';
  if (error instanceof HttpError && error.status === 502) return 'error.send-failed';
  return 'error.generic';
}

export const isStatus = (error: unknown, status: number): boolean => error instanceof HttpError && error.status === status;
