import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../api/accounts.ts';
import { PASSWORD_MIN_LENGTH } from '../../protocol/constants.ts';
import { validatePasswordChange, type PasswordChangeField, type PasswordChangeValues } from './accountForms.ts';
import { FormField } from './FormField.tsx';
import { SubmitRow } from './SubmitRow.tsx';
import { useAccountForm } from './useAccountForm.ts';

const ORDER: readonly PasswordChangeField[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Section 7: the password change reports its failure in the `error` field, which is shown as the server wrote it. */
export function PasswordChangeForm() {
  const { t } = useTranslation('account');
  const form = useAccountForm(EMPTY, validatePasswordChange, ORDER);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const { values } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setChanged(false);
    if (!form.trySubmit()) return;
    setBusy(true);
    const error = await changePassword(values.currentPassword, values.newPassword);
    setBusy(false);
    if (error) return setFailure(error);
    form.reset(EMPTY);
    setChanged(true);
  };

  const field = (name: PasswordChangeField) => ({
    id: `password-${name}`,
    type: 'password',
    value: values[name],
    onValue: (value: string) => { setChanged(false); form.setValue(name, value); },
    onBlur: () => form.touch(name),
    problem: form.problemFor(name),
    inputRef: form.register(name),
    maxLength: 200,
  });
  return (
    <form className="atrium-form" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)} data-testid="password-form">
      <FormField {...field('currentPassword')} label={t('password.current')} autoComplete="current-password" />
      <FormField {...field('newPassword')} label={t('password.new')} autoComplete="new-password" hint={t('signup.password-hint', { n: PASSWORD_MIN_LENGTH })} />
      <FormField {...field('confirmPassword')} label={t('password.confirm')} autoComplete="new-password" />
      <p className="atrium-form__status" role="status" data-testid="password-form-status">{changed ? t('password.changed') : ''}</p>
      <SubmitRow busy={busy} label={t('password.submit')} busyLabel={t('password.submitting')} failure={failure} testId="password-form" />
    </form>
  );
}
