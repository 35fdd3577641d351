import { useId, type FormEvent } from 'react';
import type { BookingVM } from './bookingViewModel.ts';
import type { BookingActions } from './useBookingCalendar.ts';

const AUTOCOMPLETE = { name: 'name', email: 'email', phone: 'tel', note: 'off' } as const;
const TYPE = { name: 'text', email: 'email', phone: 'tel', note: 'text' } as const;

/** The booking form for one chosen time (name, email, optional phone and message), drawn from the view model. */
export function BookingForm({ form, act }: { form: NonNullable<BookingVM['form']>; act: BookingActions }) {
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wrong = act.submit();
    if (wrong[0]) document.getElementById(`${id}-${wrong[0]}`)?.focus();
  };
  return (
    <form onSubmit={submit} noValidate data-testid="booking-form">
      <h3>{form.title}</h3>
      {form.fields.map((f) => (
        <label key={f.name} className="atrium-booking__field">
          {f.label}
          {f.name === 'note'
            ? <textarea id={`${id}-${f.name}`} rows={3} dir="auto" value={f.value} onChange={(e) => act.setField(f.name, e.target.value)} data-testid={`booking-${f.name}`} />
            : (
              <input
                id={`${id}-${f.name}`} type={TYPE[f.name]} dir="auto" required={f.required} aria-required={f.required} aria-invalid={Boolean(f.problem)}
                aria-describedby={f.problem ? `${id}-${f.name}-problem` : undefined} autoComplete={AUTOCOMPLETE[f.name]}
                value={f.value} onChange={(e) => act.setField(f.name, e.target.value)} data-testid={`booking-${f.name}`}
              />
            )}
          {f.problem && <span id={`${id}-${f.name}-problem`} className="atrium-booking__problem">{f.problem}</span>}
        </label>
      ))}
      {form.failure && <p role="alert" className="atrium-booking__problem" data-testid="booking-error">{form.failure}</p>}
      <div className="atrium-booking__actions">
        <button type="button" className="atrium-booking__nav" onClick={act.back}>{form.back}</button>
        <button type="submit" className="atrium-booking__primary" disabled={form.busy} data-testid="booking-submit">{form.submit}</button>
      </div>
    </form>
  );
}
