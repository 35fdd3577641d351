import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateInApp } from './appNavigation.ts';
import { accountPageHref, currentPath } from './nextPath.ts';
import { useSession } from './session.ts';
import './account.css';

interface Props {
  /** Inside the narrow-screen menu (a labelled row) rather than a round icon button. */
  inMenu: boolean;
  open: boolean;
  onToggle: () => void;
  /** Closes the narrow-screen menu after a choice. */
  closeMenu: () => void;
}

/** The profile's place in the viewer's menu: "Sign in" (back here afterwards) when signed out, the panel's toggle when signed in. */
export function ProfileEntry(props: Props) {
  // The 'account' catalog loads on its own: the rest of the menu does not wait for it.
  return (
    <Suspense fallback={null}>
      <Entry {...props} />
    </Suspense>
  );
}

function signInHref(): string {
  return accountPageHref('login', currentPath(), new URLSearchParams(window.location.search).get('locale'));
}

function Entry({ inMenu, open, onToggle, closeMenu }: Props) {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const signInLink = useRef<HTMLAnchorElement>(null);
  const wasSignedIn = useRef(false);
  // After "Log out" the panel and the profile button are gone: give focus to "Sign in" rather than to nowhere.
  useEffect(() => {
    if (user) {
      wasSignedIn.current = true;
      return;
    }
    if (wasSignedIn.current && (!document.activeElement || document.activeElement === document.body)) signInLink.current?.focus();
    wasSignedIn.current = false;
  }, [user]);
  const className = inMenu ? 'atrium-mobile-menu__item' : 'atrium-profile-entry';
  const label = user ? t('menu.profile') : t('menu.sign-in');
  const content = (
    <>
      <PersonIcon />
      {inMenu && <span>{label}</span>}
    </>
  );
  if (!user) {
    return (
      <a
        ref={signInLink} className={className} href={signInHref()} aria-label={inMenu ? undefined : label} title={inMenu ? undefined : label} data-testid="sign-in"
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          closeMenu();
          // The address is read now, not at render: the panorama shown may have changed since.
          navigateInApp(signInHref());
        }}
      >
        {content}
      </a>
    );
  }
  return (
    <button
      type="button" className={className} aria-pressed={open} aria-label={inMenu ? undefined : label} title={inMenu ? undefined : label}
      data-testid="open-profile" onClick={() => { closeMenu(); onToggle(); }}
    >
      {content}
    </button>
  );
}

/** Drawn rather than a glyph: every platform has it, emoji fonts or not. */
function PersonIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
    </svg>
  );
}
