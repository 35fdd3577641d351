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

  private constructor(private readonly redis: Redis, private readonly prefix: string, private readonly jobsPrefix: string) {
    this.channel = `${prefix}:events`;
    this.subscriber = redis.duplicate({ connectionName: `atrium-tiling-bus-${process.pid}` });
    this.subscriber.on('error', () => {});
    this.subscriber.on('message', (_channel: string, message: string) => {
      const event = parseEvent(message);
      if (event) this.listeners.deliver(event.buildingId, event.panorama);
    });
  }

  /**
   * `names.bus` starts this installation's keys and channel, so installations sharing a Redis stay apart; `names.jobs`
   * is where BullMQ keeps the queue's jobs (`<prefix>:<queue>`), read to tell an abandoned panorama (redisKeys.ts).
   */
  static connect(redisUrl: string, names: { bus: string; jobs: string }): RedisTilingBus {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectionName: `atrium-tiling-${process.pid}` });
    redis.on('error', () => {});
    const bus = new RedisTilingBus(redis, names.bus, names.jobs);
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
    const found = values.map(parseEntry).filter((e): e is Entry => e !== null);
    return (await Promise.all(found.map((e) => this.unlessAbandoned(buildingId, e)))).sort(byUploadOrder);
  }

  async findPending(buildingId: string, panoramaId: string): Promise<StudioPanorama | undefined> {
    const value = await this.redis.hget(this.key(buildingId), panoramaId);
    const entry = value ? parseEntry(value) : null;
    return entry ? this.unlessAbandoned(buildingId, entry) : undefined;
  }

  /**
   * A panorama shown as tiling whose job is not in the queue and that has not moved for a while was abandoned: its
   * process stopped between announcing the upload and queueing the job. It is shown failed (the owner may dismiss it
   * and upload again) instead of tiling forever. The job's key is BullMQ's (`<prefix>:<queue>:<jobId>`, jobId = panorama id).
   */
  private async unlessAbandoned(buildingId: string, { panorama, at }: Entry): Promise<StudioPanorama> {
    if (panorama.status !== 'tiling' || Date.now() - at < ABANDONED_AFTER_MS) return panorama;
    if (await this.redis.exists(`${this.jobsPrefix}:${panorama.objectId}`)) return panorama;
    const failed: StudioPanorama = { ...panorama, status: 'failed', error: `${panorama.fileName ?? panorama.name} could not be tiled: the upload was interrupted; upload it again.` };
    await this.publish(buildingId, failed);
    return failed;
  }

  async publish(buildingId: string, panorama: StudioPanorama): Promise<void> {
    const change = this.redis.multi();
    if (panorama.status === 'ready') change.hdel(this.key(buildingId), panorama.objectId);
    else change.hset(this.key(buildingId), panorama.objectId, JSON.stringify({ ...panorama, [WRITTEN_AT]: Date.now() }));
    change.publish(this.channel, JSON.stringify({ buildingId, panorama }));
    await change.exec();
  }

  async dismiss(buildingId: string, panoramaId: string): Promise<boolean> {
    // Only a failed panorama may be dismissed; the check and the removal are one step so a job that is still
    // writing its progress is never dropped by a dismissal from another process.
    const removed = await this.redis.eval(DISMISS_FAILED, 1, this.key(buildingId), panoramaId);
    return removed === 1;
  }

  async forget(buildingId: string, panoramaId: string): Promise<void> {
    await this.redis.hdel(this.key(buildingId), panoramaId);
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

/** Stored beside each entry: when it last changed (a running job writes its progress every few seconds). */
const WRITTEN_AT = 'writtenAt';
/** Longer than any upload's copy into media storage between announcing a panorama and queueing its job. */
const ABANDONED_AFTER_MS = 15 * 60_000;

interface Entry { panorama: StudioPanorama; at: number }

function parseEntry(value: string): Entry | null {
  try {
    const raw = JSON.parse(value) as Record<string, unknown>;
    const parsed = StudioPanoramaSchema.safeParse(raw);
    // Entries written before the time was kept count as fresh.
    return parsed.success ? { panorama: parsed.data, at: typeof raw[WRITTEN_AT] === 'number' ? raw[WRITTEN_AT] : Date.now() } : null;
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
