import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Problem } from './accountForms.ts';
import { useProblemText } from './useProblemText.ts';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  problem: Problem | undefined;
  inputRef: Ref<HTMLInputElement>;
}

/** Section 5: agreeing to the terms and the privacy policy is required to continue. */
export function TermsCheckbox({ checked, onChange, problem, inputRef }: Props) {
  const { t } = useTranslation('account');
  const problemText = useProblemText();
  return (
    <div className={`atrium-field atrium-field--check${problem ? ' is-invalid' : ''}`}>
      <input
        ref={inputRef} id="signup-agreeTerms" type="checkbox" checked={checked} required
        aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'signup-agreeTerms-error' : undefined}
        onChange={(event) => onChange(event.target.checked)} data-testid="field-signup-agreeTerms"
      />
      <label htmlFor="signup-agreeTerms">{t('signup.terms')}</label>
      {problem && <p id="signup-agreeTerms-error" className="atrium-field__error" data-testid="error-signup-agreeTerms">{problemText(problem)}</p>}
    </div>
  );
}
