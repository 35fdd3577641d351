import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { seedPilotTour } from './seedPilot.ts';

export interface TourRingSeed {
  tourId: string;
  /** Two English-speaking guides: a spec whose guide stays in a call (a meeting runs until its host is away long enough) uses the other. */
  guides: Array<{ userId: string; token: string }>;
}

/**
 * A copy of the demo tour with the tour-ring button on, and two guides (English) signed in with kept session tokens.
 * The guide is a row of tour_guides, as the studio's Guides tab writes it.
 */
export function seedTourRing(databaseFile: string, demoTourId: string, suffix: string): TourRingSeed {
  const tourId = `e2eRing${suffix}`;
  const db = new Database(databaseFile, { readonly: true });
  const demo = db.prepare('select owner_id from buildings where id = ?').get(demoTourId) as { owner_id: string };
  db.close();
  seedPilotTour(databaseFile, demoTourId, tourId, demo.owner_id, 300_000);
  const rw = new Database(databaseFile);
  try {
    const now = new Date().toISOString();
    rw.prepare("update buildings set name = 'Harbour House (call a guide)', tour_ring_btn = 1 where id = ?").run(tourId);
    const guides = ['a', 'b'].map((which) => {
      const userId = `e2eGuide${which}${suffix}`;
      rw.prepare("insert into users (id, username, name, user_type, created_at, updated_at) values (?, ?, ?, 'user', ?, ?)").run(userId, `guide-${which}-${suffix}`, which === 'a' ? 'Gina Guide' : 'Gus Guide', now, now);
      const token = randomBytes(32).toString('base64url');
      rw.prepare('insert into sessions (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)')
        .run(createHash('sha256').update(token).digest('hex'), userId, now, new Date(Date.now() + 24 * 3600 * 1000).toISOString());
      // An English-speaking guide of the tour (the studio's guides table), on duty every day.
      const hours = JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' })));
      rw.prepare('insert into tour_guides (id, building_id, user_id, languages, time_zone, working_hours, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(`g${which}${suffix}`, tourId, userId, JSON.stringify(['en']), 'UTC', hours, now, now);
      return { userId, token };
    });
    return { tourId, guides };
  } finally {
    rw.close();
  }
}
