import path from 'node:path';
import Database from 'better-sqlite3';

export interface SeededTours {
  hidden: string;
  removed: string;
  offline: string;
  empty: string;
  /** A group whose first tour is the offline one and whose second is the demo tour. */
  group: string;
}

/**
 * Copies of the demo tour in every availability state, written straight into the running server's SQLite
 * file (WAL lets two processes share it). Only the tour rows are copied: panoramas stay with the demo.
 */
export function seedAvailability(dataDir: string, demoTourId: string): SeededTours {
  const db = new Database(path.join(dataDir, 'atrium.sqlite'));
  try {
    const demo = db.prepare('select * from buildings where id = ?').get(demoTourId) as Record<string, unknown>;
    // Older than the demo, so the demo stays first in the owner's list.
    const created = new Date(Date.parse(String(demo.created_at)) - 60_000).toISOString();
    const copy = (id: string, patch: Record<string, unknown>) => {
      const row = { ...demo, id, name: `${String(demo.name)} (${id})`, created_at: created, ...patch };
      const cols = Object.keys(row);
      db.prepare(`insert into buildings (${cols.join(',')}) values (${cols.map((c) => `@${c}`).join(',')})`).run(row);
      return id;
    };
    const seeded: SeededTours = {
      hidden: copy('e2eHidden', { hidden: 1 }),
      removed: copy('e2eRemoved', { removed_at: new Date().toISOString() }),
      offline: copy('e2eOffline', { is_offline: 1 }),
      empty: copy('e2eEmpty', {}),
      group: 'e2eGroup',
    };
    const now = new Date().toISOString();
    db.prepare('insert into properties (id, headquarter_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)').run(seeded.group, demo.headquarter_id, 'E2E group', now, now);
    const member = db.prepare('insert into property_buildings (property_id, building_id, "index") values (?, ?, ?)');
    member.run(seeded.group, seeded.offline, 0);
    member.run(seeded.group, demoTourId, 1);
    return seeded;
  } finally {
    db.close();
  }
}
