import { DateTime } from 'luxon';
import { minutesOf, type WorkingHours } from '../../../protocol/guides.ts';

export interface SlotGuide {
  id: string;
  timeZone: string;
  workingHours: WorkingHours[];
}

/**
 * The start instants (UTC ISO) at which each guide works a whole slot, within [from, to). Hours are wall-clock times in
 * the guide's own zone (luxon resolves them, with the zone rules of the runtime's ICU); slots then step in real
 * minutes from the window's start, so on a daylight-saving day a window is as long as the clock says it really is (a
 * 01:00-05:00 window has three hours when the clock springs forward and five when it falls back). A wall time that
 * does not exist that day (in the spring gap) moves forward, as luxon does.
 */
export function workingSlots(guide: SlotGuide, from: Date, to: Date, slotMinutes: number): string[] {
  const slotMs = slotMinutes * 60_000;
  const out: string[] = [];
  // One day either side: a window of the guide's previous or next local day can fall inside [from, to).
  let day = DateTime.fromJSDate(from, { zone: guide.timeZone }).startOf('day').minus({ days: 1 });
  const lastDay = DateTime.fromJSDate(to, { zone: guide.timeZone }).startOf('day').plus({ days: 1 });
  while (day <= lastDay) {
    const weekday = day.weekday % 7; // luxon: 1 = Monday ... 7 = Sunday; ours: 0 = Sunday
    for (const hours of guide.workingHours) {
      if (hours.weekday !== weekday) continue;
      const start = atMinutes(day, minutesOf(hours.start)).toMillis();
      const end = atMinutes(day, minutesOf(hours.end)).toMillis();
      for (let t = start; t + slotMs <= end; t += slotMs) {
        if (t >= from.getTime() && t < to.getTime()) out.push(new Date(t).toISOString());
      }
    }
    day = day.plus({ days: 1 }).startOf('day');
  }
  return [...new Set(out)].sort();
}

/** The day's wall-clock time at this many minutes after midnight (24:00 is the next day's midnight). */
function atMinutes(day: DateTime, minutes: number): DateTime {
  if (minutes >= 24 * 60) return day.plus({ days: 1 }).startOf('day');
  return day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0, millisecond: 0 });
}

/**
 * Free starts across guides: start -> the ids of guides free then (in the guides' order). `taken` holds
 * "guideId|start" of bookings that are not cancelled.
 */
export function freeSlots(guides: SlotGuide[], taken: ReadonlySet<string>, from: Date, to: Date, slotMinutes: number): Map<string, string[]> {
  const byStart = new Map<string, string[]>();
  for (const guide of guides) {
    for (const start of workingSlots(guide, from, to, slotMinutes)) {
      if (taken.has(`${guide.id}|${start}`)) continue;
      const list = byStart.get(start) ?? [];
      list.push(guide.id);
      byStart.set(start, list);
    }
  }
  return new Map([...byStart.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
