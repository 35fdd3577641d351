import type { DayRangeQuery } from './analyticsApi.ts';

const DAY_MS = 24 * 3600 * 1000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` UTC days, today included (the server counts in UTC days too). */
export function lastDays(days: number, now: number = Date.now()): DayRangeQuery {
  return { from: day(now - (days - 1) * DAY_MS), to: day(now) };
}
