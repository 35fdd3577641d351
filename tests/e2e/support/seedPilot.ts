import Database from 'better-sqlite3';
import { rowInserter } from './rowInserter.ts';

/** The route recordings are limited to in the browser suite (configuration: PILOT_RECORDING_LIMIT_SECONDS). */
export const E2E_PILOT_LIMIT_SECONDS = 300;

/**
 * A copy of the demo tour (panoramas and markers, ids suffixed, teleports kept inside the copy) owned by `ownerId`,
 * for the guided-tour specs: recordings made there are never seen by specs that use the demo. Older than the demo,
 * so the demo stays the first tour of the list, where a removed tour sends its visitors.
 */
export function seedPilotTour(databaseFile: string, demoTourId: string, tourId: string, ownerId: string, ageMs: number): void {
  const db = new Database(databaseFile);
  try {
    const demo = db.prepare('select * from buildings where id = ?').get(demoTourId) as Record<string, unknown>;
    const insert = rowInserter(db);
    const created = new Date(Date.parse(String(demo.created_at)) - ageMs).toISOString();
    const copy = (id: unknown) => `${String(id)}${tourId}`;
    db.transaction(() => {
      insert('buildings', { ...demo, id: tourId, name: 'Harbour House (guided)', name_multi: '{}', created_at: created, owner_id: ownerId });
      const panoramas = db.prepare('select * from panoramas where building_id = ?').all(demoTourId) as Array<Record<string, unknown>>;
      const ids = new Set(panoramas.map((p) => String(p.id)));
      for (const p of panoramas) insert('panoramas', { ...p, id: copy(p.id), building_id: tourId });
      for (const m of db.prepare('select * from markers where building_id = ?').all(demoTourId) as Array<Record<string, unknown>>) {
        const next = m.next_panorama_id && ids.has(String(m.next_panorama_id)) ? copy(m.next_panorama_id) : m.next_panorama_id;
        const nextBuilding = m.next_building_id === demoTourId ? tourId : m.next_building_id;
        insert('markers', { ...m, id: copy(m.id), panorama_id: copy(m.panorama_id), building_id: tourId, next_panorama_id: next, next_building_id: nextBuilding });
      }
    })();
  } finally {
    db.close();
  }
}

/** A second recording of the same walk under another title and id (another guided tour to switch to). */
export function copyRecording(databaseFile: string, recordingId: string, title: string): string {
  const db = new Database(databaseFile);
  try {
    const row = db.prepare('select * from pilot_recordings where id = ?').get(recordingId) as Record<string, unknown>;
    const id = `${recordingId}copy`;
    rowInserter(db)('pilot_recordings', { ...row, id, client_id: `${String(row.client_id)}-copy`, title, published: 1 });
    return id;
  } finally {
    db.close();
  }
}
