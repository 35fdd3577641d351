import type { BuildingRow } from './buildings.repository.ts';

/**
 * This process's copies of tour rows, the least recently used dropped beyond `capacity`. A copy stands for the row
 * only while the database's stamp of the row (content_version and created_at, BuildingsRepository.stampOf) is the
 * copy's own: triggers raise content_version on every UPDATE of the row, so an equal stamp means an equal row, and
 * openLink reads two small columns per request instead of the whole row.
 */
export class TourRowCache {
  private readonly rows = new Map<string, BuildingRow>();

  constructor(private readonly capacity = 200) {}

  get(id: string, stamp: { contentVersion: number; createdAt: string }): BuildingRow | undefined {
    const row = this.rows.get(id);
    if (!row || row.contentVersion !== stamp.contentVersion || row.createdAt !== stamp.createdAt) return undefined;
    this.rows.delete(id);
    this.rows.set(id, row);
    return row;
  }

  keep(row: BuildingRow): void {
    this.rows.delete(row.id);
    this.rows.set(row.id, Object.freeze({ ...row }));
    while (this.rows.size > this.capacity) this.rows.delete(this.rows.keys().next().value!);
  }

  forget(id: string): void {
    this.rows.delete(id);
  }
}
