import { useCallback, useMemo, useRef, useState } from 'react';
import { firstProblemField, type Problem, type Problems } from './accountForms.ts';

/**
 * The state every account form shares: values, the rule check on each change, and when to show a problem. A field's
 * problem shows once the visitor has left it or tried to submit, never while they are still typing it the first time.
 * Server answers about a field (a duplicate email) show too, until that field changes.
 */
export function useAccountForm<V extends { [K in keyof V]: string | boolean }>(initial: V, validate: (values: V) => Problems<keyof V & string>, order: readonly (keyof V & string)[]) {
  type F = keyof V & string;
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems<F>>({});
  const inputs = useRef(new Map<F, HTMLElement>());
  const problems = useMemo(() => validate(values), [validate, values]);

  const setValue = useCallback(<K extends F>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerProblems((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);
  const touch = useCallback((field: F) => setTouched((current) => (current[field] ? current : { ...current, [field]: true })), []);
  const problemFor = (field: F): Problem | undefined => serverProblems[field] ?? (submitted || touched[field] ? problems[field] : undefined);
  const setServerProblem = useCallback((field: F, problem: Problem | undefined) => setServerProblems((current) => ({ ...current, [field]: problem })), []);
  const register = (field: F) => (element: HTMLElement | null) => {
    if (element) inputs.current.set(field, element);
    else inputs.current.delete(field);
  };

  /** Shows every problem; true when the form may be sent. Otherwise focus moves to the first field to fix. */
  const trySubmit = (): boolean => {
    setSubmitted(true);
    const all = { ...problems, ...Object.fromEntries(Object.entries(serverProblems).filter(([, p]) => p)) } as Problems<F>;
    const first = firstProblemField(order, all);
    if (first === undefined) return true;
    inputs.current.get(first)?.focus();
    return false;
  };

  const reset = useCallback((next: V) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setServerProblems({});
  }, []);

  return { values, setValue, touch, problemFor, setServerProblem, register, trySubmit, reset };
}
