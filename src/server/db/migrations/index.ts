import type { Migration } from 'kysely';
import * as createCore from './20261122T0900-create-core.ts';
import * as createSessions from './20261122T1000-create-sessions.ts';
import * as createSocial from './20261122T1135-create-social.ts';
import * as createVisitorGate from './20261122T1155-create-visitor-gate.ts';
import * as createAnalytics from './20261122T1150-create-analytics.ts';

/** Every migration, by its timestamped name. Kysely runs them in name order. */
export const migrations: Record<string, Migration> = {
  '20261122T0900-create-core': createCore,
  '20261122T1000-create-sessions': createSessions,
  '20261122T1135-create-social': createSocial,
  '20261122T1150-create-analytics': createAnalytics,
  '20261122T1155-create-visitor-gate': createVisitorGate,
};
