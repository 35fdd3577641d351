/**
 * Where failed sign-in attempts are counted. A small interface on purpose: the counters live in this process by
 * default and in Redis when several processes share the work (redisAttemptStore.ts), with nothing else changing.
 */
export interface AttemptRecord {
  failures: number;
  /** Milliseconds since the epoch. */
  lastFailureAt: number;
}

export interface AttemptStore {
  get(key: string): Promise<AttemptRecord | null>;
  /** Adds one failure at `now`; the whole record is forgotten `forgetAfterMs` after its last failure. */
  addFailure(key: string, now: number, forgetAfterMs: number): Promise<AttemptRecord>;
  clear(key: string): Promise<void>;
  close?(): Promise<void>;
}

/** One process's counters. Expired records are dropped as they are read and, past a size, swept. */
export class MemoryAttemptStore implements AttemptStore {
  private readonly records = new Map<string, AttemptRecord & { expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now, private readonly sweepAbove = 50_000) {}

  async get(key: string): Promise<AttemptRecord | null> {
    const record = this.records.get(key);
    if (!record) return null;
    if (record.expiresAt <= this.now()) {
      this.records.delete(key);
      return null;
    }
    return { failures: record.failures, lastFailureAt: record.lastFailureAt };
  }

  async addFailure(key: string, now: number, forgetAfterMs: number): Promise<AttemptRecord> {
    const failures = ((await this.get(key))?.failures ?? 0) + 1;
    this.records.set(key, { failures, lastFailureAt: now, expiresAt: now + forgetAfterMs });
    if (this.records.size > this.sweepAbove) this.sweep();
    return { failures, lastFailureAt: now };
  }

  async clear(key: string): Promise<void> {
    this.records.delete(key);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, record] of this.records) if (record.expiresAt <= now) this.records.delete(key);
  }
}
