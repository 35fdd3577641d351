// The booking calendar as data, its sentences already translated: the DOM panel and the in-world panel both draw
// this model (the uikit view has no i18n of its own). Pure: no React, no DOM, no clock (the state carries the times).
import type { TFunction } from 'i18next';
import { EMAIL_PATTERN } from '../../protocol/accounts.ts';
import type { Booking, SlotsAnswer } from '../../protocol/booking.ts';
import { languageName } from '../../protocol/languageName.ts';
import { formatSlot, slotDays, zoneName, type SlotDay } from './slotDays.ts';

export const WEEK_DAYS = 7;
export const DAY_MS = 86_400_000;

export type BookingField = 'name' | 'email' | 'phone' | 'note';
export type BookingProblem = 'required' | 'email-invalid';
export type BookingProblems = Partial<Record<BookingField, BookingProblem>>;
export const BOOKING_FIELDS: readonly BookingField[] = ['name', 'email', 'phone', 'note'];

/** Where the visitor's booking stands. */
export interface BookingState {
  /** The visitor's IANA zone: every time is shown in it. */
  zone: string;
  /** When the calendar opened: the first week starts here and paging back stops here. */
  openedAt: number;
  weekStart: number;
  /** The guides' language the slots are for (undefined until the first answer names one). */
  language: string | undefined;
  answer: SlotsAnswer | null;
  failed: boolean;
  /** The chosen slot's start (the form is open), or null. */
  chosen: string | null;
  values: Record<BookingField, string>;
  problems: BookingProblems;
  failure: 'taken' | 'submit-error' | null;
  busy: boolean;
  done: { booking: Booking; email: string } | null;
}

export interface BookingFieldVM {
  name: BookingField;
  label: string;
  value: string;
  required: boolean;
  /** The translated problem under the field, or null. */
  problem: string | null;
}

export interface BookingVM {
  title: string;
  phase: 'calendar' | 'form' | 'done';
  calendar: {
    languageLabel: string;
    /** The guides' languages to choose from (empty when there is only one). */
    languages: { code: string; name: string; selected: boolean }[];
    timesIn: string;
    previous: { label: string; enabled: boolean };
    next: { label: string; enabled: boolean };
    /** One line instead of (or before) the days: loading, failed, or no free times. */
    status: { text: string; kind: 'loading' | 'failed' | 'empty' } | null;
    days: SlotDay[];
  };
  form: {
    title: string;
    fields: BookingFieldVM[];
    failure: string | null;
    back: string;
    submit: string;
    busy: boolean;
  } | null;
  done: { title: string; text: string } | null;
}

/** Section 5's rules, checked before sending (the server checks them again): name and email required, email well formed. */
export function bookingFormProblems(values: Record<BookingField, string>): BookingProblems {
  const problems: BookingProblems = {};
  if (!values.name.trim()) problems.name = 'required';
  if (!values.email.trim()) problems.email = 'required';
  else if (!EMAIL_PATTERN.test(values.email.trim())) problems.email = 'email-invalid';
  return problems;
}

export function bookingViewModel(s: BookingState, locale: string, t: TFunction<'booking'>): BookingVM {
  const { answer } = s;
  const status: BookingVM['calendar']['status'] =
    s.failed ? { text: t('calendar.load-failed'), kind: 'failed' }
    : !answer ? { text: t('calendar.loading'), kind: 'loading' }
    : answer.slots.length === 0 ? { text: t('calendar.no-times'), kind: 'empty' }
    : null;
  const language = s.language ?? answer?.language ?? undefined;
  const calendar: BookingVM['calendar'] = {
    languageLabel: t('calendar.language'),
    languages: answer && answer.languages.length > 1 ? answer.languages.map((code) => ({ code, name: languageName(code, locale), selected: code === language })) : [],
    timesIn: t('calendar.times-in', { zone: zoneName(locale, s.zone) }),
    previous: { label: t('calendar.previous'), enabled: s.weekStart > s.openedAt },
    next: { label: t('calendar.next'), enabled: answer ? s.weekStart + WEEK_DAYS * DAY_MS < Date.parse(answer.horizon) : false },
    status,
    days: answer && !s.failed ? slotDays(answer.slots, locale, s.zone) : [],
  };
  const phase = s.done ? 'done' : s.chosen ? 'form' : 'calendar';
  return {
    title: t('calendar.title'),
    phase,
    calendar,
    form: s.chosen && !s.done ? {
      title: t('form.title', { when: formatSlot(s.chosen, locale, s.zone) }),
      fields: BOOKING_FIELDS.map((name) => ({
        name,
        label: t(`form.${name}`),
        value: s.values[name],
        required: name === 'name' || name === 'email',
        problem: s.problems[name] ? t(`form.${s.problems[name]}`) : null,
      })),
      failure: s.failure ? t(`form.${s.failure}`) : null,
      back: t('form.back'),
      submit: t('form.submit'),
      busy: s.busy,
    } : null,
    done: s.done ? {
      title: t('form.done-title'),
      text: t('form.done', { guide: s.done.booking.guideName, when: formatSlot(s.done.booking.start, locale, s.zone), email: s.done.email }),
    } : null,
  };
}
