import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../src/server/db/database.ts';

/** PostgreSQL for tests: the CI machine runs it on 127.0.0.1:5432 with trust auth. */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let pgAvailable: Promise<boolean> | undefined;
export function postgresAvailable(): Promise<boolean> {
  pgAvailable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (error) {
      // In CI a missing PostgreSQL is a failure, never a skip: the suite must fail if either dialect breaks.
      if (process.env.CI) throw new Error(`PostgreSQL is required in CI at ${TEST_PG_URL}: ${(error as Error).message}`);
      console.warn(`PostgreSQL tests skipped: cannot reach ${TEST_PG_URL} (${(error as Error).message})`);
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return pgAvailable;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL only: the schema, so a test can open a second pool on it (as a second server process would). */
  pgSchema?: string;
  drop(): Promise<void>;
}

/** A fresh SQLite file in memory or a fresh PostgreSQL schema, migrated to the latest version. */
export async function createTestDatabase(dialect: 'sqlite' | 'postgres', opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = opts.migrate ?? true;
  if (dialect === 'sqlite') {
    const handle = openDatabase({ sqliteFile: ':memory:' });
    if (migrate) await migrateToLatest(handle.db);
    return { handle, drop: () => handle.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase({ databaseUrl: TEST_PG_URL, pgSchema: schema });
  if (migrate) await migrateToLatest(handle.db);
  return {
    handle,
    pgSchema: schema,
    drop: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

export const DIALECTS = ['sqlite', 'postgres'] as const;
