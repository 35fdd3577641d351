import { useTranslation } from 'react-i18next';
import type { Problem } from './accountForms.ts';

/** Turns a rule's problem into the sentence of the visitor's language; {{col}} is the translated label it names. */
export function useProblemText(): (problem: Problem) => string {
  const { t } = useTranslation('account');
  return (problem) => {
    switch (problem.key) {
      case 'validation.min-length':
        return t('validation.min-length', { n: problem.n ?? 0 });
      case 'validation.mismatch':
        return t('validation.mismatch', { col: problem.col ? t(problem.col) : '' });
      default:
        return t(problem.key);
    }
  };
}
