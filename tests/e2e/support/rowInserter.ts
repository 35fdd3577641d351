import type Database from 'better-sqlite3';

/**
 * An INSERT of a whole row by its column names, for specs that seed the e2e server's SQLite file directly (copies of
 * the demo tour, tickets, orders): one place instead of a copy in every seeding spec.
 */
export function rowInserter(db: Database.Database): (table: string, row: Record<string, unknown>) => void {
  return (table, row) => {
    const cols = Object.keys(row);
    db.prepare(`insert into ${table} (${cols.map((c) => `"${c}"`).join(',')}) values (${cols.map((c) => `@${c}`).join(',')})`).run(row);
  };
}
