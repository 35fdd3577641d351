import { ERROR_CODES, type ErrorCode } from '../protocol/errors.ts';

/** An expected failure: its code picks the HTTP status, its message is shown to people. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly details?: Record<string, unknown>,
    /** What went wrong underneath (logged for a 5xx, never sent). */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = ERROR_CODES[code];
  }
}

export const notFound = (code: ErrorCode, message: string) => new AppError(code, message);
export const badInput = (field: string, message: string) => new AppError('VALIDATION_FAILED', `${field}: ${message}`, field);
