import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginCall } from '../../api/accounts.ts';
import type { SessionAnswer } from '../../protocol/accounts.ts';
import { GateField } from './GateField.tsx';
import { commonErrorKey, isStatus } from './gateErrors.ts';
import { NotAuthorized } from './NotAuthorized.tsx';

interface Props {
  /** A signed-in user who is not on the list (the gate showed again for them). */
  signedInAs: string | null;
  /** Asks the server whether this account may see the tour; keeps the session only then (resolves true). */
  admitIfListed: (answer: SessionAnswer) => Promise<boolean>;
  onUseForm?: () => void;
}

type Problem = 'error.field-required' | 'error.invalid-login' | 'error.too-many' | 'error.send-failed' | 'error.generic' | 'not-authorized';

/** Whitelist sign-in (sections 2, 5, 6): username and password; only a listed username (any case) is admitted. */
export function WhitelistSignIn({ signedInAs, admitIfListed, onUseForm }: Props) {
  const { t } = useTranslation('gate');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const [problem, setProblem] = useState<Problem | null>(signedInAs ? 'not-authorized' : null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const gaps = { username: !username.trim(), password: !password };
    setMissing(gaps);
    if (gaps.username || gaps.password) return setProblem(null);
    setBusy(true);
    setProblem(null);
    try {
      const answer = await loginCall({ username: username.trim(), password });
      // The account exists, but a tour with a whitelist admits only the listed ones: no session is kept otherwise.
      if (!(await admitIfListed(answer))) setProblem('not-authorized');
    } catch (error) {
      setProblem(isStatus(error, 401) || isStatus(error, 403) ? 'error.invalid-login' : commonErrorKey(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="atrium-gate__form" noValidate onSubmit={(e) => void submit(e)} data-testid="gate-whitelist-form">
      <h2>{t('whitelist.title')}</h2>
      <p className="atrium-gate__intro">{t('whitelist.intro')}</p>
      {signedInAs && <p className="atrium-gate__intro">{t('whitelist.signed-in-as', { username: signedInAs })}</p>}
      <GateField name="username" label={t('field.username')} autoComplete="username" value={username} onValue={setUsername}
        error={missing.username ? t('error.field-required') : undefined} />
      <GateField name="password" label={t('field.password')} type="password" autoComplete="current-password" value={password} onValue={setPassword}
        error={missing.password ? t('error.field-required') : undefined} />
      {problem === 'not-authorized' ? <NotAuthorized /> : problem && <p className="atrium-gate__error" role="alert">{t(problem)}</p>}
      <button type="submit" className="atrium-gate__primary" disabled={busy}>{t('whitelist.submit')}</button>
      {onUseForm && <button type="button" className="atrium-gate__link" onClick={onUseForm}>{t('whitelist.use-form')}</button>}
    </form>
  );
}
