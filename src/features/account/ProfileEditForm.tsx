import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateProfile } from '../../api/accounts.ts';
import type { Profile } from '../../protocol/accounts.ts';
import { NAME_MAX_LENGTH, validateProfile, type ProfileField, type ProfileValues } from './accountForms.ts';
import { FormField } from './FormField.tsx';
import { formFailure, type FormFailure } from './serverFailure.ts';
import { SubmitRow } from './SubmitRow.tsx';
import { useAccountForm } from './useAccountForm.ts';
import { useFailureText } from './useFailureText.ts';

const ORDER: readonly ProfileField[] = ['firstName', 'lastName', 'phone', 'company', 'occupation'];

const valuesOf = (p: Profile): ProfileValues => ({
  firstName: p.firstName ?? '', lastName: p.lastName ?? '', phone: p.phone ?? '', company: p.companyDisplayName ?? '', occupation: p.occupationCustom ?? '',
});

/** Edits the signed-in profile (PUT /v2/users/profile/{id}); the panel shows the saved answer. */
export function ProfileEditForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const { t } = useTranslation('account');
  const failureText = useFailureText();
  const form = useAccountForm(valuesOf(profile), validateProfile, ORDER);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saved, setSaved] = useState(false);
  const { values } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setSaved(false);
    if (!form.trySubmit()) return;
    setBusy(true);
    try {
      const answer = await updateProfile(profile.objectId, {
        firstName: values.firstName.trim(), lastName: values.lastName.trim(), phone: values.phone.trim(),
        companyDisplayName: values.company.trim(), occupationCustom: values.occupation.trim(),
      });
      form.reset(valuesOf(answer));
      onSaved(answer);
      setSaved(true);
    } catch (error) {
      setFailure(formFailure(error, 'profile'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: ProfileField) => ({
    id: `profile-${name}`,
    value: values[name],
    onValue: (value: string) => { setSaved(false); form.setValue(name, value); },
    onBlur: () => form.touch(name),
    problem: form.problemFor(name),
    inputRef: form.register(name),
  });
  return (
    <form className="atrium-form" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)} data-testid="profile-form">
      <FormField {...field('firstName')} label={t('signup.first-name')} autoComplete="given-name" maxLength={NAME_MAX_LENGTH} />
      <FormField {...field('lastName')} label={t('signup.last-name')} autoComplete="family-name" maxLength={NAME_MAX_LENGTH} />
      <FormField {...field('phone')} type="tel" label={t('signup.phone')} autoComplete="tel" maxLength={40} optional />
      <FormField {...field('company')} label={t('signup.company')} autoComplete="organization" maxLength={200} optional />
      <FormField {...field('occupation')} label={t('signup.occupation')} autoComplete="organization-title" maxLength={200} optional />
      <p className="atrium-form__status" role="status" data-testid="profile-form-status">{saved ? t('profile.saved') : ''}</p>
      <SubmitRow busy={busy} label={t('profile.save')} busyLabel={t('profile.saving')} failure={failureText(failure)} testId="profile-form" />
    </form>
  );
}
