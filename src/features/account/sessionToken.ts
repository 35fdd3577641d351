import { necessaryStorage } from '../panels/consent.ts';

/** Where a signed-in visitor's session token is kept between visits (strictly necessary storage: see consent.ts). */
export const SESSION_TOKEN_KEY = 'atrium.sessionToken';

/**
 * The kept session token before the session is resumed (which waits for an idle page): realtime features that name
 * the person by token (the lounge's presence) connect with it at once, so a reload rejoins within their grace period.
 * Lives apart from session.ts so the viewer's entry can ask without loading the session code and its schemas.
 */
export const keptSessionToken = (): string | null => necessaryStorage.getItem(SESSION_TOKEN_KEY);
