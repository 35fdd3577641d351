import { createHash, randomBytes, randomInt } from 'node:crypto';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '../../../protocol/meeting.ts';

/** 32 random bytes: a join credential or a rejoin key. Unguessable, so neither needs an attempt counter. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Only hashes are stored; a leaked table opens no meeting. */
export const hashSecret = (purpose: 'credential' | 'rejoin', secret: string): string =>
  createHash('sha256').update(`${purpose}:${secret}`).digest('hex');

/** 8 characters from 31 unambiguous ones (8.5e11 codes); lookups are rate-limited, so codes cannot be swept. */
export function newShortCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += SHORT_CODE_ALPHABET[randomInt(0, SHORT_CODE_ALPHABET.length)];
  return code;
}
