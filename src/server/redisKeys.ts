/**
 * Every name Atrium uses in Redis, derived from one installation setting (REDIS_PREFIX) and the tile queue's name
 * (TILE_QUEUE), so two installations sharing one Redis never read each other's counters, presence, rooms or jobs.
 *
 * The default namespace is the layout of the versions before REDIS_PREFIX: its keys are exactly the old ones, so an
 * upgrade keeps the sign-in back-off and attempt counters, the lounge's presence and the queued tiling jobs, and during
 * a rolling upgrade old and new processes still meet in the same Socket.IO channels. Those old names were not all
 * under `atrium:` (Socket.IO's adapter used its own `socket.io`, BullMQ its `bull:`, the tiling bus the queue's name),
 * which is why the default is not simply "atrium:" in front of everything. Any other prefix puts every key and
 * channel under `<prefix>:`; the prefix has no colon, so `a:` and `ab:` never overlap.
 */
export const DEFAULT_REDIS_PREFIX = 'atrium';
export const DEFAULT_TILE_QUEUE = 'atrium-tiling';
/** What REDIS_PREFIX and TILE_QUEUE may hold: no colon (the separator Atrium adds) and no glob or channel characters. */
export const REDIS_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

export interface RedisKeys {
  /** @fastify/rate-limit's nameSpace: the attempt limits (sign-up, access codes, ...). */
  rateLimits: string;
  /** RedisAttemptStore's prefix: the sign-in back-off and the tour ring's call limits. */
  attempts: string;
  /** RedisPresence's prefix: who is in the lounge. */
  lounge: string;
  /** @socket.io/redis-adapter's `key`: the start of every pub/sub channel of the realtime rooms (all namespaces). */
  socketIo: string;
  /** BullMQ's `prefix`: the tile queue's keys are `<tileJobs>:<TILE_QUEUE>:...`. */
  tileJobs: string;
  /** The tiling bus's keys and channel: `<tilingBus>:pending:<tour>` and `<tilingBus>:events`. */
  tilingBus: string;
}

export function redisKeys(prefix: string = DEFAULT_REDIS_PREFIX, tileQueue: string = DEFAULT_TILE_QUEUE): RedisKeys {
  const legacy = prefix === DEFAULT_REDIS_PREFIX;
  return {
    rateLimits: `${prefix}:rate-limit:`,
    attempts: `${prefix}:attempts:`,
    lounge: `${prefix}:lounge:`,
    socketIo: legacy ? 'socket.io' : `${prefix}:socket.io`,
    tileJobs: legacy ? 'bull' : `${prefix}:bull`,
    tilingBus: legacy ? tileQueue : `${prefix}:${tileQueue}`,
  };
}
