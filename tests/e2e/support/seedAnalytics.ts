import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

export interface AnalyticsAccount {
  userId: string;
  /** A live session token: the page restores it from storage, tests send it in the identity headers. */
  token: string;
}

export interface AnalyticsSeed {
  /** An owner of the demo tour's headquarter. */
  owner: AnalyticsAccount;
  /** An owner of another headquarter: the demo tour is not theirs. */
  stranger: AnalyticsAccount;
  /** The running server's SQLite file, to check what was recorded. */
  databaseFile: string;
}

/**
 * Two signed-in owners for the statistics page, written straight into the running server's SQLite file (WAL lets
 * two processes share it). The demo owner has no password, so sessions are inserted as the server stores them
 * (the SHA-256 of the token).
 */
export function seedAnalytics(dataDir: string, demoTourId: string): AnalyticsSeed {
  const databaseFile = path.join(dataDir, 'atrium.sqlite');
  const db = new Database(databaseFile);
  try {
    const demo = db.prepare('select headquarter_id from buildings where id = ?').get(demoTourId) as { headquarter_id: string };
    const now = new Date().toISOString();
    const expires = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    db.prepare('insert into headquarters (id, title, partner, created_at, updated_at) values (?, ?, 0, ?, ?)').run('e2eAnalyticsHq', 'E2E other brand', now, now);
    const account = (id: string, headquarterId: string): AnalyticsAccount => {
      db.prepare("insert into users (id, username, name, user_type, headquarter_id, created_at, updated_at) values (?, ?, ?, 'owner', ?, ?, ?)")
        .run(id, id, `E2E ${id}`, headquarterId, now, now);
      const token = randomBytes(32).toString('base64url');
      db.prepare('insert into sessions (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)')
        .run(createHash('sha256').update(token).digest('hex'), id, now, expires);
      return { userId: id, token };
    };
    return { owner: account('e2eAnalyticsOwner', demo.headquarter_id), stranger: account('e2eAnalyticsStranger', 'e2eAnalyticsHq'), databaseFile };
  } finally {
    db.close();
  }
}
