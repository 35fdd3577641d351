import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A uniformly random six-digit code (leading zeros kept). */
export const newAccessCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** 32 random bytes for the emailed link: unguessable, so it needs no attempt counter. */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

export const hashLinkToken = (token: string): string => createHash('sha256').update(`link:${token}`).digest('hex');

/**
 * A code has only a million values, so its hash is salted with the verification's own id: a leaked table cannot be
 * matched against one precomputed list, and the code is dead after 15 minutes or 5 wrong tries anyway.
 */
export const hashAccessCode = (verificationId: string, code: string): string =>
  createHash('sha256').update(`code:${verificationId}:${code}`).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
