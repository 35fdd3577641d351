import type { ReactNode } from 'react';

interface Props {
  busy: boolean;
  label: string;
  busyLabel: string;
  /** A failure of the whole form (wrong password, attempt limit, server unreachable). */
  failure: string | null;
  testId: string;
  children?: ReactNode;
}

/** The form's failure line (announced as it appears) and its submit button, disabled with a spinner while sending. */
export function SubmitRow({ busy, label, busyLabel, failure, testId, children }: Props) {
  return (
    <>
      <p className="atrium-form__failure" role="alert" data-testid={`${testId}-failure`}>{failure}</p>
      <div className="atrium-form__actions">
        {children}
        <button type="submit" className="atrium-button is-primary" disabled={busy} data-testid={`${testId}-submit`}>
          {busy && <span className="atrium-spinner" aria-hidden="true" />}
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
