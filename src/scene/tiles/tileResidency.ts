export interface TileResidencyOptions<T> {
  /** GPU bytes the resident tiles may use before unused ones are released. */
  budgetBytes: number;
  /** A tile that left the view stays this long before it may be released (panning back is common). */
  graceMs: number;
  release: (key: string, value: T) => void;
}

interface Entry<T> {
  value: T;
  bytes: number;
  lastUsed: number;
}

/**
 * The resident tile textures with LRU release: every update touches the tiles in use; sweep() releases the
 * least recently used tiles that have been out of use for graceMs while the total exceeds the budget.
 * Tiles in use are never released, so a view that needs more than the budget still renders.
 */
export class TileResidency<T> {
  private entries = new Map<string, Entry<T>>();
  private totalBytes = 0;
  releasedCount = 0;

  constructor(private readonly options: TileResidencyOptions<T>) {}

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
      if (entry) entry.lastUsed = now;
    }
  }

  /** Releases what the budget requires; returns the released keys. */
  sweep(now: number): string[] {
    if (this.totalBytes <= this.options.budgetBytes) return [];
    const candidates = [...this.entries]
      .filter(([, e]) => now - e.lastUsed >= this.options.graceMs)
      .sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    const released: string[] = [];
    for (const [key, entry] of candidates) {
      if (this.totalBytes <= this.options.budgetBytes) break;
      this.drop(key, entry);
      released.push(key);
    }
    return released;
  }

  /** When the next tile that is out of use passes its grace period (null: none is out of use). */
  nextReleaseAt(now: number): number | null {
    let oldest = Infinity;
    for (const entry of this.entries.values()) if (entry.lastUsed < now) oldest = Math.min(oldest, entry.lastUsed);
    return oldest === Infinity ? null : oldest + this.options.graceMs;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  clear(): void {
    for (const [key, entry] of [...this.entries]) this.drop(key, entry);
  }

  private drop(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    this.releasedCount++;
    this.options.release(key, entry.value);
  }
}
