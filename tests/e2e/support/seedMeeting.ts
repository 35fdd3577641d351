import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

export interface MeetingSeed {
  /** An owner of the demo tour's headquarter (so a host of its meetings), signed in with this token. */
  host: { userId: string; token: string };
  /** The windows the e2e server runs with (MEETING_HOST_ABSENCE_SECONDS, MEETING_RECONNECT_SECONDS). */
  windowSeconds: number;
}

/**
 * Short windows so a spec can watch a meeting end when its host stays away (configuration, not code), long enough
 * that a host's page reloading on a busy 2-core machine is back in time (15 s was not, under a loaded CI run).
 */
export const E2E_MEETING_WINDOW_SECONDS = 40;

/** The meeting host, written into the running server's SQLite file as the server stores it (a hashed session). */
export function seedMeeting(dataDir: string, demoTourId: string): MeetingSeed {
  const db = new Database(path.join(dataDir, 'atrium.sqlite'));
  try {
    const demo = db.prepare('select headquarter_id from buildings where id = ?').get(demoTourId) as { headquarter_id: string };
    const now = new Date().toISOString();
    const id = 'e2eMeetingHost';
    db.prepare("insert into users (id, username, name, user_type, headquarter_id, created_at, updated_at) values (?, ?, ?, 'owner', ?, ?, ?)")
      .run(id, 'meeting-host', 'Hana Host', demo.headquarter_id, now, now);
    const token = randomBytes(32).toString('base64url');
    db.prepare('insert into sessions (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)')
      .run(createHash('sha256').update(token).digest('hex'), id, now, new Date(Date.now() + 24 * 3600 * 1000).toISOString());
    return { host: { userId: id, token }, windowSeconds: E2E_MEETING_WINDOW_SECONDS };
  } finally {
    db.close();
  }
}
