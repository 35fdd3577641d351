import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../src/server/db/database.ts';
import { createRepositories } from '../../../src/server/db/repositories.ts';
import { AuthService } from '../../../src/server/modules/auth/auth.service.ts';
import { identityHeaders } from './accounts.ts';
import { postgresAvailable, TEST_PG_URL } from './databases.ts';
import { SEED, seedTour } from './seedTour.ts';

/** A database that server processes started by a test open themselves, seeded, with the seed owner signed in. */
export interface ProcessDatabase {
  /** What each server process needs in its environment to open it (empty for SQLite in its DATA_DIR). */
  env: Record<string, string>;
  /** The seed owner's session (tests that open a socket need the bare token). */
  ownerToken: string;
  /** The seed owner's identity headers for HTTP calls. */
  ownerHeaders: Record<string, string>;
  drop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A whole PostgreSQL database of its own (a server process runs its migrations on the default schema, so a schema
 * per test is not enough), or, where PostgreSQL is absent outside CI and the test allows it, the SQLite file the
 * processes will find in `dataDir`. Migrated and seeded with the test tour; `prepare` adds what the test needs.
 */
export async function createProcessDatabase(opts: {
  label: string;
  dataDir: string;
  postgres: 'required' | 'preferred';
  prepare?: (db: DatabaseHandle['db']) => Promise<unknown>;
}): Promise<ProcessDatabase> {
  const usePostgres = opts.postgres === 'required' || await postgresAvailable();
  let dbName = '';
  let env: Record<string, string> = {};
  let database: DatabaseHandle;
  if (usePostgres) {
    dbName = `atrium_${opts.label}_${randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${dbName}`);
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${dbName}`;
    env = { DATABASE_URL: url.toString() };
    database = openDatabase({ databaseUrl: env.DATABASE_URL });
  } else {
    database = openDatabase({ sqliteFile: path.join(opts.dataDir, 'atrium.sqlite') });
  }
  try {
    await migrateToLatest(database.db);
    await seedTour(database.db);
    await opts.prepare?.(database.db);
    const repos = createRepositories(database.db);
    const session = await new AuthService(repos).startSession((await repos.users.findById(SEED.user))!);
    return {
      env,
      ownerToken: session.sessionToken,
      ownerHeaders: identityHeaders(session),
      drop: async () => {
        if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`);
      },
    };
  } finally {
    await database.close();
  }
}
