import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedBooking, SlotsAnswer } from '../../protocol/booking.ts';
import { bookingApi } from './bookingApi.ts';
import { formatSlot, slotDays, visitorTimeZone } from './slotDays.ts';
import './booking.css';

/**
 * /booking?key=...: the page a confirmation mail links to, for the visitor or the guide (each has their own key).
 * Shows the booking in the reader's zone; cancels it, moves it to another free time, or joins the meeting at the time.
 */
export function ManageBookingPage() {
  const { t, i18n } = useTranslation('booking');
  const token = useMemo(() => new URLSearchParams(window.location.search).get('key') ?? '', []);
  const zone = useMemo(visitorTimeZone, []);
  const [booking, setBooking] = useState<ManagedBooking | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [failed, setFailed] = useState(false);
  const [moving, setMoving] = useState<SlotsAnswer | null>(null);

  useEffect(() => {
    bookingApi.manage(token).then(setBooking, () => setInvalid(true));
  }, [token]);

  const act = async (run: () => Promise<ManagedBooking>) => {
    setFailed(false);
    try {
      setBooking(await run());
      setMoving(null);
    } catch {
      setFailed(true);
    }
  };
  const startMove = async () => {
    if (!booking) return;
    try {
      setMoving(await bookingApi.slots(booking.buildingId, { language: booking.language, days: 14 }));
    } catch {
      setFailed(true);
    }
  };
  const join = async () => {
    try {
      window.location.assign((await bookingApi.join(token)).url);
    } catch {
      setFailed(true);
    }
  };

  let body;
  if (invalid) body = <p role="alert" data-testid="manage-invalid">{t('manage.invalid')}</p>;
  else if (!booking) body = <p role="status">…</p>;
  else {
    const cancelled = booking.status === 'cancelled';
    body = (
      <>
        <p data-testid="manage-summary">{t('manage.with', { tour: booking.tourName, guide: booking.guideName })}</p>
        <p><strong>{formatSlot(booking.start, i18n.language, zone)}</strong></p>
        {cancelled && <p role="status" data-testid="manage-cancelled">{t('manage.cancelled')}</p>}
        {!cancelled && (
          <div className="atrium-booking__actions">
            {booking.canJoin
              ? <button type="button" className="atrium-booking__primary" onClick={() => void join()} data-testid="manage-join">{t('manage.join')}</button>
              : <span>{t('manage.join-opens', { time: formatSlot(booking.joinOpensAt, i18n.language, zone) })}</span>}
          </div>
        )}
        {!cancelled && (
          <div className="atrium-booking__actions">
            <button type="button" className="atrium-booking__nav" onClick={() => void startMove()} data-testid="manage-move">{t('manage.move')}</button>
            <button type="button" className="atrium-booking__nav" onClick={() => void act(() => bookingApi.cancel(token))} data-testid="manage-cancel">{t('manage.cancel')}</button>
          </div>
        )}
        {moving && slotDays(moving.slots.filter((s) => s.start !== booking.start), i18n.language, zone).map((day) => (
          <section key={day.key} aria-label={day.label} className="atrium-booking__day">
            <h3>{day.label}</h3>
            <div className="atrium-booking__slots">
              {day.slots.map((slot) => (
                <button key={slot.start} type="button" className="atrium-booking__slot" onClick={() => void act(() => bookingApi.move(token, slot.start))}>{slot.label}</button>
              ))}
            </div>
          </section>
        ))}
      </>
    );
  }
  return (
    <main className="atrium-booking-page atrium-booking" data-testid="manage-booking">
      <h1>{t('manage.title')}</h1>
      {body}
      {failed && <p role="alert">{t('manage.failed')}</p>}
    </main>
  );
}
