import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, SqliteDialect, type MigrationResultSet } from 'kysely';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, SQLite at sqliteFile. */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate themselves in a schema of their own). */
  pgSchema?: string;
}

export function openDatabase(opts: DatabaseOptions): DatabaseHandle {
  const plugins = [new CamelCasePlugin()];
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets the CLI import while the server reads; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely looks for its migration tables in every schema of the database unless it is told which one: with several
 * schemas side by side (the test suites run in parallel, each in a schema of its own) one would find another's tables
 * and skip creating its own. So on PostgreSQL they live in the connection's current schema, where they always were.
 */
async function migrator(db: Db): Promise<Migrator> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const schema = postgres ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name : undefined;
  // Features land in parallel with timestamps given out in advance, so a migration can reach main after a later-named
  // one already ran on some database; each touches only its own tables, so running it late is safe.
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
}

function check(result: MigrationResultSet): void {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(result.error)}`);
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  check(await (await migrator(db)).migrateToLatest());
}

/** Undo every migration (tests prove each `down` works). */
export async function migrateDownAll(db: Db): Promise<void> {
  const m = await migrator(db);
  for (;;) {
    const result = await m.migrateDown();
    check(result);
    if (!result.results?.length) return;
  }
}
