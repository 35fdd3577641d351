import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDENTITY_HEADERS } from '../../../protocol/accounts.ts';
import type { Repositories } from '../../db/repositories.ts';
import { nowIso } from '../../db/columns.ts';
import { AppError } from '../../errors.ts';
import type { UserRow } from '../users/users.repository.ts';
import { hashToken } from './sessionTokens.ts';

/** Who made a request: resolved once per request from the three identity headers of spec section 4. */
export interface SessionUser {
  id: string;
  username: string;
  name: string | null;
  email: string | null;
  userType: string;
  headquarterId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The hash of the session token the request carried, when it was valid (logout ends that session). */
    sessionTokenHash: string | null;
  }
}

export const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  username: row.username,
  name: row.name,
  email: row.email,
  userType: row.userType,
  headquarterId: row.headquarterId,
});

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
};

/** Resolves a session token to its user, or null when it is unknown or expired. */
export async function userForToken(repos: Repositories, token: string): Promise<{ user: SessionUser; tokenHash: string; expiresAt: string } | null> {
  const tokenHash = hashToken(token);
  const row = await repos.sessions.findUser(tokenHash, nowIso());
  return row ? { user: toSessionUser(row), tokenHash, expiresAt: row.sessionExpiresAt } : null;
}

/**
 * Every request gets `request.user`. A token that is unknown, expired or sent with another user's id is treated as
 * no identity at all (routes that need one answer 401), never as an error on public routes.
 */
export function registerIdentity(app: FastifyInstance, repos: Repositories): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('onRequest', async (request) => {
    const token = header(request, IDENTITY_HEADERS.token);
    if (!token) return;
    const found = await userForToken(repos, token);
    const claimedId = header(request, IDENTITY_HEADERS.userId);
    if (!found || (claimedId && claimedId !== found.user.id)) return;
    request.user = found.user;
    request.sessionTokenHash = found.tokenHash;
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.user;
}
