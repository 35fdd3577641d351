import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const HOUR_S = 3600;
/** A pass lives at least this long after it was handed out (a visitor's tab stays usable for a day). */
export const PASS_LIFETIME_S = 24 * HOUR_S;
/** The editors' media cookie (the studio refreshes it on every call). */
export const EDITOR_COOKIE_LIFETIME_S = 12 * HOUR_S;

const SIGNATURE_CHARS = 22; // 132 bits of HMAC-SHA256
const PASS = /^([A-Za-z0-9_-]{1,64})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/;
const EDITOR = /^([0-9a-f]{64})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/;

/**
 * Signed, expiring capabilities for media of tours that are not open to everyone (HMAC-SHA256 under the server's
 * secret): a pass names one tour and goes into media URLs; the editors' cookie names a session (so signing out ends
 * it). Expiry is rounded up to the next hour, so every answer within an hour carries the same URLs and the browser's
 * cache keeps working across reloads.
 */
export class MediaPasses {
  private readonly secret: Buffer;

  constructor(secret: Buffer | string = randomBytes(32), private readonly clock: () => number = Date.now) {
    this.secret = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
  }

  issue(tourId: string): string {
    const expires = this.roundedExpiry(PASS_LIFETIME_S);
    return `${tourId}.${expires.toString(36)}.${this.sign('pass', tourId, expires)}`;
  }

  /** The tour a pass opens, or null when it is malformed, forged or expired. */
  verify(pass: string): string | null {
    const m = PASS.exec(pass);
    if (!m) return null;
    return this.valid('pass', m[1]!, m[2]!, m[3]!) ? m[1]! : null;
  }

  editorCookie(sessionHash: string): { value: string; maxAgeSeconds: number } {
    const expires = this.roundedExpiry(EDITOR_COOKIE_LIFETIME_S);
    return { value: `${sessionHash}.${expires.toString(36)}.${this.sign('editor', sessionHash, expires)}`, maxAgeSeconds: expires - this.nowS() };
  }

  /** The session hash an editor cookie names, or null. */
  verifyEditorCookie(value: string): string | null {
    const m = EDITOR.exec(value);
    if (!m) return null;
    return this.valid('editor', m[1]!, m[2]!, m[3]!) ? m[1]! : null;
  }

  /** Seconds left on a verified pass or cookie (for Cache-Control); 0 when unreadable. */
  secondsLeft(token: string): number {
    const expires = parseInt(token.split('.')[1] ?? '', 36);
    return Number.isFinite(expires) ? Math.max(0, expires - this.nowS()) : 0;
  }

  private valid(kind: string, subject: string, expiresText: string, signature: string): boolean {
    const expires = parseInt(expiresText, 36);
    if (!Number.isSafeInteger(expires) || expires <= this.nowS()) return false;
    const expected = Buffer.from(this.sign(kind, subject, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(kind: string, subject: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${kind}:${subject}:${expires}`).digest('base64url').slice(0, SIGNATURE_CHARS);
  }

  private roundedExpiry(lifetimeS: number): number {
    return (Math.floor(this.nowS() / HOUR_S) + 1) * HOUR_S + lifetimeS;
  }

  private nowS(): number {
    return Math.floor(this.clock() / 1000);
  }
}
