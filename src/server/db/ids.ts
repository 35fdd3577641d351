import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Ten base-62 characters (~59 bits): unguessable enough for share links, short enough to read. */
export function newId(length = 10): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    // Reject the top 8 values so every character is equally likely.
    if (b < 248) out += ALPHABET[b % 62];
  }
  return out.length === length ? out : newId(length);
}
