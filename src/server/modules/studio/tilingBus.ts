import type { StudioPanorama } from '../../../protocol/studio.ts';

export type TilingListener = (panorama: StudioPanorama) => void;

/**
 * Panoramas being tiled (or failed), per tour, and who is watching them: the studio's list and its events stream
 * read it, tiling jobs write it. Ready panoramas leave it: from then on they are rows in the database.
 * Two kinds: in this process's memory (one process, the embedded default), or in Redis (RedisTilingBus), so a job
 * tiled by any process reaches the events stream of every process and the list of every process.
 */
export interface TilingBus {
  /** Panoramas still tiling or failed in this tour, in upload order (their reserved index). */
  pendingOf(buildingId: string): Promise<StudioPanorama[]>;
  findPending(buildingId: string, panoramaId: string): Promise<StudioPanorama | undefined>;
  /** Records the panorama's new state and tells every watcher of its tour. */
  publish(buildingId: string, panorama: StudioPanorama): Promise<void>;
  /** Forgets a failed panorama (the owner dismissed it); false when it is not a failed one. */
  dismiss(buildingId: string, panoramaId: string): Promise<boolean>;
  /** Drops a panorama whatever its state, without telling watchers (it has a row, which now speaks for it). */
  forget(buildingId: string, panoramaId: string): Promise<void>;
  subscribe(buildingId: string, listener: TilingListener): () => void;
  close(): Promise<void>;
}

/** Listeners per tour: both kinds of bus deliver to their own process's watchers through this. */
export class TilingListeners {
  private readonly byTour = new Map<string, Set<TilingListener>>();

  add(buildingId: string, listener: TilingListener): () => void {
    let set = this.byTour.get(buildingId);
    if (!set) this.byTour.set(buildingId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byTour.delete(buildingId);
    };
  }

  deliver(buildingId: string, panorama: StudioPanorama): void {
    for (const listener of this.byTour.get(buildingId) ?? []) listener(panorama);
  }
}

export const byUploadOrder = (a: StudioPanorama, b: StudioPanorama) => a.index - b.index;

/** The embedded default: one process tiles and serves, so its memory is the whole truth. */
export class LocalTilingBus implements TilingBus {
  private readonly pending = new Map<string, Map<string, StudioPanorama>>();
  private readonly listeners = new TilingListeners();

  async pendingOf(buildingId: string): Promise<StudioPanorama[]> {
    return [...(this.pending.get(buildingId)?.values() ?? [])].sort(byUploadOrder);
  }

  async findPending(buildingId: string, panoramaId: string): Promise<StudioPanorama | undefined> {
    return this.pending.get(buildingId)?.get(panoramaId);
  }

  async publish(buildingId: string, panorama: StudioPanorama): Promise<void> {
    let tour = this.pending.get(buildingId);
    if (panorama.status === 'ready') {
      tour?.delete(panorama.objectId);
    } else {
      if (!tour) this.pending.set(buildingId, (tour = new Map()));
      tour.set(panorama.objectId, panorama);
    }
    if (tour?.size === 0) this.pending.delete(buildingId);
    this.listeners.deliver(buildingId, panorama);
  }

  async dismiss(buildingId: string, panoramaId: string): Promise<boolean> {
    const tour = this.pending.get(buildingId);
    const found = tour?.get(panoramaId);
    if (!tour || !found || found.status !== 'failed') return false;
    tour.delete(panoramaId);
    if (tour.size === 0) this.pending.delete(buildingId);
    return true;
  }

  async forget(buildingId: string, panoramaId: string): Promise<void> {
    const tour = this.pending.get(buildingId);
    tour?.delete(panoramaId);
    if (tour?.size === 0) this.pending.delete(buildingId);
  }

  subscribe(buildingId: string, listener: TilingListener): () => void {
    return this.listeners.add(buildingId, listener);
  }

  async close(): Promise<void> {}
}

/**
 * The bus as the studio reads it: a panorama that has a row is ready, whatever the bus still says (a job whose row was
 * written but whose "ready" never reached Redis). Such entries are dropped as they are read.
 */
export class RowAwareTilingBus implements TilingBus {
  constructor(private readonly bus: TilingBus, private readonly rowsAmong: (ids: string[]) => Promise<Set<string>>) {}

  async pendingOf(buildingId: string): Promise<StudioPanorama[]> {
    const pending = await this.bus.pendingOf(buildingId);
    if (pending.length === 0) return pending;
    const rows = await this.rowsAmong(pending.map((p) => p.objectId));
    for (const id of rows) await this.bus.forget(buildingId, id).catch(() => undefined);
    return pending.filter((p) => !rows.has(p.objectId));
  }

  async findPending(buildingId: string, panoramaId: string): Promise<StudioPanorama | undefined> {
    const found = await this.bus.findPending(buildingId, panoramaId);
    if (!found || !(await this.rowsAmong([panoramaId])).has(panoramaId)) return found;
    await this.bus.forget(buildingId, panoramaId).catch(() => undefined);
    return undefined;
  }

  publish(buildingId: string, panorama: StudioPanorama): Promise<void> {
    return this.bus.publish(buildingId, panorama);
  }

  dismiss(buildingId: string, panoramaId: string): Promise<boolean> {
    return this.bus.dismiss(buildingId, panoramaId);
  }

  forget(buildingId: string, panoramaId: string): Promise<void> {
    return this.bus.forget(buildingId, panoramaId);
  }

  subscribe(buildingId: string, listener: TilingListener): () => void {
    return this.bus.subscribe(buildingId, listener);
  }

  close(): Promise<void> {
    return this.bus.close();
  }
}
