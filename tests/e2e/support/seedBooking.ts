import Database from 'better-sqlite3';
import { seedPilotTour } from './seedPilot.ts';

export interface BookingSeed {
  tourId: string;
  guideEmail: string;
}

/**
 * A copy of the demo tour with one guide (French and English, in UTC, on duty all day every day), as the studio's
 * Guides tab writes it: the calendar then always has free times.
 */
export function seedBooking(databaseFile: string, demoTourId: string, suffix: string): BookingSeed {
  const tourId = `e2eBook${suffix}`;
  const db = new Database(databaseFile, { readonly: true });
  const demo = db.prepare('select owner_id from buildings where id = ?').get(demoTourId) as { owner_id: string };
  db.close();
  seedPilotTour(databaseFile, demoTourId, tourId, demo.owner_id, 400_000);
  const rw = new Database(databaseFile);
  try {
    const now = new Date().toISOString();
    const userId = `e2eBookGuide${suffix}`;
    const guideEmail = `guide.${suffix}@example.test`;
    rw.prepare("update buildings set name = 'Harbour House (book a time)' where id = ?").run(tourId);
    rw.prepare("insert into users (id, username, email, name, user_type, created_at, updated_at) values (?, ?, ?, ?, 'member', ?, ?)")
      .run(userId, guideEmail, guideEmail, 'Gus Guide', now, now);
    const hours = JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })));
    rw.prepare('insert into tour_guides (id, building_id, user_id, languages, time_zone, working_hours, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(`gb${suffix}`, tourId, userId, JSON.stringify(['fr', 'en']), 'UTC', hours, now, now);
    return { tourId, guideEmail };
  } finally {
    rw.close();
  }
}
