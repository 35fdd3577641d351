import { Dialog } from '../panels/Dialog.tsx';
import { BookingForm } from './BookingForm.tsx';
import { useBookingCalendar } from './useBookingCalendar.ts';
import './booking.css';

/**
 * The viewer's calendar panel: free times with the tour's guides for a week at a time, in the visitor's own zone;
 * choosing one opens the booking form, then the confirmation. Draws bookingViewModel (the in-world twin draws the same).
 */
export default function BookingPanel({ buildingId, onClose }: { buildingId: string; onClose: () => void }) {
  const { vm, act } = useBookingCalendar(buildingId, true);
  const { calendar } = vm;

  let body;
  if (vm.done) {
    body = (
      <div role="status" data-testid="booking-done">
        <h3>{vm.done.title}</h3>
        <p className="atrium-panel__text">{vm.done.text}</p>
      </div>
    );
  } else if (vm.form) {
    body = <BookingForm form={vm.form} act={act} />;
  } else {
    body = (
      <>
        {calendar.languages.length > 0 && (
          <label className="atrium-booking__field">
            {calendar.languageLabel}
            <select value={calendar.languages.find((l) => l.selected)?.code ?? ''} onChange={(e) => act.setLanguage(e.target.value)} data-testid="booking-language">
              {calendar.languages.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
            </select>
          </label>
        )}
        <p className="atrium-panel__muted">{calendar.timesIn}</p>
        <div className="atrium-booking__week">
          <button type="button" className="atrium-booking__nav" disabled={!calendar.previous.enabled} onClick={act.previousWeek}>
            <span aria-hidden="true" className="atrium-booking__arrow">‹</span> {calendar.previous.label}
          </button>
          <button type="button" className="atrium-booking__nav" disabled={!calendar.next.enabled} onClick={act.nextWeek} data-testid="booking-next-week">
            {calendar.next.label} <span aria-hidden="true" className="atrium-booking__arrow">›</span>
          </button>
        </div>
        {calendar.status?.kind === 'failed' && <p role="alert">{calendar.status.text}</p>}
        {calendar.status?.kind === 'loading' && <p role="status" className="atrium-panel__muted">{calendar.status.text}</p>}
        {calendar.status?.kind === 'empty' && <p className="atrium-panel__muted" data-testid="booking-no-times">{calendar.status.text}</p>}
        {calendar.days.map((day) => (
          <section key={day.key} aria-label={day.label} className="atrium-booking__day">
            <h3>{day.label}</h3>
            <div className="atrium-booking__slots">
              {day.slots.map((slot) => (
                <button key={slot.start} type="button" className="atrium-booking__slot" onClick={() => act.choose(slot.start)} data-testid="booking-slot" data-start={slot.start}>
                  {slot.label}
                </button>
              ))}
            </div>
          </section>
        ))}
      </>
    );
  }
  return <Dialog title={vm.title} onClose={onClose} testId="booking-panel" className="atrium-panel--wide atrium-booking">{body}</Dialog>;
}
