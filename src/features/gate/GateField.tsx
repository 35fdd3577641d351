import { type InputHTMLAttributes, useId } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  error?: string;
  onValue: (value: string) => void;
}

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export function GateField({ label, error, onValue, ...input }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`atrium-gate__field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} onChange={(e) => onValue(e.target.value)} />
      {error && <p id={errorId} className="atrium-gate__error" role="alert">{error}</p>}
    </div>
  );
}
