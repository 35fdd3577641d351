export interface LoadQueueOptions<T> {
  /** At most this many loads run at once (6 keeps HTTP/1.1 browsers from queueing behind us). */
  concurrency: number;
  load: (key: string, signal: AbortSignal) => Promise<T>;
  onLoad: (key: string, value: T) => void;
  onError?: (key: string, error: unknown) => void;
  /** Values that arrive after their load was cancelled (an ImageBitmap must still be closed). */
  discard?: (value: T) => void;
  /** A failed key is not retried before this delay (a 404 tile must not be fetched every frame). */
  retryDelayMs?: number;
  now?: () => number;
}

export interface WantedItem {
  key: string;
  /** Lower loads first. */
  priority: number;
}

export interface LoadQueueStats {
  inFlight: number;
  pending: number;
  loaded: number;
  cancelled: number;
  failed: number;
}

/**
 * Bounded-concurrency loader driven by a "wanted" set that the caller replaces whenever the view moves:
 * the best-priority wanted keys load first, in-flight loads that are no longer wanted are aborted at once
 * (their slot frees up for what is on screen now).
 */
export class LoadQueue<T> {
  private wanted = new Map<string, number>();
  private inFlight = new Map<string, AbortController>();
  private failedUntil = new Map<string, number>();
  private counters = { loaded: 0, cancelled: 0, failed: 0 };
  private disposed = false;
  private readonly now: () => number;

  constructor(private readonly options: LoadQueueOptions<T>) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Replaces the wanted set. Keys absent from it are dropped; in-flight ones are aborted. */
  setWanted(items: Iterable<WantedItem>): void {
    if (this.disposed) return;
    this.wanted = new Map();
    for (const item of items) this.wanted.set(item.key, item.priority);
    for (const [key, controller] of this.inFlight) {
      if (this.wanted.has(key)) continue;
      controller.abort();
      this.inFlight.delete(key);
      this.counters.cancelled++;
    }
    this.pump();
  }

  /** The key failed and waits for its retry delay (a missing tile should not block "view is sharp"). */
  hasFailed(key: string): boolean {
    return this.failedUntil.has(key);
  }

  isLoading(key: string): boolean {
    return this.inFlight.has(key);
  }

  get stats(): LoadQueueStats {
    let pending = 0;
    for (const key of this.wanted.keys()) if (!this.inFlight.has(key)) pending++;
    return { inFlight: this.inFlight.size, pending, ...this.counters };
  }

  dispose(): void {
    this.disposed = true;
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    this.wanted.clear();
  }

  private pump(): void {
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0 || this.disposed) return;
    const now = this.now();
    const ready = [...this.wanted]
      .filter(([key]) => !this.inFlight.has(key) && (this.failedUntil.get(key) ?? -Infinity) <= now)
      .sort((a, b) => a[1] - b[1])
      .slice(0, free);
    for (const [key] of ready) this.start(key);
  }

  private start(key: string): void {
    const controller = new AbortController();
    this.inFlight.set(key, controller);
    const current = () => this.inFlight.get(key) === controller && !controller.signal.aborted && !this.disposed;
    this.options.load(key, controller.signal).then(
      (value) => {
        if (!current()) {
          this.options.discard?.(value);
          return;
        }
        this.inFlight.delete(key);
        this.wanted.delete(key);
        this.failedUntil.delete(key);
        this.counters.loaded++;
        this.options.onLoad(key, value);
        this.pump();
      },
      (error: unknown) => {
        if (!current()) return; // aborted on purpose
        this.inFlight.delete(key);
        this.counters.failed++;
        this.failedUntil.set(key, this.now() + (this.options.retryDelayMs ?? 10_000));
        this.options.onError?.(key, error);
        this.pump();
      },
    );
  }
}
