// The profile panel of the viewer (spec section 2 "profile", section 3's signed-in user profile, section 4 "the
// profile panel starts open"). Interpretation of "starts open" (see useProfileAutoOpen.ts): when a signed-in visitor
// opens a tour, this panel is shown open once; the visitor can close it, and it stays closed for that tour view.
// Logging out here ends the session everywhere in the page: the panel closes and the menu offers "Sign in" again.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ownProfile } from '../../api/accounts.ts';
import type { Profile } from '../../protocol/accounts.ts';
import { Dialog } from '../panels/Dialog.tsx';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';
import { PROFILE_PANEL } from './profilePanelId.ts';
import { ProfileEditForm } from './ProfileEditForm.tsx';
import { ProfileSummary } from './ProfileSummary.tsx';
import { noteAccountName, signOut } from './session.ts';
import './account.css';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; profile: Profile };

export function ProfilePanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [loggingOut, setLoggingOut] = useState(false);
  const fetchProfile = useCallback(() => {
    setLoad({ status: 'loading' });
    ownProfile().then(
      (profile) => setLoad({ status: 'ready', profile }),
      () => setLoad({ status: 'failed' }),
    );
  }, []);
  useEffect(fetchProfile, [fetchProfile]);

  const logOut = async () => {
    setLoggingOut(true);
    // signOut clears the session even when the server cannot be reached; the viewer then closes this panel.
    await signOut();
  };

  return (
    <Dialog title={t('profile.title')} onClose={onClose} testId={PROFILE_PANEL}>
      {load.status === 'loading' && <p className="atrium-panel__muted" role="status">{t('profile.loading')}</p>}
      {load.status === 'failed' && (
        <div role="alert">
          <p>{t('profile.load-failed')}</p>
          <button type="button" className="atrium-button" onClick={fetchProfile}>{t('profile.retry')}</button>
        </div>
      )}
      {load.status === 'ready' && (
        <>
          <ProfileSummary profile={load.profile} />
          <details className="atrium-profile__section" data-testid="profile-edit">
            <summary>{t('profile.edit')}</summary>
            <ProfileEditForm profile={load.profile} onSaved={(profile) => {
              setLoad({ status: 'ready', profile });
              noteAccountName(profile.name);
            }} />
          </details>
          <details className="atrium-profile__section" data-testid="profile-password">
            <summary>{t('password.title')}</summary>
            <PasswordChangeForm />
          </details>
        </>
      )}
      <div className="atrium-profile__actions">
        <button type="button" className="atrium-button" disabled={loggingOut} onClick={() => void logOut()} data-testid="profile-logout">
          {loggingOut && <span className="atrium-spinner" aria-hidden="true" />}
          {loggingOut ? t('profile.logging-out') : t('profile.logout')}
        </button>
      </div>
    </Dialog>
  );
}
