import type { Slot } from '../../protocol/booking.ts';

export interface SlotDay {
  /** The visitor's calendar day, YYYY-MM-DD in their zone. */
  key: string;
  label: string;
  /** "Mon, Mar 23": the in-world day buttons, where seven long labels would not fit. */
  short: string;
  slots: { start: string; label: string }[];
}

/**
 * Slots grouped by the visitor's own calendar day, labelled in their language and zone with Intl (so a slot at 23:30
 * UTC is on the next day in Tokyo and the same day in New York).
 */
export function slotDays(slots: Slot[], locale: string, timeZone: string): SlotDay[] {
  const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const dayLabel = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
  const shortLabel = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short' });
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const at = new Date(slot.start);
    const key = dayKey.format(at);
    let day = days.at(-1);
    if (day?.key !== key) {
      day = { key, label: dayLabel.format(at), short: shortLabel.format(at), slots: [] };
      days.push(day);
    }
    day.slots.push({ start: slot.start, label: time.format(at) });
  }
  return days;
}

/** "Monday 23 March, 09:00" in the visitor's language and zone. */
export function formatSlot(start: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' }).format(new Date(start));
}

/** The visitor's IANA zone (UTC when the browser will not say). */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A short name of the zone for "times are shown in", e.g. "Central European Summer Time". */
export function zoneName(locale: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' }).formatToParts(new Date());
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}
