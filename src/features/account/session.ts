import { TOKEN_TYPE, type SessionAnswer } from '../../protocol/accounts.ts';
import { loginByTokenCall, logoutCall } from '../../api/accounts.ts';
import { setIdentity } from '../../api/httpClient.ts';
import { proxy, useSnapshot } from '../../state/store.ts';
import { necessaryStorage } from '../panels/consent.ts';
import { SESSION_TOKEN_KEY } from './sessionToken.ts';

/** The signed-in user as the client knows it (section 3's session user). */
export interface SessionUser {
  id: string;
  username: string;
  /** The account's display name, null where it has none (protocol/accountDisplayName.ts names them then). */
  name: string | null;
  headquarterId: string | null;
  planTitle: string | null;
}

interface SessionState {
  user: SessionUser | null;
  /** True while a kept token is being resumed: the visitor gate waits for it (section 4). */
  restoring: boolean;
}

export const sessionState = proxy<SessionState>({ user: null, restoring: false });

export const getSession = (): SessionUser | null => sessionState.user;
export const useSession = (): Readonly<SessionState> => useSnapshot(sessionState);

/**
 * Logging in, signing up or using a login token sets the three identity headers and stores the session token
 * (section 4). Keeping a signed-in session is strictly necessary storage, so it is kept whether or not the visitor
 * answered the cookie banner (the studio has no banner at all); everything else waits for consent.
 */
export function signIn(answer: SessionAnswer): SessionUser {
  setIdentity({ tokenType: TOKEN_TYPE, token: answer.sessionToken, userId: answer.objectId });
  necessaryStorage.setItem(SESSION_TOKEN_KEY, answer.sessionToken);
  const user = { id: answer.objectId, username: answer.username, name: answer.name, headquarterId: answer.headquarter?.objectId ?? null, planTitle: answer.planTitle };
  sessionState.user = user;
  return user;
}

/** The visitor changed their name in the profile panel: the rest of the page names them so from now on. */
export function noteAccountName(name: string | null): void {
  if (sessionState.user) sessionState.user.name = name;
}

/** Logging out clears the headers, the stored token and the user, even when the server cannot be reached. */
export async function signOut(): Promise<void> {
  try {
    if (sessionState.user) await logoutCall();
  } catch {
    /* the local session ends regardless */
  }
  clearLocalSession();
}

function clearLocalSession(): void {
  setIdentity(null);
  necessaryStorage.removeItem(SESSION_TOKEN_KEY);
  sessionState.user = null;
}

let restoring: Promise<SessionUser | null> | undefined;
/** Resumes a kept session once per page (login by token); an expired one is forgotten quietly. */
export function restoreSession(): Promise<SessionUser | null> {
  restoring ??= (async () => {
    const token = necessaryStorage.getItem(SESSION_TOKEN_KEY);
    if (!token) return null;
    sessionState.restoring = true;
    try {
      return signIn(await loginByTokenCall(token));
    } catch {
      clearLocalSession();
      return null;
    } finally {
      sessionState.restoring = false;
    }
  })();
  return restoring;
}
