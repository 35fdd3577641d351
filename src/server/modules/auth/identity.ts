import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDENTITY_HEADERS, TOKEN_TYPE } from '../../../protocol/accounts.ts';
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
 * Every request gets `request.user`. The three identity headers travel together: a token must come with the token
 * type of the spec and the id of the user it belongs to, and a user id claims nothing without a token; a request
 * that breaks that is refused (401) whatever the route, because it is a forged or broken identity, not an anonymous
 * visitor. A token that is merely unknown or expired is no identity at all (a kept session that ran out must not
 * break a public page); routes that need one answer 401.
 */
export function registerIdentity(app: FastifyInstance, repos: Repositories): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('onRequest', async (request) => {
    const token = header(request, IDENTITY_HEADERS.token);
    const tokenType = request.headers[IDENTITY_HEADERS.tokenType];
    const claimedId = request.headers[IDENTITY_HEADERS.userId];
    if (!token) {
      if (request.headers[IDENTITY_HEADERS.token] !== undefined) throw identityRefused(`${IDENTITY_HEADERS.token} is empty or too long.`);
      if (claimedId !== undefined) throw identityRefused(`${IDENTITY_HEADERS.userId} was sent without ${IDENTITY_HEADERS.token}.`);
      return;
    }
    if (tokenType !== TOKEN_TYPE) throw identityRefused(`${IDENTITY_HEADERS.tokenType} must be "${TOKEN_TYPE}".`);
    if (typeof claimedId !== 'string' || claimedId.length === 0) throw identityRefused(`${IDENTITY_HEADERS.userId} is missing.`);
    const found = await userForToken(repos, token);
    if (!found) return;
    if (claimedId !== found.user.id) throw identityRefused(`${IDENTITY_HEADERS.userId} does not match the session.`);
    request.user = found.user;
    request.sessionTokenHash = found.tokenHash;
  });
}

const identityRefused = (why: string) =>
  new AppError('UNAUTHENTICATED', `The identity headers do not agree: ${why} Please sign in again.`, 'headers');

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.user;
}
