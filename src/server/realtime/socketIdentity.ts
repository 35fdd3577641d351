import type { Repositories } from '../db/repositories.ts';
import { userForToken } from '../modules/auth/identity.ts';
import type { SocialVisitor } from '../modules/social/social.service.ts';
import type { HandshakeAuth } from '../../protocol/social.ts';

/** Who a session token belongs to; null when it is unknown or expired. Tests replace it. */
export type ResolveSessionUser = (sessionToken: string) => Promise<{ id: string; username: string; name: string | null } | null>;

/**
 * Browsers cannot set headers on a WebSocket, so the socket carries the session token in its handshake `auth`
 * instead of the x-session-token header; it resolves exactly as the HTTP identity hook does.
 */
export const sessionUserResolver = (repos: Pick<Repositories, 'sessions'>): ResolveSessionUser => async (token) =>
  (await userForToken(repos as Repositories, token))?.user ?? null;

/** A signed-in visitor is their user id (one like across devices); anyone else is the device's random id. */
export async function visitorFromHandshake(auth: HandshakeAuth, address: string, resolve: ResolveSessionUser): Promise<SocialVisitor> {
  const user = auth.sessionToken ? await resolve(auth.sessionToken).catch(() => null) : null;
  if (user) return { key: `user:${user.id}`, userId: user.id, displayName: user.name?.trim() || user.username, address };
  return { key: `device:${auth.deviceId}`, userId: null, displayName: null, address };
}
