import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { followInApp } from './appNavigation.ts';
import { safeNextPath } from './nextPath.ts';
import './account.css';

/** What the address tells an account page: where to go afterwards (a safe path) and the interface language to keep. */
export function useAccountParams(): { next: string; locale: string | null } {
  return useMemo(() => {
    const params = new URLSearchParams(window.location.search);
    return { next: safeNextPath(params.get('next')), locale: params.get('locale') };
  }, []);
}

interface Props {
  title: string;
  testId: string;
  next: string;
  children: ReactNode;
}

/** The frame of /login and /signup: the viewer's dark glass and theme colours, a way back to the tour, the form. */
export function AccountPage({ title, testId, next, children }: Props) {
  const { t } = useTranslation('account');
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Atrium`;
    return () => { document.title = previous; };
  }, [title]);
  return (
    <main className="atrium-account" data-testid={testId}>
      <div className="atrium-account__card">
        <a className="atrium-account__back" href={next} onClick={(event) => followInApp(event, next)} data-testid="account-back">
          <span className="atrium-account__back-arrow" aria-hidden="true">←</span> {t('page.back-to-tour')}
        </a>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
