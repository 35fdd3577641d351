import { useEffect, useRef } from 'react';
import { useSession } from './session.ts';

/**
 * Section 4: "the profile panel starts open". Read as: when a signed-in visitor opens a tour (signed in before, on the
 * login page, or by a session resumed after the first view), the profile panel shows once; once closed it stays closed
 * for this tour view, and it never takes the place of a panel the visitor opened themselves. Returns whether someone
 * is signed in.
 */
export function useProfileAutoOpen(openProfile: () => void): boolean {
  const { user } = useSession();
  const shown = useRef(false);
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn || shown.current) return;
    shown.current = true;
    openProfile();
  }, [signedIn, openProfile]);
  return signedIn;
}
