/**
 * What a database refusal means, the same for SQLite (better-sqlite3's SqliteError codes) and PostgreSQL (SQLSTATE
 * codes of pg's DatabaseError), so the error handler can answer the client's mistake with a 4xx instead of a 500.
 */
export type DatabaseRefusal =
  | { kind: 'unique'; column: string | null }
  | { kind: 'missing-reference'; column: string | null }
  | { kind: 'required'; column: string | null }
  | { kind: 'check'; column: string | null }
  | { kind: 'bad-value'; column: string | null }
  | { kind: 'too-large'; column: string | null };

interface DriverError {
  code?: unknown;
  message?: unknown;
  /** PostgreSQL only. */
  detail?: unknown;
  column?: unknown;
  constraint?: unknown;
}

/** "UNIQUE constraint failed: users.email" / "NOT NULL constraint failed: buildings.name" -> the column. */
function sqliteColumn(message: string): string | null {
  const match = /constraint failed: (?:\w+\.)?(\w+)/.exec(message);
  return match?.[1] ?? null;
}

/** 'Key (email)=(a@b.c) already exists.' -> "email"; else the error's column, else the constraint's last word. */
function postgresColumn(error: DriverError): string | null {
  const detail = typeof error.detail === 'string' ? /Key \(([^)]+)\)/.exec(error.detail)?.[1] : undefined;
  if (detail) return detail.split(',')[0]!.trim();
  if (typeof error.column === 'string') return error.column;
  return null;
}

const camel = (column: string | null): string | null => (column ? column.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()) : null);

export function classifyDatabaseError(error: unknown): DatabaseRefusal | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as DriverError;
  if (typeof e.code !== 'string') return null;
  const message = typeof e.message === 'string' ? e.message : '';
  if (e.code.startsWith('SQLITE_')) {
    const column = camel(sqliteColumn(message));
    switch (e.code) {
      case 'SQLITE_CONSTRAINT_UNIQUE':
      case 'SQLITE_CONSTRAINT_PRIMARYKEY':
        return { kind: 'unique', column };
      case 'SQLITE_CONSTRAINT_FOREIGNKEY':
        return { kind: 'missing-reference', column };
      case 'SQLITE_CONSTRAINT_NOTNULL':
        return { kind: 'required', column };
      case 'SQLITE_CONSTRAINT_CHECK':
        return { kind: 'check', column };
      case 'SQLITE_MISMATCH':
        return { kind: 'bad-value', column };
      case 'SQLITE_TOOBIG':
        return { kind: 'too-large', column };
      default:
        return null;
    }
  }
  // PostgreSQL: a five-character SQLSTATE. Class 23 is integrity, class 22 bad data, 54000 a value too large to index.
  if (!/^[0-9A-Z]{5}$/.test(e.code)) return null;
  const column = camel(postgresColumn(e));
  if (e.code === '23505') return { kind: 'unique', column };
  if (e.code === '23503') return { kind: 'missing-reference', column };
  if (e.code === '23502') return { kind: 'required', column };
  if (e.code === '23514') return { kind: 'check', column };
  if (e.code === '54000') return { kind: 'too-large', column };
  if (e.code.startsWith('22')) return { kind: 'bad-value', column };
  return null;
}

/** True for a unique-key refusal (two requests raced to create the same thing). */
export const isUniqueViolation = (error: unknown): boolean => classifyDatabaseError(error)?.kind === 'unique';
