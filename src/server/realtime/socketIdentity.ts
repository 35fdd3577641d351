import { createHash } from 'node:crypto';
import type { Repositories } from '../db/repositories.ts';
import { userForToken, type SessionUser } from '../modules/auth/identity.ts';
import type { SocialVisitor } from '../modules/social/social.service.ts';
import type { HandshakeAuth } from '../../protocol/social.ts';

/** Who a session token belongs to; null when it is unknown or expired. Tests replace it. */
export type ResolveSessionUser = (sessionToken: string) => Promise<SessionUser | null>;

/**
 * Browsers cannot set headers on a WebSocket, so the socket carries the session token in its handshake `auth`
 * instead of the x-session-token header; it resolves exactly as the HTTP identity hook does.
 */
export const sessionUserResolver = (repos: Pick<Repositories, 'sessions'>): ResolveSessionUser => async (token) =>
  (await userForToken(repos as Repositories, token))?.user ?? null;

/**
 * A signed-in visitor is their user id (one like across devices); anyone else is the device's random id. Views are
 * counted per account, per kept device id, or, when the device says it keeps nothing (no cookie consent), per hash of
 * address and browser, so a reload is not a new view.
 */
export async function visitorFromHandshake(auth: HandshakeAuth, client: { address: string; userAgent: string }, resolve: ResolveSessionUser): Promise<SocialVisitor> {
  const user = auth.sessionToken ? await resolve(auth.sessionToken).catch(() => null) : null;
  const { address } = client;
  if (user) return { key: `user:${user.id}`, userId: user.id, displayName: user.name?.trim() || user.username, address, viewKey: `user:${user.id}` };
  const key = `device:${auth.deviceId}`;
  const viewKey = auth.deviceKept ? key : `network:${createHash('sha256').update(`${address}|${client.userAgent}`).digest('hex')}`;
  return { key, userId: null, displayName: null, address, viewKey };
}
