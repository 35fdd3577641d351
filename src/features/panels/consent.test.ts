import { beforeEach, describe, expect, it } from 'vitest';

// No DOM library is installed: a minimal cookie jar and Storage stand in for the browser's.
class FakeStorage {
  private data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
  removeItem(k: string) { this.data.delete(k); }
  clear() { this.data.clear(); }
}
const jar = new Map<string, string>();
const fakeDocument = {
  get cookie() { return [...jar].map(([k, v]) => `${k}=${v}`).join('; '); },
  set cookie(line: string) {
    const [pair = '', ...attrs] = line.split(';');
    const [k = '', v = ''] = pair.split('=');
    const expires = attrs.map((a) => a.trim()).find((a) => a.startsWith('expires='));
    if (expires && new Date(expires.slice(8)).getTime() < Date.now()) jar.delete(k.trim());
    else jar.set(k.trim(), v);
    lastCookieLine = line;
  },
};
let lastCookieLine = '';
Object.assign(globalThis, { document: fakeDocument, localStorage: new FakeStorage() });
import { CONSENT_COOKIE, consentStorage, giveConsent, hasConsent, necessaryStorage } from './consent.ts';

describe('consent', () => {
  beforeEach(() => {
    document.cookie = `${CONSENT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    localStorage.clear();
  });

  it('keeps values in memory only until consent is given', () => {
    expect(hasConsent()).toBe(false);
    consentStorage.setItem('k', 'v');
    expect(consentStorage.getItem('k')).toBe('v');
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('writes the consent cookie and moves remembered values to localStorage', () => {
    consentStorage.setItem('a', '1');
    giveConsent();
    expect(hasConsent()).toBe(true);
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=all`);
    expect(localStorage.getItem('a')).toBe('1');
    const expires = new Date(/expires=([^;]+)/.exec(lastCookieLine)![1]!).getTime();
    expect((expires - Date.now()) / 86_400_000).toBeCloseTo(365, 0);
    consentStorage.setItem('b', '2');
    expect(localStorage.getItem('b')).toBe('2');
    consentStorage.removeItem('b');
    expect(localStorage.getItem('b')).toBeNull();
  });

  it('keeps strictly necessary values (the signed-in session) on the device without consent; the rest waits', () => {
    expect(hasConsent()).toBe(false);
    necessaryStorage.setItem('atrium.sessionToken', 'tok');
    consentStorage.setItem('atrium.social.device', 'dev');
    expect(localStorage.getItem('atrium.sessionToken')).toBe('tok');
    expect(localStorage.getItem('atrium.social.device')).toBeNull();
    expect(necessaryStorage.getItem('atrium.sessionToken')).toBe('tok');
    necessaryStorage.removeItem('atrium.sessionToken');
    expect(localStorage.getItem('atrium.sessionToken')).toBeNull();
  });
});
