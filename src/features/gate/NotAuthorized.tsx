import { useTranslation } from 'react-i18next';

/** Section 8's whitelist failure with the hint to contact the admin (after a sign-in or a verification). */
export function NotAuthorized() {
  const { t } = useTranslation('gate');
  return (
    <div className="atrium-gate__refusal" role="alert" data-testid="gate-not-authorized">
      <p>{t('error.not-authorized')}</p>
      <p className="atrium-gate__hint">{t('error.contact-admin')}</p>
    </div>
  );
}
