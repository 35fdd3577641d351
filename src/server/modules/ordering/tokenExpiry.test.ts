import { describe, expect, it } from 'vitest';
import { isTokenExpired, tokenExpiresAt } from './tokenExpiry.ts';

describe('token expiry (section 4: now + (expires_in - 1) s)', () => {
  const now = Date.parse('2026-11-26T12:00:00.000Z');

  it('keeps one second of margin', () => {
    expect(tokenExpiresAt(now, 3600)).toBe(now + 3_599_000);
    expect(tokenExpiresAt(now, 2)).toBe(now + 1000);
  });

  it('treats a lifetime of a second or less as already over', () => {
    expect(tokenExpiresAt(now, 1)).toBe(now);
    expect(tokenExpiresAt(now, 0.5)).toBe(now);
    expect(isTokenExpired(tokenExpiresAt(now, 1), now)).toBe(true);
  });

  it('is fresh until the expiry instant and expired from it on', () => {
    const expiresAt = tokenExpiresAt(now, 60);
    expect(isTokenExpired(expiresAt, now)).toBe(false);
    expect(isTokenExpired(expiresAt, now + 58_999)).toBe(false);
    expect(isTokenExpired(expiresAt, now + 59_000)).toBe(true);
    expect(isTokenExpired(expiresAt, now + 60_000)).toBe(true);
  });
});
