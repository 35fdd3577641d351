import type { StudioPanorama } from '../../../protocol/studio.ts';

type Listener = (panorama: StudioPanorama) => void;

/**
 * Panoramas being tiled, per tour, and who is watching them. In-process on purpose: the tile job runs in this
 * process, so its progress exists only here. With several server processes behind a load balancer the events
 * stream (GET /v2/studio/tours/{id}/events) must reach the process that received the upload (sticky sessions by
 * tour), or the client falls back to polling GET /v2/studio/tours/{id}, which the studio does when the stream
 * breaks. Ready panoramas leave the registry: from then on they are rows in the database, visible everywhere.
 */
export class TilingBus {
  private readonly pending = new Map<string, Map<string, StudioPanorama>>();
  private readonly listeners = new Map<string, Set<Listener>>();

  /** Panoramas still tiling or failed in this tour, in upload order. */
  pendingOf(buildingId: string): StudioPanorama[] {
    return [...(this.pending.get(buildingId)?.values() ?? [])];
  }

  findPending(buildingId: string, panoramaId: string): StudioPanorama | undefined {
    return this.pending.get(buildingId)?.get(panoramaId);
  }

  /** Records the panorama's new state and tells every watcher of its tour. */
  publish(buildingId: string, panorama: StudioPanorama): void {
    let tour = this.pending.get(buildingId);
    if (panorama.status === 'ready') {
      tour?.delete(panorama.objectId);
    } else {
      if (!tour) this.pending.set(buildingId, (tour = new Map()));
      tour.set(panorama.objectId, panorama);
    }
    if (tour?.size === 0) this.pending.delete(buildingId);
    for (const listener of this.listeners.get(buildingId) ?? []) listener(panorama);
  }

  /** Forgets a failed panorama (the owner dismissed it). */
  dismiss(buildingId: string, panoramaId: string): boolean {
    const tour = this.pending.get(buildingId);
    const found = tour?.get(panoramaId);
    if (!tour || !found || found.status !== 'failed') return false;
    tour.delete(panoramaId);
    if (tour.size === 0) this.pending.delete(buildingId);
    return true;
  }

  subscribe(buildingId: string, listener: Listener): () => void {
    let set = this.listeners.get(buildingId);
    if (!set) this.listeners.set(buildingId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(buildingId);
    };
  }
}
