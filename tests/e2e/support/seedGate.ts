import path from 'node:path';
import Database from 'better-sqlite3';
import { rowInserter } from './rowInserter.ts';

export interface GateTours {
  /** Asks for the visitor form (requireVisitorData). */
  visitor: string;
  /** Open only to the whitelisted usernames of WHITELISTED_USERNAME. */
  listed: string;
}

/** As listed on the whitelist tour; the e2e spec signs up "invited.guest" to show the comparison ignores case. */
export const WHITELISTED_USERNAME = 'Invited.Guest';

/**
 * Two gated copies of the demo tour, written into the running server's SQLite file like seedAvailability: their own
 * panorama rows (pointing at the demo's media), so the tour shows once the gate lets the visitor in.
 */
export function seedGate(dataDir: string, demoTourId: string): GateTours {
  const db = new Database(path.join(dataDir, 'atrium.sqlite'));
  try {
    const demo = db.prepare('select * from buildings where id = ?').get(demoTourId) as Record<string, unknown>;
    // Newer than the demo (which stays the default tour) and under a headquarter of their own (so the demo owner's
    // list, where a removed tour redirects, is unchanged).
    const created = new Date(Date.parse(String(demo.created_at)) + 120_000).toISOString();
    db.prepare('insert into headquarters (id, title, partner, created_at, updated_at) values (?, ?, 0, ?, ?)').run('e2eGateHq', 'E2E gated brand', created, created);
    db.prepare("insert into users (id, username, name, user_type, headquarter_id, created_at, updated_at) values (?, ?, ?, 'owner', ?, ?, ?)")
      .run('e2eGateOwner', 'e2e-gate-owner', 'E2E gate owner', 'e2eGateHq', created, created);
    const insert = rowInserter(db);
    const panoramas = db.prepare('select * from panoramas where building_id = ?').all(demoTourId) as Array<Record<string, unknown>>;
    const copy = (id: string, patch: Record<string, unknown>) => {
      insert('buildings', { ...demo, id, name: `Gated ${id}`, name_multi: '{}', created_at: created, headquarter_id: 'e2eGateHq', owner_id: 'e2eGateOwner', ...patch });
      for (const p of panoramas) insert('panoramas', { ...p, id: `${String(p.id)}${id}`, building_id: id });
      return id;
    };
    return {
      visitor: copy('e2eGateVisitor', { require_visitor_data: 1 }),
      listed: copy('e2eGateListed', { require_white_listing: 1, white_list: JSON.stringify([WHITELISTED_USERNAME, 'someone.else']) }),
    };
  } finally {
    db.close();
  }
}
