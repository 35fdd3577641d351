// The presence benchmark's clock, shared by the sending and the watching process (same machine, same wall clock).

/** The absolute clock, ms, with sub-millisecond resolution. */
export const wallMs = (): number => performance.timeOrigin + performance.now();
/** Send time as a yaw: ms modulo 100 s in thousandths of a degree (0..100, inside the pose's range). */
export const timeAsYaw = (ms: number): number => (Math.round(ms) % 100_000) / 1000;
/** Delay of a pose whose yaw is its send time, received at nowMs. */
export const delayFromYaw = (yaw: number, nowMs: number): number => (((Math.round(nowMs) % 100_000) - Math.round(yaw * 1000)) + 100_000) % 100_000;
