import type { DatabaseRefusal } from '../db/dbErrors.ts';
import { AppError } from '../errors.ts';

/**
 * A database refusal is the request's fault (two requests raced, a value the column cannot hold, a reference that
 * went away), so it is a 4xx naming the field, never a 500.
 */
export function databaseRefusalError(refusal: DatabaseRefusal): AppError {
  const field = refusal.column ?? undefined;
  const named = field ? `${field}: ` : '';
  switch (refusal.kind) {
    case 'unique':
      return new AppError('CONFLICT', `${named}this value is already taken (another request may have just used it).`, field);
    case 'missing-reference':
      return new AppError('CONFLICT', `${named}this refers to something that does not exist (any more).`, field);
    case 'required':
      return new AppError('VALIDATION_FAILED', `${named}a value is required.`, field);
    case 'check':
      return new AppError('VALIDATION_FAILED', `${named}this value is not allowed.`, field);
    case 'too-large':
      return new AppError('PAYLOAD_TOO_LARGE', `${named}this value is too large to store.`, field);
    case 'bad-value':
      return new AppError('VALIDATION_FAILED', `${named}this value cannot be stored (it may contain a NUL character or be out of range).`, field);
  }
}
