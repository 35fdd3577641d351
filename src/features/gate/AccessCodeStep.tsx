import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resendAccessCodeCall, verifyAccessCodeCall } from '../../api/visitor.ts';
import type { SessionAnswer } from '../../protocol/accounts.ts';
import { ACCESS_CODE_PATTERN, type VerificationAnswer } from '../../protocol/visitor.ts';
import { GateField } from './GateField.tsx';
import { commonErrorKey, isStatus } from './gateErrors.ts';
import { NotAuthorized } from './NotAuthorized.tsx';

interface Props {
  verification: VerificationAnswer;
  onResent: (verification: VerificationAnswer) => void;
  onVerified: (answer: SessionAnswer) => void;
  onChangeEmail: () => void;
}

type Problem = 'error.wrong-format' | 'error.code-invalid' | 'error.too-many' | 'error.send-failed' | 'error.generic' | 'not-authorized';

/** Step 2: "check your email", the six-digit code, and resending it (the old code stops working). */
export function AccessCodeStep({ verification, onResent, onVerified, onChangeEmail }: Props) {
  const { t, i18n } = useTranslation('gate');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [resendState, setResendState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!ACCESS_CODE_PATTERN.test(typed)) return setProblem('error.wrong-format');
    setProblem(null);
    setChecking(true);
    try {
      onVerified(await verifyAccessCodeCall({ verificationId: verification.verificationId, code: typed }));
    } catch (error) {
      setProblem(isStatus(error, 400) ? 'error.code-invalid' : isStatus(error, 403) ? 'not-authorized' : commonErrorKey(error));
    } finally {
      setChecking(false);
    }
  };

  const resend = async () => {
    setResendState('sending');
    try {
      onResent(await resendAccessCodeCall(verification.verificationId, i18n.language));
      setCode('');
      setProblem(null);
      setResendState('sent');
    } catch {
      setResendState('failed');
    }
  };

  return (
    <form className="atrium-gate__form" noValidate onSubmit={(e) => void submit(e)} data-testid="gate-code-form">
      <h2>{t('code.title')}</h2>
      <p className="atrium-gate__intro">{t('code.intro', { email: verification.email })}</p>
      <GateField
        name="code"
        label={t('code.label')}
        className="atrium-gate__code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        value={code}
        error={problem && problem !== 'not-authorized' ? t(problem) : undefined}
        onValue={setCode}
        autoFocus
      />
      {problem === 'not-authorized' && <NotAuthorized />}
      <button type="submit" className="atrium-gate__primary" disabled={checking}>{checking ? t('code.checking') : t('code.submit')}</button>
      <div className="atrium-gate__row">
        <button type="button" className="atrium-gate__link" disabled={resendState === 'sending'} onClick={() => void resend()} data-testid="gate-resend">{t('code.resend')}</button>
        <button type="button" className="atrium-gate__link" onClick={onChangeEmail}>{t('code.change-email')}</button>
      </div>
      {resendState === 'sent' && <p className="atrium-gate__status" role="status">{t('code.resent', { email: verification.email })}</p>}
      {resendState === 'failed' && <p className="atrium-gate__error" role="alert">{t('error.resend-failed')}</p>}
    </form>
  );
}
