import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: the bearer secret the client keeps. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps instead of the token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Sessions last 30 days from sign-in; signing in again starts a new one. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
