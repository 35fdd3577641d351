import { describe, expect, it } from 'vitest';
import { freeSlots, workingSlots } from './slots.ts';

const at = (iso: string) => new Date(iso);

describe('workingSlots', () => {
  it('turns a guide\'s local hours into UTC instants in their zone', () => {
    // Monday 2026-06-01, Paris is UTC+2 in summer: 09:00-10:30 local is 07:00-08:30 UTC.
    const guide = { id: 'g', timeZone: 'Europe/Paris', workingHours: [{ weekday: 1, start: '09:00', end: '10:30' }] };
    expect(workingSlots(guide, at('2026-06-01T00:00:00Z'), at('2026-06-02T00:00:00Z'), 30))
      .toEqual(['2026-06-01T07:00:00.000Z', '2026-06-01T07:30:00.000Z', '2026-06-01T08:00:00.000Z']);
    // The same hours in winter (UTC+1) are an hour later in UTC.
    expect(workingSlots(guide, at('2026-12-07T00:00:00Z'), at('2026-12-08T00:00:00Z'), 30)[0]).toBe('2026-12-07T08:00:00.000Z');
  });

  it('keeps a window its real length on the days the clocks change (Europe/Berlin, 2026)', () => {
    // Sunday 29 March 2026: 02:00 jumps to 03:00. A 01:00-05:00 window has three real hours.
    const guide = { id: 'g', timeZone: 'Europe/Berlin', workingHours: [{ weekday: 0, start: '01:00', end: '05:00' }] };
    const spring = workingSlots(guide, at('2026-03-28T12:00:00Z'), at('2026-03-30T00:00:00Z'), 60);
    expect(spring).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-29T02:00:00.000Z']);
    // Sunday 25 October 2026: 03:00 falls back to 02:00. The same window has five real hours.
    const autumn = workingSlots(guide, at('2026-10-24T12:00:00Z'), at('2026-10-26T00:00:00Z'), 60);
    expect(autumn).toHaveLength(5);
    expect(autumn[0]).toBe('2026-10-24T23:00:00.000Z');
    expect(autumn[4]).toBe('2026-10-25T03:00:00.000Z');
  });

  it('handles a zone on the other side of the date line and hours until midnight', () => {
    // Auckland (UTC+13 in January): Tuesday 22:00-24:00 local is Tuesday 09:00-11:00 UTC.
    const guide = { id: 'g', timeZone: 'Pacific/Auckland', workingHours: [{ weekday: 2, start: '22:00', end: '24:00' }] };
    expect(workingSlots(guide, at('2026-01-05T00:00:00Z'), at('2026-01-08T00:00:00Z'), 60))
      .toEqual(['2026-01-06T09:00:00.000Z', '2026-01-06T10:00:00.000Z']);
  });

  it('skips a window that lies in the spring gap', () => {
    // New York, Sunday 8 March 2026: 02:00-03:00 does not exist.
    const guide = { id: 'g', timeZone: 'America/New_York', workingHours: [{ weekday: 0, start: '02:00', end: '03:00' }] };
    expect(workingSlots(guide, at('2026-03-07T00:00:00Z'), at('2026-03-10T00:00:00Z'), 30)).toEqual([]);
  });
});

describe('freeSlots', () => {
  it('merges guides and leaves out what is booked', () => {
    const hours = [{ weekday: 1, start: '09:00', end: '10:00' }];
    const london = { id: 'a', timeZone: 'Europe/London', workingHours: hours };
    const lisbon = { id: 'b', timeZone: 'Europe/Lisbon', workingHours: hours };
    const tokyo = { id: 'c', timeZone: 'Asia/Tokyo', workingHours: hours };
    const free = freeSlots([london, lisbon, tokyo], new Set(['a|2026-06-01T08:30:00.000Z']), at('2026-05-31T00:00:00Z'), at('2026-06-02T00:00:00Z'), 30);
    expect([...free.entries()]).toEqual([
      ['2026-06-01T00:00:00.000Z', ['c']],
      ['2026-06-01T00:30:00.000Z', ['c']],
      ['2026-06-01T08:00:00.000Z', ['a', 'b']],
      ['2026-06-01T08:30:00.000Z', ['b']],
    ]);
  });
});
