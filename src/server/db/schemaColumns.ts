import type { ColumnType, Generated } from 'kysely';

/**
 * What every table type is written in. Portable across SQLite and PostgreSQL: booleans are 0/1 integers
 * (better-sqlite3 cannot bind booleans), JSON is text, timestamps are ISO-8601 text.
 */
export type Bool = number;
export type Json = string;
export type Timestamps = { createdAt: string; updatedAt: string };
export type { ColumnType, Generated };
