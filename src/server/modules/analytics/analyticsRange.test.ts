import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { dayRange } from './analyticsRange.ts';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');

describe('the day range of the read API', () => {
  it('defaults to the last 30 days, today included', () => {
    const r = dayRange({}, NOW);
    expect(r).toMatchObject({ from: '2026-10-24', to: '2026-11-22' });
    expect(r.days).toHaveLength(30);
    expect(r.time).toEqual({ from: '2026-10-24T00:00:00.000Z', until: '2026-11-23T00:00:00.000Z' });
  });

  it('lists every day across a month end', () => {
    expect(dayRange({ from: '2026-02-27', to: '2026-03-02' }, NOW).days).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('refuses impossible days, reversed and overlong ranges, naming the field', () => {
    const field = (q: Parameters<typeof dayRange>[0]) => {
      try {
        dayRange(q, NOW);
        return null;
      } catch (error) {
        return error instanceof AppError ? error.field : 'other';
      }
    };
    expect(field({ from: '2026-02-31' })).toBe('from');
    expect(field({ to: '2026-13-01' })).toBe('to');
    expect(field({ from: '2026-05-02', to: '2026-05-01' })).toBe('from');
    expect(field({ from: '2024-01-01', to: '2026-01-01' })).toBe('from');
    expect(field({ from: '2025-11-22', to: '2026-11-22' })).toBeNull();
  });
});
