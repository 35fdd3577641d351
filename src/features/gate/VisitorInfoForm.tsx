import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visitorSignupCall } from '../../api/visitor.ts';
import type { VerificationAnswer, VisitorForm, VisitorFormField } from '../../protocol/visitor.ts';
import { GateField } from './GateField.tsx';
import { commonErrorKey, type GateErrorKey } from './gateErrors.ts';
import { type FormErrorKey, VISITOR_FORM_FIELDS, visitorFormErrors } from './visitorFormRules.ts';

interface Props {
  buildingId: string;
  values: VisitorForm;
  onValues: (values: VisitorForm) => void;
  onSent: (verification: VerificationAnswer) => void;
  /** Shown above the form (e.g. an expired link). */
  notice?: string;
  onUseAccount?: () => void;
}

const LABELS = {
  firstName: 'field.first-name', lastName: 'field.last-name', email: 'field.email', phone: 'field.phone', occupation: 'field.occupation', company: 'field.company',
} as const;
const AUTOCOMPLETE: Record<VisitorFormField, string> = {
  firstName: 'given-name', lastName: 'family-name', email: 'email', phone: 'tel', occupation: 'organization-title', company: 'organization',
};
const INPUT_TYPE: Partial<Record<VisitorFormField, string>> = { email: 'email', phone: 'tel' };

/** Step 1 of the visitor gate: the visitor form of section 3, checked with section 5's messages, then the code is emailed. */
export function VisitorInfoForm({ buildingId, values, onValues, onSent, notice, onUseAccount }: Props) {
  const { t, i18n } = useTranslation('gate');
  const [errors, setErrors] = useState<Partial<Record<VisitorFormField, FormErrorKey>>>({});
  const [failure, setFailure] = useState<GateErrorKey | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = visitorFormErrors(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      onSent(await visitorSignupCall({ ...values, buildingId, locale: i18n.language }));
    } catch (error) {
      setFailure(commonErrorKey(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="atrium-gate__form" noValidate onSubmit={(e) => void submit(e)} data-testid="gate-info-form">
      <h2>{t('form.title')}</h2>
      <p className="atrium-gate__intro">{t('form.intro')}</p>
      {notice && <p className="atrium-gate__error" role="alert">{notice}</p>}
      <div className="atrium-gate__grid">
        {VISITOR_FORM_FIELDS.map((field) => (
          <GateField
            key={field}
            name={field}
            label={t(LABELS[field])}
            type={INPUT_TYPE[field] ?? 'text'}
            autoComplete={AUTOCOMPLETE[field]}
            value={values[field]}
            error={errors[field] ? t(errors[field]) : undefined}
            onValue={(value) => onValues({ ...values, [field]: value })}
          />
        ))}
      </div>
      {failure && <p className="atrium-gate__error" role="alert">{t(failure)}</p>}
      <button type="submit" className="atrium-gate__primary" disabled={sending}>{sending ? t('form.sending') : t('form.submit')}</button>
      {onUseAccount && <button type="button" className="atrium-gate__link" onClick={onUseAccount}>{t('form.use-account')}</button>}
    </form>
  );
}
