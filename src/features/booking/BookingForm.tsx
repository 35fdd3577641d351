import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/httpClient.ts';
import { EMAIL_PATTERN } from '../../protocol/accounts.ts';
import type { Booking, BookingBody } from '../../protocol/booking.ts';
import { isInterfaceLanguage } from '../../protocol/languages.ts';
import { bookingApi } from './bookingApi.ts';
import { formatSlot } from './slotDays.ts';

type Field = 'name' | 'email' | 'phone' | 'note';

/** Section 5's rules, checked before sending (the server checks them again): name and email required, email well formed. */
export function bookingFormProblems(values: Record<Field, string>): Partial<Record<Field, 'required' | 'email-invalid'>> {
  const problems: Partial<Record<Field, 'required' | 'email-invalid'>> = {};
  if (!values.name.trim()) problems.name = 'required';
  if (!values.email.trim()) problems.email = 'required';
  else if (!EMAIL_PATTERN.test(values.email.trim())) problems.email = 'email-invalid';
  return problems;
}

interface Props {
  buildingId: string;
  start: string;
  language: string;
  timeZone: string;
  /** refresh: the time was taken meanwhile, so the list should be read again. */
  onBack: (refresh: boolean) => void;
  onBooked: (booking: Booking, email: string) => void;
}

/** The booking form for one chosen time: name, email, optional phone and message. */
export function BookingForm({ buildingId, start, language, timeZone, onBack, onBooked }: Props) {
  const { t, i18n } = useTranslation('booking');
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', phone: '', note: '' });
  const [problems, setProblems] = useState<ReturnType<typeof bookingFormProblems>>({});
  const [failure, setFailure] = useState<'taken' | 'submit-error' | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = bookingFormProblems(values);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const locale = isInterfaceLanguage(i18n.language) ? i18n.language : 'en';
      const booking = await bookingApi.book(buildingId, { start, language: language as BookingBody['language'], timeZone, locale, ...values });
      onBooked(booking, values.email.trim());
    } catch (error) {
      const code = error instanceof HttpError ? error.body?.code : undefined;
      setFailure(code === 'BOOKING_SLOT_TAKEN' || code === 'BOOKING_SLOT_UNAVAILABLE' ? 'taken' : 'submit-error');
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, type: string, required: boolean) => (
    <label className="atrium-booking__field">
      {t(`form.${name}`)}
      {name === 'note'
        ? <textarea id={`${id}-${name}`} rows={3} dir="auto" value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} data-testid={`booking-${name}`} />
        : (
          <input
            id={`${id}-${name}`} type={type} dir="auto" required={required} aria-required={required} aria-invalid={Boolean(problems[name])}
            aria-describedby={problems[name] ? `${id}-${name}-problem` : undefined} autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : 'tel'}
            value={values[name]} onChange={(e) => { setValues({ ...values, [name]: e.target.value }); setProblems({ ...problems, [name]: undefined }); }} data-testid={`booking-${name}`}
          />
        )}
      {problems[name] && <span id={`${id}-${name}-problem`} className="atrium-booking__problem">{t(`form.${problems[name]}`)}</span>}
    </label>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="booking-form">
      <h3>{t('form.title', { when: formatSlot(start, i18n.language, timeZone) })}</h3>
      {field('name', 'text', true)}
      {field('email', 'email', true)}
      {field('phone', 'tel', false)}
      {field('note', 'text', false)}
      {failure && <p role="alert" className="atrium-booking__problem" data-testid="booking-error">{t(`form.${failure}`)}</p>}
      <div className="atrium-booking__actions">
        <button type="button" className="atrium-booking__nav" onClick={() => onBack(failure === 'taken')}>{t('form.back')}</button>
        <button type="submit" className="atrium-booking__primary" disabled={busy} data-testid="booking-submit">{t('form.submit')}</button>
      </div>
    </form>
  );
}
