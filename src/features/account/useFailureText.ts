import { useTranslation } from 'react-i18next';
import type { FormFailure } from './serverFailure.ts';

/** The sentence of a form-wide failure in the visitor's language (the server's own words for attempt limits). */
export function useFailureText(): (failure: FormFailure | null) => string | null {
  const { t } = useTranslation('account');
  return (failure) => {
    if (!failure || failure.kind === 'field') return null;
    return failure.kind === 'key' ? t(failure.key) : failure.text;
  };
}
