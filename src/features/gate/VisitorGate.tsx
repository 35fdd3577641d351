import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verifyLinkCall } from '../../api/visitor.ts';
import type { Identity } from '../../api/httpClient.ts';
import type { SessionAnswer } from '../../protocol/accounts.ts';
import { SESSION_RETRY_MS } from '../../protocol/constants.ts';
import { TOKEN_TYPE } from '../../protocol/accounts.ts';
import type { Tour } from '../../protocol/tour.ts';
import { withoutParams } from '../../protocol/viewerQuery.ts';
import { VERIFY_PARAM, type VerificationAnswer } from '../../protocol/visitor.ts';
import { restoreSession, signIn, useSession } from '../account/session.ts';
import { AccessCodeStep } from './AccessCodeStep.tsx';
import { firstStep, gateDecision, type ServerVerdict } from './gateDecision.ts';
import { startGatePass } from './gatePass.ts';
import { isStatus } from './gateErrors.ts';
import { NotAuthorized } from './NotAuthorized.tsx';
import { VisitorInfoForm } from './VisitorInfoForm.tsx';
import { WhitelistSignIn } from './WhitelistSignIn.tsx';
import { emptyVisitorForm } from './visitorFormRules.ts';
import './gate.css';

interface Props {
  tour: Tour;
  /** The viewer has painted its first view: the screen is ready at once after the gate (section 4). */
  appReady: boolean;
  /** Asks the server for the whole tour with the session (or as `identity`): the server decides who passes. */
  unlock: (identity?: Identity) => Promise<'admitted' | 'refused'>;
}

type Step = 'link' | 'form' | 'code' | 'whitelist';

const identityOf = (answer: SessionAnswer): Identity => ({ tokenType: TOKEN_TYPE, token: answer.sessionToken, userId: answer.objectId });

/**
 * The visitor gate of spec section 4 over the viewer: info form -> emailed access code (or the emailed link) -> tour;
 * whitelist tours sign in with a listed account. Only loaded for tours that ask for it (see requiresGate.ts). Until
 * the gate is passed the server sends only the gate screen's fields; once someone is signed in the gate asks it for
 * the whole tour with the session, and the server's answer decides.
 */
export function VisitorGate({ tour, appReady, unlock }: Props) {
  const { t, i18n } = useTranslation('gate');
  const session = useSession();
  const [restoreAsked, setRestoreAsked] = useState(false);
  const [retry, setRetry] = useState(0);
  // Read once: the token leaves the address at once (it is single use and should not end up in a shared link).
  const [linkToken] = useState(() => new URLSearchParams(location.search).get(VERIFY_PARAM));
  const [step, setStep] = useState<Step>(() => firstStep(tour, Boolean(linkToken)));
  const [values, setValues] = useState(emptyVisitorForm);
  const [verification, setVerification] = useState<VerificationAnswer | null>(null);
  const [formNotice, setFormNotice] = useState<'error.link-invalid' | 'not-authorized' | null>(null);
  const [wasShown, setWasShown] = useState(false);
  const [screenReady, setScreenReady] = useState(false);
  const [passGranted, setPassGranted] = useState(false);
  const [verdict, setVerdict] = useState<ServerVerdict>({ admitted: null, refused: null });
  const appReadyNow = useRef(appReady);
  appReadyNow.current = appReady;
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void restoreSession();
    setRestoreAsked(true);
    if (linkToken) history.replaceState(history.state, '', withoutParams(location.href, [VERIFY_PARAM]));
  }, [linkToken]);

  // Until the kept session is known the gate cannot decide; it looks again every SESSION_RETRY_MS.
  const decision = restoreAsked ? gateDecision(tour, session, verdict) : 'wait';
  useEffect(() => {
    if (decision !== 'wait') return;
    const timer = setTimeout(() => setRetry((n) => n + 1), SESSION_RETRY_MS);
    return () => clearTimeout(timer);
  }, [decision, retry]);

  // Someone is signed in: the server says whether they pass (a whitelist is never sent to the browser).
  const username = session.user?.username ?? null;
  useEffect(() => {
    if (decision !== 'check' || !username) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    unlock().then(
      (result) => current && setVerdict(result === 'admitted' ? { admitted: username, refused: null } : { admitted: null, refused: username }),
      // No answer (offline, timeout): ask again a moment later.
      () => { timer = setTimeout(() => current && setRetry((n) => n + 1), SESSION_RETRY_MS); },
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [decision, username, unlock, retry]);

  useEffect(() => {
    if (decision === 'show') setWasShown(true);
    if (decision !== 'pass') {
      setScreenReady(false);
      setPassGranted(false);
      return;
    }
    return startGatePass(appReadyNow.current, { screenReady: () => setScreenReady(true), passGranted: () => setPassGranted(true) });
  }, [decision]);

  // The emailed link signs in directly. Guarded by a ref: React's development double effects must not spend the token twice.
  const linkUsed = useRef(false);
  useEffect(() => {
    if (step !== 'link' || decision !== 'show' || !linkToken || linkUsed.current) return;
    linkUsed.current = true;
    verifyLinkCall(linkToken).then(
      (answer) => signIn(answer),
      (error: unknown) => {
        setFormNotice(isStatus(error, 403) ? 'not-authorized' : 'error.link-invalid');
        setStep(firstStep(tour, false));
      },
    );
  }, [step, decision, linkToken, tour]);

  useEffect(() => {
    if (decision === 'show') dialog.current?.focus();
  }, [decision, step]);

  const admitted = (answer: SessionAnswer) => {
    signIn(answer);
  };
  // Whitelist sign-in: a session is kept only for an account the server lets through.
  const admitIfListed = async (answer: SessionAnswer): Promise<boolean> => {
    if ((await unlock(identityOf(answer))) !== 'admitted') return false;
    setVerdict({ admitted: answer.username, refused: null });
    signIn(answer);
    return true;
  };

  if (decision === 'wait' || decision === 'check') return <Veil testId="gate-checking" text={t('gate.checking')} />;
  if (decision === 'pass') {
    // A visitor who just came through the gate sees it confirmed; one who was already signed in sees nothing.
    // The hidden mark tells tests (and support) that the gate let this visitor through.
    if (!wasShown || passGranted && screenReady) return <span hidden data-testid="gate-passed" />;
    if (!screenReady) return <Veil testId="gate-granted" text={t('gate.granted')} />;
    return <p className="atrium-gate__toast" role="status" data-testid="gate-welcome">{t('gate.welcome')}</p>;
  }

  const refusedUser = session.user && session.user.username === verdict.refused ? session.user.username : null;
  return (
    <div className="atrium-gate" data-testid="visitor-gate" data-step={step}>
      <div
        ref={dialog}
        className="atrium-gate__card"
        role="dialog"
        aria-modal="true"
        aria-label={t('gate.label')}
        tabIndex={-1}
        // Keys typed here are for the form, not for the camera behind it.
        onKeyDown={(e) => e.stopPropagation()}
      >
        <p className="atrium-gate__tour">{tour.nameMulti[i18n.language] ?? tour.name}</p>
        {step === 'link' && <p className="atrium-gate__status" role="status">{t('gate.verifying-link')}</p>}
        {step === 'form' && (
          <>
            {formNotice === 'not-authorized' && <NotAuthorized />}
            <VisitorInfoForm
              buildingId={tour.objectId}
              values={values}
              onValues={setValues}
              notice={formNotice === 'error.link-invalid' ? t('error.link-invalid') : undefined}
              onSent={(sent) => {
                setVerification(sent);
                setFormNotice(null);
                setStep('code');
              }}
              onUseAccount={tour.requireWhiteListing ? () => setStep('whitelist') : undefined}
            />
          </>
        )}
        {step === 'code' && verification && (
          <AccessCodeStep verification={verification} onResent={setVerification} onVerified={admitted} onChangeEmail={() => setStep('form')} />
        )}
        {step === 'whitelist' && (
          <WhitelistSignIn
            signedInAs={refusedUser}
            admitIfListed={admitIfListed}
            onUseForm={tour.requireVisitorData ? () => setStep('form') : undefined}
          />
        )}
      </div>
    </div>
  );
}

function Veil({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="atrium-gate atrium-gate--veil" data-testid={testId}>
      <p className="atrium-gate__status" role="status">{text}</p>
    </div>
  );
}
