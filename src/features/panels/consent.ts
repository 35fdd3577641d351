// Cookie consent (spec: consent cookie, all agreed, 365 days). Until the visitor agrees nothing is written to the
// device: consentStorage keeps values in memory for this visit only, then moves to localStorage once consent is given.
import { CONSENT_COOKIE_DAYS } from '../../protocol/constants.ts';

export const CONSENT_COOKIE = 'atrium_consent';
const ALL_AGREED = 'all';

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** True once the visitor accepted (on this visit or an earlier one within the cookie's life). */
export function hasConsent(): boolean {
  return readCookie(CONSENT_COOKIE) === ALL_AGREED;
}

/** Records "all agreed" for CONSENT_COOKIE_DAYS and flushes what was kept in memory to localStorage. */
export function giveConsent(now: Date = new Date()): void {
  const expires = new Date(now.getTime() + CONSENT_COOKIE_DAYS * 24 * 60 * 60 * 1000);
  document.cookie = `${CONSENT_COOKIE}=${ALL_AGREED}; expires=${expires.toUTCString()}; path=/; SameSite=Lax`;
  for (const [key, value] of memory) safeLocalStorage()?.setItem(key, value);
}

const memory = new Map<string, string>();

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Blocked storage (privacy mode, sandboxed frame) must not break the viewer.
    return null;
  }
}

/** A tiny Storage-like helper that respects consent. */
export const consentStorage = {
  getItem(key: string): string | null {
    if (hasConsent()) return safeLocalStorage()?.getItem(key) ?? memory.get(key) ?? null;
    return memory.get(key) ?? null;
  },
  setItem(key: string, value: string): void {
    memory.set(key, value);
    if (hasConsent()) safeLocalStorage()?.setItem(key, value);
  },
  removeItem(key: string): void {
    memory.delete(key);
    if (hasConsent()) safeLocalStorage()?.removeItem(key);
  },
};

/**
 * Storage that is strictly necessary for what the visitor asked for (keeping them signed in), which the consent rule
 * exempts: written to localStorage at once, with or without consent. Everything else goes through consentStorage.
 */
export const necessaryStorage = {
  getItem(key: string): string | null {
    return safeLocalStorage()?.getItem(key) ?? memory.get(key) ?? null;
  },
  setItem(key: string, value: string): void {
    memory.set(key, value);
    safeLocalStorage()?.setItem(key, value);
  },
  removeItem(key: string): void {
    memory.delete(key);
    safeLocalStorage()?.removeItem(key);
  },
};
