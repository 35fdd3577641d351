import { Redis } from 'ioredis';
import { StudioPanoramaSchema, type StudioPanorama } from '../../../protocol/studio.ts';
import { byUploadOrder, TilingListeners, type TilingBus, type TilingListener } from './tilingBus.ts';

/**
 * The tiling bus shared by every process on one Redis: each tour's pending panoramas are a hash (field: panorama id),
 * and every change is also published on one channel that each process listens to and hands to its own watchers. So
 * the studio's events stream, wherever its request landed, sees the progress of a job tiled by any process, and the
 * studio's list shows the same pending panoramas on every process. A change is written before it is announced: a
 * watcher that reads the list after an event never sees an older state than the event.
 */
export class RedisTilingBus implements TilingBus {
  private readonly listeners = new TilingListeners();
  private readonly channel: string;
  private readonly subscriber: Redis;

  private constructor(private readonly redis: Redis, private readonly prefix: string) {
    this.channel = `${prefix}:events`;
    this.subscriber = redis.duplicate({ connectionName: `atrium-tiling-bus-${process.pid}` });
    this.subscriber.on('error', () => {});
    this.subscriber.on('message', (_channel: string, message: string) => {
      const event = parseEvent(message);
      if (event) this.listeners.deliver(event.buildingId, event.panorama);
    });
  }

  /** `prefix` names this installation's keys (the job queue's name), so installations sharing a Redis stay apart. */
  static connect(redisUrl: string, prefix: string): RedisTilingBus {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectionName: `atrium-tiling-${process.pid}` });
    redis.on('error', () => {});
    const bus = new RedisTilingBus(redis, prefix);
    // Not awaited: with Redis down the process starts anyway; the subscription is made (and remade after every
    // reconnection) as soon as Redis answers.
    bus.subscriber.subscribe(bus.channel).catch(() => undefined);
    return bus;
  }

  private key(buildingId: string): string {
    return `${this.prefix}:pending:${buildingId}`;
  }

  async pendingOf(buildingId: string): Promise<StudioPanorama[]> {
    const values = Object.values(await this.redis.hgetall(this.key(buildingId)));
    return values.map(parsePanorama).filter((p): p is StudioPanorama => p !== null).sort(byUploadOrder);
  }

  async findPending(buildingId: string, panoramaId: string): Promise<StudioPanorama | undefined> {
    const value = await this.redis.hget(this.key(buildingId), panoramaId);
    return (value && parsePanorama(value)) || undefined;
  }

  async publish(buildingId: string, panorama: StudioPanorama): Promise<void> {
    const change = this.redis.multi();
    if (panorama.status === 'ready') change.hdel(this.key(buildingId), panorama.objectId);
    else change.hset(this.key(buildingId), panorama.objectId, JSON.stringify(panorama));
    change.publish(this.channel, JSON.stringify({ buildingId, panorama }));
    await change.exec();
  }

  async dismiss(buildingId: string, panoramaId: string): Promise<boolean> {
    // Only a failed panorama may be dismissed; the check and the removal are one step so a job that is still
    // writing its progress is never dropped by a dismissal from another process.
    const removed = await this.redis.eval(DISMISS_FAILED, 1, this.key(buildingId), panoramaId);
    return removed === 1;
  }

  subscribe(buildingId: string, listener: TilingListener): () => void {
    return this.listeners.add(buildingId, listener);
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    await this.redis.quit().catch(() => undefined);
  }
}

const DISMISS_FAILED = `
local value = redis.call('HGET', KEYS[1], ARGV[1])
if not value then return 0 end
local ok, decoded = pcall(cjson.decode, value)
if not ok or decoded.status ~= 'failed' then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
return 1`;

function parsePanorama(value: string): StudioPanorama | null {
  try {
    const parsed = StudioPanoramaSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function parseEvent(message: string): { buildingId: string; panorama: StudioPanorama } | null {
  try {
    const raw = JSON.parse(message) as { buildingId?: unknown; panorama?: unknown };
    const panorama = StudioPanoramaSchema.safeParse(raw.panorama);
    return typeof raw.buildingId === 'string' && panorama.success ? { buildingId: raw.buildingId, panorama: panorama.data } : null;
  } catch {
    return null;
  }
}
