import { afterAll, beforeAll } from 'vitest';
import { createRepositories } from '../../../src/server/db/repositories.ts';
import { AuthService } from '../../../src/server/modules/auth/auth.service.ts';
import { identityHeaders, signUpUser } from './accounts.ts';
import { createTestDatabase, type DIALECTS, postgresAvailable, type TestDatabase } from './databases.ts';
import { SEED, seedTour } from './seedTour.ts';
import { createTestApp, type TestApp } from './testApp.ts';

export type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[1]>;

interface SeededTour<Name extends string> {
  db: TestDatabase;
  /** One app per name, all over the one database: each stands for a server process with caches of its own. */
  apps: Record<Name, TestApp>;
  /** The seeded tour's owner (SEED.user), signed in. */
  owner: Record<string, string>;
  /** A signed-up visitor with no right to the tour. */
  stranger: Record<string, string>;
}

export interface SeededTourSuite<Name extends string> extends Readonly<SeededTour<Name>> {
  /** False on PostgreSQL when none answers (outside CI): the tests skip. */
  readonly ready: boolean;
}

/**
 * The seeded tour (support/seedTour.ts) on a fresh database of `dialect`, the apps named in `apps` over it, its owner
 * signed in and a stranger signed up (on the first app); all made in beforeAll and closed in afterAll. Call inside
 * describe(); read the fields in the tests, after `if (!suite.ready) return ctx.skip();`.
 */
export function seededTourSuite<Name extends string>(dialect: (typeof DIALECTS)[number], apps: Record<Name, TestAppOptions>): SeededTourSuite<Name> {
  let db: TestDatabase | undefined;
  const started: TestApp[] = [];
  let world: SeededTour<Name> | undefined;
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    const named = {} as Record<Name, TestApp>;
    for (const [name, options] of Object.entries(apps) as Array<[Name, TestAppOptions]>) {
      named[name] = await createTestApp(db.handle, options);
      started.push(named[name]);
    }
    const repos = createRepositories(db.handle.db);
    const owner = identityHeaders(await new AuthService(repos).startSession((await repos.users.findById(SEED.user))!));
    const stranger = (await signUpUser(started[0]!.app)).headers;
    world = { db, apps: named, owner, stranger };
  });
  afterAll(async () => {
    for (const app of started) await app.cleanup();
    await db?.drop();
  });
  const made = (): SeededTour<Name> => {
    if (!world) throw new Error(`no seeded tour on ${dialect}: skip the test unless the suite is ready`);
    return world;
  };
  return {
    get ready() { return world !== undefined; },
    get db() { return made().db; },
    get apps() { return made().apps; },
    get owner() { return made().owner; },
    get stranger() { return made().stranger; },
  };
}
