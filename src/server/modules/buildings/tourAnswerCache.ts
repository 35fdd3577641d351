import type { Tour } from '../../../protocol/tour.ts';
import { EncodedAnswer } from './encodedAnswer.ts';

/** What an assembled answer was made from; an entry serves only a request whose stamp is the same in every part. */
export interface TourStamp {
  tourId: string;
  /**
   * buildings.content_version as read at the start of this request. Database triggers raise it on every write to the
   * tour's row, panoramas, markers and headquarter (migration add-tour-content-version), from any process, so a
   * matching version means nothing the answer shows has changed since the entry was made.
   */
  version: number;
  /** The row's creation time: a tour removed for good and made again under the same id starts its count again. */
  createdAt: string;
  /** The media pass in the answer's URLs (null for a tour open to all): passes change every hour. */
  pass: string | null;
}

export interface CachedTour {
  stamp: TourStamp;
  /** The answer as the response schema encodes it, frozen (shared by every request that gets it). */
  tour: Tour;
  answer: EncodedAnswer;
}

const sameStamp = (a: TourStamp, b: TourStamp) => a.version === b.version && a.createdAt === b.createdAt && a.pass === b.pass;

/**
 * The assembled tours of this process, one entry per tour (the latest made), the least recently used dropped beyond
 * `capacity` (an entry holds the tour's objects, JSON text and bytes and its compressed forms: about 4x the JSON, so
 * some 150 kB for the 35 kB demo tour and 30 MB at 200 such tours). Freshness is checked on every read against the version the request read from the database, rather
 * than kept by invalidation messages: the database is the one place every process writes through, so several
 * processes (with or without Redis) never serve a stale tour. Concurrent misses of one stamp share one assembly.
 */
export class TourAnswerCache {
  private readonly entries = new Map<string, CachedTour>();
  private readonly making = new Map<string, Promise<CachedTour>>();

  constructor(private readonly capacity = 200) {}

  async get(stamp: TourStamp, make: () => Promise<Tour>): Promise<CachedTour> {
    const held = this.entries.get(stamp.tourId);
    if (held && sameStamp(held.stamp, stamp)) {
      // Most recently used last, so eviction takes the oldest first.
      this.entries.delete(stamp.tourId);
      this.entries.set(stamp.tourId, held);
      return held;
    }
    const key = `${stamp.tourId}\n${stamp.version}\n${stamp.createdAt}\n${stamp.pass ?? ''}`;
    let pending = this.making.get(key);
    if (!pending) {
      pending = make().then((tour) => {
        const entry: CachedTour = { stamp, tour: deepFreeze(tour), answer: new EncodedAnswer(JSON.stringify(tour), true) };
        // Whatever finished last is kept: an older stamp only costs the next request a new assembly, never staleness,
        // since an entry is served only when its stamp equals the one just read.
        this.entries.delete(stamp.tourId);
        this.entries.set(stamp.tourId, entry);
        while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
        return entry;
      }).finally(() => this.making.delete(key));
      this.making.set(key, pending);
    }
    return pending;
  }

  /** Drops a tour's entry (a tour that no longer exists need not hold memory). */
  forget(tourId: string): void {
    this.entries.delete(tourId);
  }

  get size(): number {
    return this.entries.size;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
