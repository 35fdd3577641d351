import type { Redis } from 'ioredis';
import type { PresenceEntry, PresenceStore } from './presenceStore.ts';

export interface RedisPresenceOptions {
  /** Key prefix: the installation's (redisKeys.ts), so installations sharing a Redis see only their own visitors. */
  prefix: string;
  /** A process that stops renewing its connections' leases (it crashed) loses them after this long. */
  leaseMs?: number;
  clock?: () => number;
}

const DEFAULT_LEASE_MS = 15_000;

/**
 * Presence shared by every server process through Redis: per tour a hash (connection -> person and panorama), and one
 * sorted set of leases (score = expiry). Each process renews the leases of its own connections in one command every
 * third of the lease, whatever the number of visitors, and forgets the expired leases of processes that died.
 */
export class RedisPresence implements PresenceStore {
  private readonly prefix: string;
  private readonly leaseMs: number;
  private readonly clock: () => number;
  /** Lease members of this process's connections. */
  private readonly local = new Set<string>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly redis: Redis, opts: RedisPresenceOptions) {
    this.prefix = opts.prefix;
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.clock = opts.clock ?? Date.now;
    this.timer = setInterval(() => void this.renew().catch(() => {}), Math.max(200, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
  }

  private tourKey = (tourId: string) => `${this.prefix}tour:${tourId}`;
  private get leasesKey() {
    return `${this.prefix}leases`;
  }
  private member = (tourId: string, connectionId: string) => `${tourId} ${connectionId}`;

  async add(entry: PresenceEntry): Promise<void> {
    const member = this.member(entry.tourId, entry.connectionId);
    this.local.add(member);
    await this.redis
      .multi()
      .hset(this.tourKey(entry.tourId), entry.connectionId, JSON.stringify({ u: entry.userId, p: entry.panoramaId }))
      .zadd(this.leasesKey, this.clock() + this.leaseMs, member)
      .exec();
  }

  async move(connectionId: string, tourId: string, panoramaId: string | null): Promise<void> {
    const raw = await this.redis.hget(this.tourKey(tourId), connectionId);
    if (!raw) return;
    const stored = JSON.parse(raw) as { u: string };
    await this.redis.hset(this.tourKey(tourId), connectionId, JSON.stringify({ u: stored.u, p: panoramaId }));
  }

  async remove(connectionId: string, tourId: string): Promise<void> {
    const member = this.member(tourId, connectionId);
    this.local.delete(member);
    await this.redis.multi().hdel(this.tourKey(tourId), connectionId).zrem(this.leasesKey, member).exec();
  }

  async list(tourIds: readonly string[]): Promise<PresenceEntry[]> {
    if (tourIds.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of tourIds) pipeline.hgetall(this.tourKey(id));
    const hashes = ((await pipeline.exec()) ?? []).map(([, value]) => (value ?? {}) as Record<string, string>);
    const entries: PresenceEntry[] = [];
    tourIds.forEach((tourId, i) => {
      for (const [connectionId, raw] of Object.entries(hashes[i] ?? {})) {
        const { u, p } = JSON.parse(raw) as { u: string; p: string | null };
        entries.push({ connectionId, userId: u, tourId, panoramaId: p });
      }
    });
    if (entries.length === 0) return entries;
    // Entries of a crashed process stay in the hash until a sweep: their expired lease hides them meanwhile.
    const scores = await this.redis.zmscore(this.leasesKey, ...entries.map((e) => this.member(e.tourId, e.connectionId)));
    const now = this.clock();
    return entries.filter((_, i) => Number(scores[i] ?? 0) >= now);
  }

  async isOnline(userId: string, tourId: string): Promise<boolean> {
    return (await this.list([tourId])).some((e) => e.userId === userId);
  }

  async sweep(): Promise<Array<{ userId: string; tourId: string }>> {
    const expired = await this.redis.zrangebyscore(this.leasesKey, '-inf', this.clock() - 1, 'LIMIT', 0, 500);
    const left: Array<{ userId: string; tourId: string }> = [];
    for (const member of expired) {
      // Whoever removes the lease owns the departure: with several processes sweeping, it is announced once.
      if ((await this.redis.zrem(this.leasesKey, member)) !== 1) continue;
      const [tourId = '', connectionId = ''] = member.split(' ');
      const raw = await this.redis.hget(this.tourKey(tourId), connectionId);
      await this.redis.hdel(this.tourKey(tourId), connectionId);
      if (!raw) continue;
      const { u } = JSON.parse(raw) as { u: string };
      if (!(await this.isOnline(u, tourId))) left.push({ userId: u, tourId });
    }
    return left;
  }

  /** One ZADD for every connection of this process (XX: a lease a sweep already took is not brought back). */
  private async renew(): Promise<void> {
    if (this.local.size === 0) return;
    const expiry = this.clock() + this.leaseMs;
    const args: (string | number)[] = [];
    for (const member of this.local) args.push(expiry, member);
    await this.redis.zadd(this.leasesKey, 'XX', ...args);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const members = [...this.local];
    this.local.clear();
    if (members.length === 0) return;
    const multi = this.redis.multi();
    for (const member of members) {
      const [tourId = '', connectionId = ''] = member.split(' ');
      multi.hdel(this.tourKey(tourId), connectionId).zrem(this.leasesKey, member);
    }
    await multi.exec().catch(() => {});
  }
}
