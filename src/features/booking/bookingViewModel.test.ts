import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { SlotsAnswer } from '../../protocol/booking.ts';
import { bookingFormProblems, bookingViewModel, DAY_MS, type BookingState } from './bookingViewModel.ts';
import { slotPage } from './slotPage.ts';

// Keys with their values, so a test sees which sentence was chosen and what went into it.
const t = ((key: string, values?: Record<string, string>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction<'booking'>;

const opened = Date.parse('2026-03-23T06:00:00.000Z');
const answer = (extra: Partial<SlotsAnswer> = {}): SlotsAnswer => ({
  slotMinutes: 30, languages: ['fr', 'en'], language: 'fr', horizon: new Date(opened + 28 * DAY_MS).toISOString(),
  slots: [{ start: '2026-03-23T08:00:00.000Z', end: '' }, { start: '2026-03-23T08:30:00.000Z', end: '' }, { start: '2026-03-24T09:00:00.000Z', end: '' }],
  ...extra,
});
const state = (extra: Partial<BookingState> = {}): BookingState => ({
  zone: 'Europe/Paris', openedAt: opened, weekStart: opened, language: undefined, answer: null, failed: false, chosen: null,
  values: { name: '', email: '', phone: '', note: '' }, problems: {}, failure: null, busy: false, done: null, ...extra,
});

describe('the booking view model (DOM and in-world)', () => {
  it('says it is loading, then lists the week by the visitor\'s days, in their zone', () => {
    expect(bookingViewModel(state(), 'en', t).calendar.status).toEqual({ text: 'calendar.loading', kind: 'loading' });
    const vm = bookingViewModel(state({ answer: answer() }), 'en', t);
    expect(vm.phase).toBe('calendar');
    expect(vm.calendar.status).toBeNull();
    expect(vm.calendar.days.map((d) => [d.key, d.short, d.slots.map((s) => s.label)])).toEqual([
      ['2026-03-23', 'Mon, Mar 23', ['9:00 AM', '9:30 AM']],
      ['2026-03-24', 'Tue, Mar 24', ['10:00 AM']],
    ]);
    expect(vm.calendar.timesIn).toContain('Central European');
  });

  it('offers the guides\' languages named in the visitor\'s language, the answered one chosen', () => {
    const vm = bookingViewModel(state({ answer: answer() }), 'en', t);
    expect(vm.calendar.languages).toEqual([{ code: 'fr', name: 'French', selected: true }, { code: 'en', name: 'English', selected: false }]);
    expect(bookingViewModel(state({ answer: answer({ languages: ['fr'] }) }), 'en', t).calendar.languages).toEqual([]);
  });

  it('pages back no further than the day it opened, and forward no further than the horizon', () => {
    const first = bookingViewModel(state({ answer: answer() }), 'en', t).calendar;
    expect([first.previous.enabled, first.next.enabled]).toEqual([false, true]);
    const last = bookingViewModel(state({ answer: answer(), weekStart: opened + 21 * DAY_MS }), 'en', t).calendar;
    expect([last.previous.enabled, last.next.enabled]).toEqual([true, false]);
  });

  it('says when the week is empty or could not be loaded', () => {
    expect(bookingViewModel(state({ answer: answer({ slots: [] }) }), 'en', t).calendar.status?.kind).toBe('empty');
    const failed = bookingViewModel(state({ answer: answer(), failed: true }), 'en', t).calendar;
    expect(failed.status).toEqual({ text: 'calendar.load-failed', kind: 'failed' });
    expect(failed.days).toEqual([]);
  });

  it('opens the form for the chosen time with its problems translated, then the confirmation', () => {
    const form = bookingViewModel(state({ answer: answer(), chosen: '2026-03-23T08:00:00.000Z', problems: { email: 'email-invalid' }, failure: 'taken' }), 'en', t).form!;
    expect(form.title).toBe('form.title {"when":"Monday, March 23 at 9:00 AM"}');
    expect(form.fields.map((f) => [f.name, f.required, f.problem])).toEqual([['name', true, null], ['email', true, 'form.email-invalid'], ['phone', false, null], ['note', false, null]]);
    expect(form.failure).toBe('form.taken');
    const booking = { objectId: 'b1', start: '2026-03-23T08:00:00.000Z', end: '2026-03-23T08:30:00.000Z', guideName: 'Gus Guide', language: 'fr' };
    const done = bookingViewModel(state({ chosen: booking.start, done: { booking: booking as never, email: 'v@example.test' } }), 'en', t);
    expect([done.phase, done.form]).toEqual(['done', null]);
    expect(done.done!.text).toBe('form.done {"guide":"Gus Guide","when":"Monday, March 23 at 9:00 AM","email":"v@example.test"}');
  });

  it('checks section 5\'s rules before sending', () => {
    expect(bookingFormProblems({ name: ' ', email: '', phone: '', note: '' })).toEqual({ name: 'required', email: 'required' });
    expect(bookingFormProblems({ name: 'Vera', email: 'vera@', phone: '', note: '' })).toEqual({ email: 'email-invalid' });
    expect(bookingFormProblems({ name: 'Vera', email: 'vera@example.test', phone: '', note: '' })).toEqual({});
  });
});

describe('the in-world calendar\'s day and page', () => {
  const days = bookingViewModel(state({ answer: answer() }), 'en', t).calendar.days;
  it('shows the chosen day a page at a time, the first day when the chosen one is not in the week', () => {
    expect(slotPage(days, '2026-03-23', 0, 1)).toMatchObject({ page: 0, pages: 2, slots: [{ label: '9:00 AM' }] });
    expect(slotPage(days, '2026-03-23', 5, 1)).toMatchObject({ page: 1, pages: 2, slots: [{ label: '9:30 AM' }] });
    expect(slotPage(days, 'elsewhere', 0, 8).day?.key).toBe('2026-03-23');
    expect(slotPage([], null, 0, 8)).toEqual({ day: null, slots: [], page: 0, pages: 0 });
  });
});
