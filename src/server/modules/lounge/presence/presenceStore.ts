/** One open lounge connection (a browser tab): a person is online in a tour while they have at least one. */
export interface PresenceEntry {
  connectionId: string;
  userId: string;
  tourId: string;
  panoramaId: string | null;
}

/**
 * Who is online, per tour. Kept in memory (one process) or Redis (several), never in the database: moving between
 * panoramas, heartbeats and reconnects cost no database write.
 */
export interface PresenceStore {
  add(entry: PresenceEntry): Promise<void>;
  move(connectionId: string, tourId: string, panoramaId: string | null): Promise<void>;
  remove(connectionId: string, tourId: string): Promise<void>;
  /** Live connections of these tours. */
  list(tourIds: readonly string[]): Promise<PresenceEntry[]>;
  isOnline(userId: string, tourId: string): Promise<boolean>;
  /**
   * Forgets the connections of processes that stopped without saying so (crash, kill -9): their leases ran out.
   * Answers the people that left by it; each is answered by one process only.
   */
  sweep(): Promise<Array<{ userId: string; tourId: string }>>;
  close(): Promise<void>;
}

/** Entries of one person, deduplicated: the first with a panorama wins (two tabs show one person). */
export function onePerPerson(entries: readonly PresenceEntry[]): PresenceEntry[] {
  const byUser = new Map<string, PresenceEntry>();
  for (const e of entries) {
    const seen = byUser.get(e.userId);
    if (!seen || (!seen.panoramaId && e.panoramaId)) byUser.set(e.userId, e);
  }
  return [...byUser.values()];
}
