import { TOKEN_EXPIRY_MARGIN_S } from '../../../protocol/constants.ts';

/**
 * Section 4: after the code exchange (and each renewal) the token expires at now + (expires_in - 1) s; the second of
 * margin covers the time the answer took to arrive. A lifetime of a second or less is expired at once.
 */
export function tokenExpiresAt(nowMs: number, expiresInSeconds: number): number {
  return nowMs + Math.max(0, expiresInSeconds - TOKEN_EXPIRY_MARGIN_S) * 1000;
}

/** Before each call: an expired token is renewed with the refresh token first. */
export function isTokenExpired(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= expiresAtMs;
}
