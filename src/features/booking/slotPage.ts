// The in-world calendar shows one day of the week at a time and its times a page at a time (a panel of about
// 700 mm holds two rows of time buttons, a guide's day can have 48). Pure: the view keeps the day and page chosen.
import type { SlotDay } from './slotDays.ts';

export interface SlotPage {
  /** The day shown (the chosen one, or the week's first when it has no such day), null when the week is empty. */
  day: SlotDay | null;
  slots: SlotDay['slots'];
  page: number;
  pages: number;
}

export function slotPage(days: readonly SlotDay[], dayKey: string | null, page: number, perPage: number): SlotPage {
  const day = days.find((d) => d.key === dayKey) ?? days[0] ?? null;
  if (!day) return { day: null, slots: [], page: 0, pages: 0 };
  const pages = Math.max(1, Math.ceil(day.slots.length / perPage));
  const at = Math.min(Math.max(0, page), pages - 1);
  return { day, slots: day.slots.slice(at * perPage, (at + 1) * perPage), page: at, pages };
}
