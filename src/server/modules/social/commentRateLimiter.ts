/**
 * A sliding-window limit on comment posting, per key (a visitor, an address). Kept in the process: a visitor's
 * socket stays on one process for its whole life, so the per-visitor window is exact; across processes the
 * per-address window is per process, which still stops a flood from one socket.
 */
export class CommentRateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records an attempt and answers whether it is allowed. */
  take(key: string): boolean {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    // Forget idle keys so a long-running server does not keep every visitor it ever saw.
    if (this.hits.size > 10_000) for (const [k, times] of this.hits) if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(k);
    return true;
  }
}
