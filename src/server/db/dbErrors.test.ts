import { describe, expect, it } from 'vitest';
import { classifyDatabaseError, isUniqueViolation } from './dbErrors.ts';

const sqlite = (code: string, message: string) => Object.assign(new Error(message), { code });
const postgres = (code: string, extra: Record<string, string> = {}) => Object.assign(new Error('pg'), { code, ...extra });

describe('classifyDatabaseError', () => {
  it('reads SQLite constraint codes and the column from the message', () => {
    expect(classifyDatabaseError(sqlite('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: users.email'))).toEqual({ kind: 'unique', column: 'email' });
    expect(classifyDatabaseError(sqlite('SQLITE_CONSTRAINT_FOREIGNKEY', 'FOREIGN KEY constraint failed'))).toEqual({ kind: 'missing-reference', column: null });
    expect(classifyDatabaseError(sqlite('SQLITE_CONSTRAINT_NOTNULL', 'NOT NULL constraint failed: buildings.owner_id'))).toEqual({ kind: 'required', column: 'ownerId' });
    expect(classifyDatabaseError(sqlite('SQLITE_TOOBIG', 'string or blob too big'))?.kind).toBe('too-large');
    expect(classifyDatabaseError(sqlite('SQLITE_BUSY', 'database is locked'))).toBeNull();
  });

  it('reads PostgreSQL SQLSTATEs: integrity (23), bad data (22) and a value too large to index (54000)', () => {
    expect(classifyDatabaseError(postgres('23505', { detail: 'Key (email)=(a@b.c) already exists.' }))).toEqual({ kind: 'unique', column: 'email' });
    expect(classifyDatabaseError(postgres('23503', { detail: 'Key (tour_id)=(x) is not present in table "buildings".' }))).toEqual({ kind: 'missing-reference', column: 'tourId' });
    expect(classifyDatabaseError(postgres('23502', { column: 'name' }))).toEqual({ kind: 'required', column: 'name' });
    expect(classifyDatabaseError(postgres('22021'))?.kind).toBe('bad-value');
    expect(classifyDatabaseError(postgres('22P02'))?.kind).toBe('bad-value');
    expect(classifyDatabaseError(postgres('54000'))?.kind).toBe('too-large');
    expect(classifyDatabaseError(postgres('57P01'))).toBeNull();
    expect(classifyDatabaseError(postgres('ECONNREFUSED'))).toBeNull();
    expect(classifyDatabaseError(new Error('plain'))).toBeNull();
    expect(isUniqueViolation(postgres('23505'))).toBe(true);
  });
});
