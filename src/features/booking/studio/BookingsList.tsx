import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioBooking } from '../../../protocol/booking.ts';
import { languageName } from '../../../protocol/languageName.ts';
import { bookingApi, downloadCsv } from '../bookingApi.ts';

type Callback = Awaited<ReturnType<typeof bookingApi.callbacks>>['callbacks'][number];

/** The owner's bookings and call-back requests of the tour, newest data on each open, with their CSV files. */
export function BookingsList({ buildingId }: { buildingId: string }) {
  const { t, i18n } = useTranslation('booking');
  const [bookings, setBookings] = useState<StudioBooking[] | null>(null);
  const [callbacks, setCallbacks] = useState<Callback[] | null>(null);
  useEffect(() => {
    bookingApi.bookings(buildingId).then((r) => setBookings(r.bookings), () => setBookings([]));
    bookingApi.callbacks(buildingId).then((r) => setCallbacks(r.callbacks), () => setCallbacks([]));
  }, [buildingId]);
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <>
      <div className="studio-card studio-stack" data-testid="studio-bookings">
        <div className="studio-row studio-between">
          <h2>{t('studio.bookings-title')}</h2>
          <button type="button" className="studio-button" onClick={() => void downloadCsv(buildingId, 'bookings').catch(() => {})} data-testid="bookings-csv">{t('studio.bookings-export')}</button>
        </div>
        {bookings?.length === 0 && <p className="studio-muted">{t('studio.bookings-empty')}</p>}
        {bookings && bookings.length > 0 && (
          <table className="studio-table">
            <thead><tr><th>{t('studio.col-when')}</th><th>{t('studio.col-visitor')}</th><th>{t('studio.col-guide')}</th><th>{t('studio.col-language')}</th><th>{t('studio.col-status')}</th></tr></thead>
            <tbody>
              {bookings.map((b) => (
                <tr key={b.id} data-testid="studio-booking-row">
                  <td>{when(b.start)}</td><td>{b.name} <span className="studio-muted">{b.email} {b.phone}</span></td><td>{b.guideName}</td>
                  <td>{languageName(b.language, i18n.language)}</td><td>{t(`studio.status-${b.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="studio-card studio-stack" data-testid="studio-callbacks">
        <div className="studio-row studio-between">
          <h2>{t('studio.callbacks-title')}</h2>
          <button type="button" className="studio-button" onClick={() => void downloadCsv(buildingId, 'callbacks').catch(() => {})}>{t('studio.callbacks-export')}</button>
        </div>
        {callbacks?.length === 0 && <p className="studio-muted">{t('studio.callbacks-empty')}</p>}
        {callbacks && callbacks.length > 0 && (
          <table className="studio-table">
            <thead><tr><th>{t('studio.col-when')}</th><th>{t('studio.col-visitor')}</th><th>{t('studio.col-phone')}</th><th>{t('studio.col-language')}</th></tr></thead>
            <tbody>
              {callbacks.map((c) => (
                <tr key={c.objectId}><td>{when(c.createdAt)}</td><td>{c.name} <span className="studio-muted">{c.note}</span></td><td dir="ltr">{c.phone}</td><td>{languageName(c.language, i18n.language)}</td></tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}
