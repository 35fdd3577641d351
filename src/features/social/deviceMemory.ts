// What the device remembers for social data, through the consent-aware storage (memory only until the visitor
// agrees to cookies, spec section 9): a random device id. The server keeps one like per device id (or per account
// when signed in), so the like of each tour is remembered for as long as the device keeps its id.
import { consentStorage } from '../panels/consent.ts';
import { currentIdentity } from '../../api/httpClient.ts';

const DEVICE_KEY = 'atrium.social.device';

export function deviceId(random: () => string = randomDeviceId): string {
  const known = consentStorage.getItem(DEVICE_KEY);
  if (known && /^[A-Za-z0-9_-]{16,64}$/.test(known)) return known;
  const fresh = random();
  consentStorage.setItem(DEVICE_KEY, fresh);
  return fresh;
}

export function randomDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The signed-in session's token: the socket cannot send the HTTP identity headers, so the handshake carries it. */
export const sessionToken = (): string | null => currentIdentity()?.token ?? null;
