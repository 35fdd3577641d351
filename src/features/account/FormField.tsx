import type { InputHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Problem } from './accountForms.ts';
import { useProblemText } from './useProblemText.ts';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  problem: Problem | undefined;
  /** A standing hint (the password rule), read with the field. */
  hint?: string;
  optional?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled input whose problem is shown under it and tied to it (aria-invalid, aria-describedby), so a screen reader
 * hears the message when it reaches the field.
 */
export function FormField({ id, label, value, onValue, problem, hint, optional, inputRef, ...input }: Props) {
  const { t } = useTranslation('account');
  const problemText = useProblemText();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = problem ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`atrium-field${problem ? ' is-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="atrium-field__optional"> ({t('field.optional')})</span>}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        name={id}
        value={value}
        required={!optional}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValue(event.target.value)}
        data-testid={`field-${id}`}
      />
      {hint && <p id={hintId} className="atrium-field__hint">{hint}</p>}
      {problem && <p id={errorId} className="atrium-field__error" data-testid={`error-${id}`}>{problemText(problem)}</p>}
    </div>
  );
}
