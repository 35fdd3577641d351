import type { PresenceEntry, PresenceStore } from './presenceStore.ts';

/** Presence of one server process (no REDIS_URL): every connection is local, so nothing can go stale. */
export class MemoryPresence implements PresenceStore {
  private readonly tours = new Map<string, Map<string, PresenceEntry>>();

  async add(entry: PresenceEntry): Promise<void> {
    let tour = this.tours.get(entry.tourId);
    if (!tour) this.tours.set(entry.tourId, (tour = new Map()));
    tour.set(entry.connectionId, { ...entry });
  }

  async move(connectionId: string, tourId: string, panoramaId: string | null): Promise<void> {
    const entry = this.tours.get(tourId)?.get(connectionId);
    if (entry) entry.panoramaId = panoramaId;
  }

  async remove(connectionId: string, tourId: string): Promise<void> {
    const tour = this.tours.get(tourId);
    tour?.delete(connectionId);
    if (tour?.size === 0) this.tours.delete(tourId);
  }

  async list(tourIds: readonly string[]): Promise<PresenceEntry[]> {
    return tourIds.flatMap((id) => [...(this.tours.get(id)?.values() ?? [])].map((e) => ({ ...e })));
  }

  async isOnline(userId: string, tourId: string): Promise<boolean> {
    for (const e of this.tours.get(tourId)?.values() ?? []) if (e.userId === userId) return true;
    return false;
  }

  async sweep(): Promise<Array<{ userId: string; tourId: string }>> {
    return [];
  }

  async close(): Promise<void> {
    this.tours.clear();
  }
}
