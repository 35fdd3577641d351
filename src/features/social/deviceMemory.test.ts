import { describe, expect, it } from 'vitest';

// No DOM library is installed: a minimal cookie jar and Storage stand in for the browser's.
class FakeStorage {
  private data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
  removeItem(k: string) { this.data.delete(k); }
}
let cookies = '';
Object.assign(globalThis, {
  document: { get cookie() { return cookies; }, set cookie(line: string) { cookies = line.split(';')[0] ?? ''; } },
  localStorage: new FakeStorage(),
});
const { giveConsent } = await import('../panels/consent.ts');
const { deviceId, randomDeviceId } = await import('./deviceMemory.ts');

describe('the device id behind one like per device', () => {
  it('is random, stays the same during the visit, and reaches the device only after consent', () => {
    expect(randomDeviceId()).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(randomDeviceId()).not.toBe(randomDeviceId());
    const first = deviceId();
    expect(deviceId()).toBe(first);
    expect(localStorage.getItem('atrium.social.device')).toBeNull();
    giveConsent();
    expect(localStorage.getItem('atrium.social.device')).toBe(first);
    expect(deviceId()).toBe(first);
  });
});
