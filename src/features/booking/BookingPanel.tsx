import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking, SlotsAnswer } from '../../protocol/booking.ts';
import { languageName } from '../../protocol/languageName.ts';
import { Dialog } from '../panels/Dialog.tsx';
import { bookingApi } from './bookingApi.ts';
import { BookingForm } from './BookingForm.tsx';
import { formatSlot, slotDays, visitorTimeZone, zoneName } from './slotDays.ts';
import './booking.css';

const WEEK_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * The viewer's calendar panel: free times with the tour's guides for a week at a time, in the visitor's own zone;
 * choosing one opens the booking form, then the confirmation.
 */
export default function BookingPanel({ buildingId, onClose }: { buildingId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('booking');
  const zone = useMemo(visitorTimeZone, []);
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const [weekStart, setWeekStart] = useState<number>(() => Date.now());
  const [answer, setAnswer] = useState<SlotsAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [done, setDone] = useState<{ booking: Booking; email: string } | null>(null);

  const load = useCallback(() => {
    setFailed(false);
    bookingApi.slots(buildingId, { language, from: new Date(weekStart).toISOString(), days: WEEK_DAYS })
      .then((a) => {
        setAnswer(a);
        if (!language && a.language) setLanguage(a.language);
      }, () => setFailed(true));
  }, [buildingId, language, weekStart]);
  useEffect(load, [load]);

  const days = answer ? slotDays(answer.slots, i18n.language, zone) : [];
  const atStart = weekStart <= Date.now();
  const atEnd = answer ? weekStart + WEEK_DAYS * DAY_MS >= Date.parse(answer.horizon) : true;

  let body;
  if (done) {
    body = (
      <div role="status" data-testid="booking-done">
        <h3>{t('form.done-title')}</h3>
        <p className="atrium-panel__text">{t('form.done', { guide: done.booking.guideName, when: formatSlot(done.booking.start, i18n.language, zone), email: done.email })}</p>
      </div>
    );
  } else if (chosen) {
    body = (
      <BookingForm
        buildingId={buildingId} start={chosen} language={language ?? answer?.language ?? 'en'} timeZone={zone}
        onBack={(refresh) => { setChosen(null); if (refresh) load(); }} onBooked={(booking, email) => setDone({ booking, email })}
      />
    );
  } else {
    body = (
      <>
        {answer && answer.languages.length > 1 && (
          <label className="atrium-booking__field">
            {t('calendar.language')}
            <select value={language ?? ''} onChange={(e) => setLanguage(e.target.value)} data-testid="booking-language">
              {answer.languages.map((l) => <option key={l} value={l}>{languageName(l, i18n.language)}</option>)}
            </select>
          </label>
        )}
        <p className="atrium-panel__muted">{t('calendar.times-in', { zone: zoneName(i18n.language, zone) })}</p>
        <div className="atrium-booking__week">
          <button type="button" className="atrium-booking__nav" disabled={atStart} onClick={() => setWeekStart((w) => Math.max(Date.now(), w - WEEK_DAYS * DAY_MS))}>
            <span aria-hidden="true" className="atrium-booking__arrow">‹</span> {t('calendar.previous')}
          </button>
          <button type="button" className="atrium-booking__nav" disabled={atEnd} onClick={() => setWeekStart((w) => w + WEEK_DAYS * DAY_MS)} data-testid="booking-next-week">
            {t('calendar.next')} <span aria-hidden="true" className="atrium-booking__arrow">›</span>
          </button>
        </div>
        {failed && <p role="alert">{t('calendar.load-failed')}</p>}
        {!answer && !failed && <p role="status" className="atrium-panel__muted">{t('calendar.loading')}</p>}
        {answer && days.length === 0 && <p className="atrium-panel__muted" data-testid="booking-no-times">{t('calendar.no-times')}</p>}
        {days.map((day) => (
          <section key={day.key} aria-label={day.label} className="atrium-booking__day">
            <h3>{day.label}</h3>
            <div className="atrium-booking__slots">
              {day.slots.map((slot) => (
                <button key={slot.start} type="button" className="atrium-booking__slot" onClick={() => setChosen(slot.start)} data-testid="booking-slot" data-start={slot.start}>
                  {slot.label}
                </button>
              ))}
            </div>
          </section>
        ))}
      </>
    );
  }
  return <Dialog title={t('calendar.title')} onClose={onClose} testId="booking-panel" className="atrium-panel--wide atrium-booking">{body}</Dialog>;
}
