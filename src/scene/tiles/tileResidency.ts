export interface TileResidencyOptions<T> {
  /** GPU bytes the resident textures may use; Infinity never releases (the benchmark's baseline). */
  budgetBytes: number;
  release: (key: string, value: T) => void;
}

interface Entry<T> {
  value: T;
  bytes: number;
  lastUsed: number;
}

/**
 * The resident textures of every panorama layer of a scene, under one GPU budget with LRU release. Each frame
 * the layers touch what they draw (the tiles in view, their first views); sweep(now) then releases the least
 * recently used textures not touched at `now` until the total is within the budget. Whatever is in use is never
 * released, so a view that needs more than the budget still renders (the budgets leave room for a view: see
 * tileBudget.ts). No grace period: LRU already keeps what was seen last, and a hard cap is what a phone needs.
 * Keys are prefixed by their layer (`<layer>/...`) so a layer's dispose drops its own entries only.
 */
export class TileResidency<T> {
  private entries = new Map<string, Entry<T>>();
  private totalBytes = 0;
  /** Entries released to stay within the budget (a disposed layer's entries are not counted). */
  releasedCount = 0;
  budgetBytes: number;

  constructor(private readonly options: TileResidencyOptions<T>) {
    this.budgetBytes = options.budgetBytes;
  }

  add(key: string, value: T, bytes: number, now: number): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { value, bytes, lastUsed: now });
    this.totalBytes += bytes;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): T | undefined {
    return this.entries.get(key)?.value;
  }

  touch(keys: Iterable<string>, now: number): void {
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry && entry.lastUsed < now) entry.lastUsed = now;
    }
  }

  /** Releases what the budget requires among the entries not used at `now`; returns the released keys. */
  sweep(now: number): string[] {
    if (this.totalBytes <= this.budgetBytes) return [];
    const candidates = [...this.entries].filter(([, e]) => e.lastUsed < now).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    const released: string[] = [];
    for (const [key, entry] of candidates) {
      if (this.totalBytes <= this.budgetBytes) break;
      this.drop(key, entry);
      this.releasedCount++;
      released.push(key);
    }
    return released;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes and count of the entries whose key starts with prefix (one layer's share). */
  usage(prefix: string): { bytes: number; count: number } {
    let bytes = 0;
    let count = 0;
    for (const [key, entry] of this.entries) {
      if (!key.startsWith(prefix)) continue;
      bytes += entry.bytes;
      count++;
    }
    return { bytes, count };
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** Releases every entry whose key starts with prefix ('' releases all). */
  clear(prefix = ''): void {
    for (const [key, entry] of [...this.entries]) if (key.startsWith(prefix)) this.drop(key, entry);
  }

  private drop(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    this.options.release(key, entry.value);
  }
}
