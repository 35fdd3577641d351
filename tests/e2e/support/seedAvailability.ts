import path from 'node:path';
import Database from 'better-sqlite3';
import { rowInserter } from './rowInserter.ts';

export interface SeededTours {
  hidden: string;
  removed: string;
  offline: string;
  empty: string;
  /** A group whose first tour is the offline one and whose second is the demo tour. */
  group: string;
  /** A copy with its panoramas under a partner brand's headquarter. */
  partner: string;
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
    const insert = rowInserter(db);
    const copy = (id: string, patch: Record<string, unknown>) => {
      insert('buildings', { ...demo, id, name: `${String(demo.name)} (${id})`, created_at: created, ...patch });
      return id;
    };
    const now = new Date().toISOString();
    insert('headquarters', { id: 'e2ePartnerHq', title: 'E2E Partner Brand', partner: 1, created_at: now, updated_at: now });
    const seeded: SeededTours = {
      hidden: copy('e2eHidden', { hidden: 1 }),
      removed: copy('e2eRemoved', { removed_at: now }),
      offline: copy('e2eOffline', { is_offline: 1 }),
      empty: copy('e2eEmpty', {}),
      group: 'e2eGroup',
      partner: copy('e2ePartner', { headquarter_id: 'e2ePartnerHq', created_at: now }),
    };
    const panoramas = db.prepare('select * from panoramas where building_id = ?').all(demoTourId) as Array<Record<string, unknown>>;
    for (const p of panoramas) insert('panoramas', { ...p, id: `${String(p.id)}P`, building_id: seeded.partner });
    insert('properties', { id: seeded.group, headquarter_id: demo.headquarter_id, name: 'E2E group', created_at: now, updated_at: now });
    insert('property_buildings', { property_id: seeded.group, building_id: seeded.offline, index: 0 });
    insert('property_buildings', { property_id: seeded.group, building_id: demoTourId, index: 1 });
    return seeded;
  } finally {
    db.close();
  }
}
