/**
 * A token bucket per sender: a burst of `capacity` messages, then `perSecond` a second. Generous for people (a pasted
 * list, a quick exchange) and for a client catching up after a reconnect; a flood into an organiser's inbox stops.
 * Kept in the process: a sender's socket stays on one process, so the bucket is exact for it.
 */
export class SendLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity = 120,
    private readonly perSecond = 40,
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 when the send may go ahead (and is counted), else the milliseconds to wait. */
  take(key: string): number {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFull(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) / this.perSecond) * 1000);
  }

  private forgetFull(now: number): void {
    for (const [key, b] of this.buckets) if (b.tokens + ((now - b.at) / 1000) * this.perSecond >= this.capacity) this.buckets.delete(key);
  }
}
