import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { IDENTITY_HEADERS, TOKEN_TYPE, type SessionAnswer, type SignupBody } from '../../../src/protocol/accounts.ts';

export interface SignedUpUser {
  userId: string;
  email: string;
  password: string;
  token: string;
  /** The three identity headers, ready for app.inject. */
  headers: Record<string, string>;
}

export const identityHeaders = (answer: Pick<SessionAnswer, 'sessionToken' | 'objectId'>): Record<string, string> => ({
  [IDENTITY_HEADERS.tokenType]: TOKEN_TYPE,
  [IDENTITY_HEADERS.token]: answer.sessionToken,
  [IDENTITY_HEADERS.userId]: answer.objectId,
});

/** Signs a new user up through the real route and returns its identity headers. */
export async function signUpUser(app: FastifyInstance, overrides: Partial<SignupBody> = {}): Promise<SignedUpUser> {
  const email = overrides.email ?? `user-${randomBytes(4).toString('hex')}@example.test`;
  const password = overrides.password ?? 'harbour42house';
  const res = await app.inject({
    method: 'POST',
    url: '/v2/users/signup',
    payload: { firstName: 'Ada', lastName: 'Lovelace', agreeTerms: true, ...overrides, email, password },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const answer = res.json<SessionAnswer>();
  return { userId: answer.objectId, email, password, token: answer.sessionToken, headers: identityHeaders(answer) };
}
