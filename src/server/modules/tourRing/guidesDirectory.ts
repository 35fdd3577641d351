import type { Db } from '../../db/database.ts';
import { TOUR_RING_DEFAULT_TIMEOUT_MS } from '../../../protocol/tourRing.ts';

/** A tour's guide as the tour ring needs one: who, and which languages they take calls in. */
export interface RingGuide {
  userId: string;
  languages: string[];
}

/**
 * The tour ring's view of the guides data (the booking issue's `tour_guides`): the contract it relies on, so the
 * ringing logic is tested with any directory and does not care where guides are kept.
 */
export interface GuidesDirectory {
  list(buildingId: string): Promise<RingGuide[]>;
  forLanguage(buildingId: string, language: string): Promise<RingGuide[]>;
  isGuide(buildingId: string, userId: string): Promise<boolean>;
  /** The tours a user guides (the console shows them online on each). */
  toursOf(userId: string): Promise<string[]>;
  /** How long a call to this tour rings (the tour's setting, 30 s by default). */
  ringTimeoutMs(buildingId: string): Promise<number>;
}

/**
 * Until the guides table lands: a tour's guides are the agents its owner named for meetings (`meeting_hosts`), taking
 * calls in English. Replaced by the guides repository's adapter.
 */
export function meetingAgentsDirectory(db: Db, opts: { ringTimeoutMs?: number } = {}): GuidesDirectory {
  const LANGUAGES = ['en'];
  const list = async (buildingId: string) => (await db.selectFrom('meetingHosts').select('userId').where('buildingId', '=', buildingId).orderBy('userId').execute())
    .map((r) => ({ userId: r.userId, languages: LANGUAGES }));
  return {
    list,
    forLanguage: async (buildingId, language) => (await list(buildingId)).filter((g) => g.languages.includes(language)),
    isGuide: async (buildingId, userId) => Boolean(await db.selectFrom('meetingHosts').select('userId').where('buildingId', '=', buildingId).where('userId', '=', userId).executeTakeFirst()),
    toursOf: async (userId) => (await db.selectFrom('meetingHosts').select('buildingId').where('userId', '=', userId).execute()).map((r) => r.buildingId),
    ringTimeoutMs: () => Promise.resolve(opts.ringTimeoutMs ?? TOUR_RING_DEFAULT_TIMEOUT_MS),
  };
}
