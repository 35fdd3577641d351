import type { Migration } from 'kysely';
import * as createCore from './20261122T0900-create-core.ts';

/** Every migration, by its timestamped name. Kysely runs them in name order. */
export const migrations: Record<string, Migration> = {
  '20261122T0900-create-core': createCore,
};
