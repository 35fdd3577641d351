import { useId, type FormEvent } from 'react';
import type { TourRingInfo } from '../../protocol/tourRing.ts';
import type { CallbackProblems } from './model/callbackForm.ts';
import { useCallbackForm } from './model/useCallbackForm.ts';

/** The call-now form (spec section 5): name and phone needed, the phone checked for its country, a language chosen. */
export function CallbackForm({ info, language, onDone }: { info: TourRingInfo; language: string; onDone?: () => void }) {
  const id = useId();
  const { vm, act } = useCallbackForm(info, language, onDone);
  const set = (field: 'name' | 'phone' | 'note' | 'country' | 'language') => (e: { target: { value: string } }) => act.set(field, e.target.value);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wrong = act.submit();
    if (wrong.length > 0) document.getElementById(`${id}-${wrong[0]}`)?.focus();
  };

  if (vm.sent) return <p className="atrium-ring__done" role="status" data-testid="ring-callback-sent">{vm.sent}</p>;
  const field = (name: keyof CallbackProblems) => ({
    id: `${id}-${name}`,
    'aria-invalid': vm[name].problem ? true : undefined,
    'aria-describedby': vm[name].problem ? `${id}-${name}-problem` : undefined,
  });
  const problem = (name: keyof CallbackProblems) => {
    const found = vm[name].problem;
    return found ? <span className="atrium-ring__problem" id={`${id}-${name}-problem`} data-testid={`ring-callback-problem-${name}`}>{found}</span> : null;
  };
  return (
    <form className="atrium-ring__form" onSubmit={submit} noValidate data-testid="ring-callback-form">
      <h3>{vm.title}</h3>
      <label htmlFor={`${id}-name`}>{vm.name.label}</label>
      <input {...field('name')} value={vm.name.value} onChange={set('name')} autoComplete="name" maxLength={200} required data-testid="ring-callback-name" />
      {problem('name')}
      <label htmlFor={`${id}-country`}>{vm.country.label}</label>
      <select {...field('country')} value={vm.country.value} onChange={set('country')} required data-testid="ring-callback-country">
        <option value="">{vm.country.choose}</option>
        {vm.country.options.map((c) => <option key={c.code} value={c.code}>{c.label}</option>)}
      </select>
      {problem('country')}
      <label htmlFor={`${id}-phone`}>{vm.phone.label}</label>
      <input {...field('phone')} type="tel" inputMode="tel" dir="ltr" value={vm.phone.value} onChange={set('phone')} autoComplete="tel" maxLength={40} required data-testid="ring-callback-phone" />
      {problem('phone')}
      <label htmlFor={`${id}-language`}>{vm.language.label}</label>
      <select {...field('language')} value={vm.language.value} onChange={set('language')} required data-testid="ring-callback-language">
        <option value="">{vm.language.choose}</option>
        {vm.language.options.map((l) => <option key={l.code} value={l.code}>{l.label}</option>)}
      </select>
      {problem('language')}
      <label htmlFor={`${id}-note`}>{vm.note.label}</label>
      <textarea id={`${id}-note`} value={vm.note.value} onChange={set('note')} maxLength={1000} rows={2} />
      {vm.failed && <p className="atrium-ring__problem" role="alert">{vm.failed}</p>}
      <button type="submit" className="atrium-ring__primary" disabled={vm.busy} data-testid="ring-callback-send">{vm.send}</button>
    </form>
  );
}
