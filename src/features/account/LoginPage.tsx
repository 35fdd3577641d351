import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginCall } from '../../api/accounts.ts';
import { validateLogin, type LoginValues } from './accountForms.ts';
import { AccountPage, useAccountParams } from './AccountPage.tsx';
import { followInApp, navigateInApp } from './appNavigation.ts';
import { FormField } from './FormField.tsx';
import { accountPageHref } from './nextPath.ts';
import { formFailure, type FormFailure } from './serverFailure.ts';
import { signIn } from './session.ts';
import { SubmitRow } from './SubmitRow.tsx';
import { useAccountForm } from './useAccountForm.ts';
import { useFailureText } from './useFailureText.ts';

const ORDER = ['username', 'password'] as const;
const EMPTY: LoginValues = { username: '', password: '' };

/** /login: a username or an email and a password; success returns to the tour named by ?next=. */
export function LoginPage() {
  const { t } = useTranslation('account');
  const failureText = useFailureText();
  const { next, locale } = useAccountParams();
  const form = useAccountForm(EMPTY, validateLogin, ORDER);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const { values } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!form.trySubmit()) return;
    setBusy(true);
    try {
      signIn(await loginCall({ username: values.username.trim(), password: values.password }));
      navigateInApp(next);
    } catch (error) {
      setFailure(formFailure(error, 'login'));
      setBusy(false);
    }
  };

  const signupHref = accountPageHref('signup', next, locale);
  return (
    <AccountPage title={t('login.title')} testId="page-login" next={next}>
      <form className="atrium-form" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)} data-testid="login-form">
        <FormField
          id="login-username" label={t('login.username')} value={values.username} autoComplete="username" autoCapitalize="none" spellCheck={false}
          maxLength={254} onValue={(v) => form.setValue('username', v)} onBlur={() => form.touch('username')}
          problem={form.problemFor('username')} inputRef={form.register('username')}
        />
        <FormField
          id="login-password" type="password" label={t('login.password')} value={values.password} autoComplete="current-password"
          maxLength={200} onValue={(v) => form.setValue('password', v)} onBlur={() => form.touch('password')}
          problem={form.problemFor('password')} inputRef={form.register('password')}
        />
        <SubmitRow busy={busy} label={t('login.submit')} busyLabel={t('login.submitting')} failure={failureText(failure)} testId="login" />
      </form>
      <p className="atrium-account__switch">
        {t('login.no-account')}{' '}
        <a href={signupHref} onClick={(event) => followInApp(event, signupHref)} data-testid="to-signup">{t('login.to-signup')}</a>
      </p>
    </AccountPage>
  );
}
