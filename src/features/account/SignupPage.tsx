import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailExists, signupCall } from '../../api/accounts.ts';
import { PASSWORD_MIN_LENGTH } from '../../protocol/constants.ts';
import { EMPTY_SIGNUP, NAME_MAX_LENGTH, emailProblem, signupBody, validateSignup, type SignupField } from './accountForms.ts';
import { AccountPage, useAccountParams } from './AccountPage.tsx';
import { followInApp, navigateInApp } from './appNavigation.ts';
import { FormField } from './FormField.tsx';
import { accountPageHref } from './nextPath.ts';
import { formFailure, type FormFailure } from './serverFailure.ts';
import { signIn } from './session.ts';
import { SubmitRow } from './SubmitRow.tsx';
import { TermsCheckbox } from './TermsCheckbox.tsx';
import { useAccountForm } from './useAccountForm.ts';
import { useFailureText } from './useFailureText.ts';

const ORDER: readonly SignupField[] = ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'phone', 'company', 'occupation', 'agreeTerms'];

/** /signup: section 5's rules checked as the visitor goes, the email checked against existing accounts on leaving it. */
export function SignupPage() {
  const { t } = useTranslation('account');
  const failureText = useFailureText();
  const { next, locale } = useAccountParams();
  const form = useAccountForm(EMPTY_SIGNUP, validateSignup, ORDER);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const { values } = form;
  const latestEmail = useRef('');
  latestEmail.current = values.email;

  // Tell a returning visitor at once that the address already has an account, rather than after the whole form.
  const checkEmail = async () => {
    form.touch('email');
    const email = values.email;
    if (emailProblem(email)) return;
    try {
      const taken = await emailExists(email.trim());
      if (taken && latestEmail.current === email) form.setServerProblem('email', { key: 'validation.email-taken' });
    } catch {
      /* the check is a courtesy: the sign-up call refuses a duplicate anyway */
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!form.trySubmit()) return;
    setBusy(true);
    try {
      // An invitation link (SIGNUP=invite) carries its token in ?invite=; the server says when one is needed.
      const invite = new URLSearchParams(location.search).get('invite') ?? undefined;
      signIn(await signupCall({ ...signupBody(values), ...(invite ? { invite } : {}) }));
      navigateInApp(next);
    } catch (error) {
      const answer = formFailure(error, 'signup');
      if (answer.kind === 'field') form.setServerProblem(answer.field as SignupField, answer.problem);
      setFailure(answer);
      setBusy(false);
    }
  };

  const field = (name: Exclude<SignupField, 'agreeTerms'>) => ({
    id: `signup-${name}`,
    value: values[name],
    onValue: (value: string) => form.setValue(name, value),
    onBlur: () => form.touch(name),
    problem: form.problemFor(name),
    inputRef: form.register(name),
  });
  const loginHref = accountPageHref('login', next, locale);
  return (
    <AccountPage title={t('signup.title')} testId="page-signup" next={next}>
      <form className="atrium-form" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)} data-testid="signup-form">
        <div className="atrium-form__pair">
          <FormField {...field('firstName')} label={t('signup.first-name')} autoComplete="given-name" maxLength={NAME_MAX_LENGTH} />
          <FormField {...field('lastName')} label={t('signup.last-name')} autoComplete="family-name" maxLength={NAME_MAX_LENGTH} />
        </div>
        <FormField
          {...field('email')} type="email" label={t('signup.email')} autoComplete="email" autoCapitalize="none" spellCheck={false} maxLength={254}
          onBlur={() => void checkEmail()}
        />
        <FormField
          {...field('password')} type="password" label={t('signup.password')} autoComplete="new-password" maxLength={200}
          hint={t('signup.password-hint', { n: PASSWORD_MIN_LENGTH })}
        />
        <FormField {...field('confirmPassword')} type="password" label={t('signup.confirm-password')} autoComplete="new-password" maxLength={200} />
        <FormField {...field('phone')} type="tel" label={t('signup.phone')} autoComplete="tel" maxLength={40} optional />
        <div className="atrium-form__pair">
          <FormField {...field('company')} label={t('signup.company')} autoComplete="organization" maxLength={200} optional />
          <FormField {...field('occupation')} label={t('signup.occupation')} autoComplete="organization-title" maxLength={200} optional />
        </div>
        <TermsCheckbox
          checked={values.agreeTerms} onChange={(checked) => form.setValue('agreeTerms', checked)}
          problem={form.problemFor('agreeTerms')} inputRef={form.register('agreeTerms')}
        />
        <SubmitRow busy={busy} label={t('signup.submit')} busyLabel={t('signup.submitting')} failure={failureText(failure)} testId="signup" />
      </form>
      <p className="atrium-account__switch">
        {t('signup.have-account')}{' '}
        <a href={loginHref} onClick={(event) => followInApp(event, loginHref)} data-testid="to-login">{t('signup.to-login')}</a>
      </p>
    </AccountPage>
  );
}
