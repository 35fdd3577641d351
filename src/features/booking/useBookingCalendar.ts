// The booking calendar's state and actions, shared by the DOM panel and the in-world panel: each keeps its own
// instance (a wearer's booking and a flat-screen one never mix) and draws bookingViewModel's model of it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/httpClient.ts';
import type { BookingBody } from '../../protocol/booking.ts';
import { isInterfaceLanguage } from '../../protocol/languages.ts';
import { bookingApi } from './bookingApi.ts';
import { bookingFormProblems, bookingViewModel, DAY_MS, WEEK_DAYS, type BookingField, type BookingState, type BookingVM } from './bookingViewModel.ts';
import { visitorTimeZone } from './slotDays.ts';

export interface BookingActions {
  setLanguage(code: string): void;
  previousWeek(): void;
  nextWeek(): void;
  choose(start: string): void;
  /** Back from the form to the calendar (read again when the time was taken meanwhile). */
  back(): void;
  setField(name: BookingField, value: string): void;
  /** Checks and sends the form; answers the fields with a problem (nothing was sent then). */
  submit(): BookingField[];
  /** After a booking: the calendar again, on the same week, with an empty form. */
  restart(): void;
}

const EMPTY_VALUES = { name: '', email: '', phone: '', note: '' };

/** `active`: load the free times only while the calendar is shown (the in-world one stays registered while closed). */
export function useBookingCalendar(buildingId: string, active: boolean): { vm: BookingVM; act: BookingActions } {
  const { t, i18n } = useTranslation('booking');
  const [state, setState] = useState<BookingState>(() => {
    const now = Date.now();
    return {
      zone: visitorTimeZone(), openedAt: now, weekStart: now, language: undefined, answer: null, failed: false,
      chosen: null, values: EMPTY_VALUES, problems: {}, failure: null, busy: false, done: null,
    };
  });
  const latest = useRef(state);
  latest.current = state;
  const patch = useCallback((next: Partial<BookingState>) => setState((s) => ({ ...s, ...next })), []);
  const [reload, setReload] = useState(0);

  const { language, weekStart } = state;
  useEffect(() => {
    if (!active) return undefined;
    let live = true;
    patch({ failed: false });
    bookingApi.slots(buildingId, { language, from: new Date(weekStart).toISOString(), days: WEEK_DAYS }).then(
      (answer) => live && setState((s) => ({ ...s, answer, language: s.language ?? answer.language ?? undefined })),
      () => live && patch({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [active, buildingId, language, weekStart, reload, patch]);

  const act = useMemo<BookingActions>(() => ({
    setLanguage: (code) => patch({ language: code }),
    previousWeek: () => setState((s) => ({ ...s, weekStart: Math.max(s.openedAt, s.weekStart - WEEK_DAYS * DAY_MS) })),
    nextWeek: () => setState((s) => ({ ...s, weekStart: s.weekStart + WEEK_DAYS * DAY_MS })),
    choose: (start) => patch({ chosen: start, problems: {}, failure: null }),
    back: () => {
      if (latest.current.failure === 'taken') setReload((n) => n + 1);
      patch({ chosen: null, failure: null, problems: {} });
    },
    setField: (name, value) => setState((s) => ({ ...s, values: { ...s.values, [name]: value }, problems: { ...s.problems, [name]: undefined } })),
    submit: () => {
      const s = latest.current;
      if (!s.chosen || s.busy) return [];
      const problems = bookingFormProblems(s.values);
      patch({ problems, failure: null });
      const wrong = Object.keys(problems) as BookingField[];
      if (wrong.length > 0) return wrong;
      patch({ busy: true });
      const locale = isInterfaceLanguage(i18n.language) ? i18n.language : 'en';
      const body: BookingBody = {
        start: s.chosen, language: (s.language ?? s.answer?.language ?? 'en') as BookingBody['language'], timeZone: s.zone, locale, ...s.values,
      };
      bookingApi.book(buildingId, body).then(
        (booking) => patch({ busy: false, done: { booking, email: s.values.email.trim() } }),
        (error: unknown) => {
          const code = error instanceof HttpError ? error.body?.code : undefined;
          patch({ busy: false, failure: code === 'BOOKING_SLOT_TAKEN' || code === 'BOOKING_SLOT_UNAVAILABLE' ? 'taken' : 'submit-error' });
        },
      );
      return [];
    },
    restart: () => {
      setReload((n) => n + 1);
      patch({ chosen: null, done: null, values: EMPTY_VALUES, problems: {}, failure: null });
    },
  }), [buildingId, i18n.language, patch]);

  const vm = useMemo(() => bookingViewModel(state, i18n.language, t), [state, i18n.language, t]);
  return { vm, act };
}
