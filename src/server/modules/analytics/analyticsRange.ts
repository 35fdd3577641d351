import { ANALYTICS_MAX_DAYS, type AnalyticsQuery } from '../../../protocol/analytics.ts';
import { AppError } from '../../errors.ts';
import type { TimeRange } from './analytics.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
/** When the address names no range: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const startOf = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

export interface DayRange {
  from: string;
  to: string;
  /** Every day from `from` to `to`, both included (UTC days). */
  days: string[];
  time: TimeRange;
}

/** The inclusive UTC-day range of a read API query; 400 names the field that is wrong. */
export function dayRange(query: AnalyticsQuery, now: number): DayRange {
  const to = query.to ?? dayOf(now);
  const toMs = startOf(to);
  // The regex lets 2026-02-31 through; Date.parse turns it into NaN or another day, both refused.
  if (Number.isNaN(toMs) || dayOf(toMs) !== to) throw new AppError('VALIDATION_FAILED', 'to: not a calendar day.', 'to');
  const from = query.from ?? dayOf(toMs - (DEFAULT_DAYS - 1) * DAY_MS);
  const fromMs = startOf(from);
  if (Number.isNaN(fromMs) || dayOf(fromMs) !== from) throw new AppError('VALIDATION_FAILED', 'from: not a calendar day.', 'from');
  if (fromMs > toMs) throw new AppError('VALIDATION_FAILED', 'from: must not be after to.', 'from');
  const count = Math.round((toMs - fromMs) / DAY_MS) + 1;
  if (count > ANALYTICS_MAX_DAYS) throw new AppError('VALIDATION_FAILED', `from: a range is at most ${ANALYTICS_MAX_DAYS} days.`, 'from');
  const days = Array.from({ length: count }, (_, i) => dayOf(fromMs + i * DAY_MS));
  return { from, to, days, time: { from: new Date(fromMs).toISOString(), until: new Date(toMs + DAY_MS).toISOString() } };
}
