import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const FILE = 'server-secret';

/**
 * The key the server signs with: SERVER_SECRET when set, else 32 random bytes kept in DATA_DIR/server-secret
 * (readable by the server's user only), so passes handed out survive a restart and processes sharing the data
 * folder agree.
 */
export function serverSecret(configured: string | undefined, dataDir: string): Buffer | string {
  if (configured) return configured;
  const file = path.join(dataDir, FILE);
  try {
    const kept = fs.readFileSync(file);
    if (kept.length >= 32) return kept;
  } catch {
    // not there yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const fresh = randomBytes(32);
  try {
    fs.writeFileSync(file, fresh, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch {
    // Another process wrote it first: use theirs.
    return fs.readFileSync(file);
  }
}
