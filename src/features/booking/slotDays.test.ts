import { describe, expect, it } from 'vitest';
import { slotDays } from './slotDays.ts';

const slots = [{ start: '2026-03-23T08:00:00.000Z', end: '' }, { start: '2026-03-23T23:30:00.000Z', end: '' }];

describe('slotDays', () => {
  it('groups by the visitor\'s own day and labels times in their zone', () => {
    const tokyo = slotDays(slots, 'en', 'Asia/Tokyo');
    expect(tokyo.map((d) => [d.key, d.slots.map((s) => s.label)])).toEqual([['2026-03-23', ['5:00 PM']], ['2026-03-24', ['8:30 AM']]]);
    const newYork = slotDays(slots, 'en', 'America/New_York');
    expect(newYork.map((d) => [d.key, d.slots.length])).toEqual([['2026-03-23', 2]]);
  });

  it('writes days in the visitor\'s language', () => {
    expect(slotDays(slots, 'fr', 'Europe/Paris')[0]!.label).toBe('lundi 23 mars');
    expect(slotDays(slots, 'ar', 'Asia/Dubai')[0]!.label).toMatch(/الاثنين/);
  });
});
