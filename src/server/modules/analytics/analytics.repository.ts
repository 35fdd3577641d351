import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ClickCountsTable, VisitorHistoriesTable, VisitorReportsTable } from '../../db/schema.ts';

export type VisitorHistoryRow = Selectable<VisitorHistoriesTable>;
/** A half-open range of ISO timestamps: from <= t < until. */
export interface TimeRange {
  from: string;
  until: string;
}

// PostgreSQL answers count(*) as a bigint string and avg() as numeric text; SQLite answers numbers.
const num = (value: unknown): number => Number(value ?? 0);

/** The SQL of visitor statistics. Portable across both dialects (substr, count distinct, avg, on conflict). */
export class AnalyticsRepository {
  constructor(private readonly db: Db) {}

  async building(id: string) {
    return this.db.selectFrom('buildings').select(['id', 'name', 'headquarterId', 'whiteList', 'removedAt']).where('id', '=', id).executeTakeFirst();
  }

  async headquarterTitle(id: string): Promise<string | null> {
    const row = await this.db.selectFrom('headquarters').select('title').where('id', '=', id).executeTakeFirst();
    return row?.title ?? null;
  }

  async insertHistory(row: Omit<VisitorHistoryRow, 'viewingSeconds'>): Promise<void> {
    await this.db.insertInto('visitorHistories').values(row).execute();
  }

  async findHistory(id: string): Promise<VisitorHistoryRow | undefined> {
    return this.db.selectFrom('visitorHistories').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async updateHistory(id: string, patch: { viewingSeconds: number; lastSeenAt: string }): Promise<void> {
    await this.db.updateTable('visitorHistories').set(patch).where('id', '=', id).execute();
  }

  async markerBuilding(markerId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('markers').select('buildingId').where('id', '=', markerId).executeTakeFirst();
    return row?.buildingId;
  }

  /** The visitor's latest click on the same thing, for the 1 s de-duplication. */
  async lastClickAt(visitorKey: string, identifier: string, identifierId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('clickCounts')
      .select('at')
      .where('visitorKey', '=', visitorKey)
      .where('identifier', '=', identifier)
      .where('identifierId', '=', identifierId)
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.at;
  }

  async insertClick(row: ClickCountsTable): Promise<void> {
    await this.db.insertInto('clickCounts').values(row).execute();
  }

  /** One row per session: later reports of the same session replace its duration. */
  async upsertReport(row: VisitorReportsTable): Promise<void> {
    await this.db
      .insertInto('visitorReports')
      .values(row)
      .onConflict((oc) => oc.columns(['userId', 'buildingId', 'startedAt']).doUpdateSet({ durationSeconds: row.durationSeconds, reportedAt: row.reportedAt, headquarter: row.headquarter }))
      .execute();
  }

  async totals(buildingId: string, range: TimeRange): Promise<{ views: number; uniqueVisitors: number; averageViewingSeconds: number }> {
    const row = await this.histories(buildingId, range)
      .select([
        sql<number>`count(*)`.as('views'),
        sql<number>`count(distinct visitor_key)`.as('visitors'),
        sql<number>`avg(viewing_seconds)`.as('average'),
      ])
      .executeTakeFirstOrThrow();
    return { views: num(row.views), uniqueVisitors: num(row.visitors), averageViewingSeconds: num(row.average) };
  }

  async viewsPerDay(buildingId: string, range: TimeRange): Promise<Array<{ date: string; views: number }>> {
    const day = sql<string>`substr(started_at, 1, 10)`;
    const rows = await this.histories(buildingId, range).select([day.as('date'), sql<number>`count(*)`.as('views')]).groupBy(day).execute();
    return rows.map((r) => ({ date: r.date, views: num(r.views) }));
  }

  async linkSources(buildingId: string, range: TimeRange): Promise<Array<{ source: string; views: number }>> {
    const rows = await this.histories(buildingId, range).select(['linkSource', sql<number>`count(*)`.as('views')]).groupBy('linkSource').execute();
    return rows.map((r) => ({ source: r.linkSource, views: num(r.views) }));
  }

  async topMarkers(buildingId: string, range: TimeRange, limit: number): Promise<Array<{ markerId: string; name: string | null; type: string; clicks: number }>> {
    const clicks = sql<number>`count(*)`;
    const rows = await this.db
      .selectFrom('clickCounts as c')
      .innerJoin('markers as m', 'm.id', 'c.identifierId')
      .select(['m.id as markerId', 'm.name as name', 'm.type as type', clicks.as('clicks')])
      .where('c.buildingId', '=', buildingId)
      .where('c.identifier', '=', 'marker')
      .where('c.at', '>=', range.from)
      .where('c.at', '<', range.until)
      .groupBy(['m.id', 'm.name', 'm.type'])
      .orderBy(clicks, 'desc')
      .orderBy('m.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ markerId: r.markerId, name: r.name, type: r.type, clicks: num(r.clicks) }));
  }

  private histories(buildingId: string, range: TimeRange) {
    return this.db
      .selectFrom('visitorHistories')
      .where('buildingId', '=', buildingId)
      .where('startedAt', '>=', range.from)
      .where('startedAt', '<', range.until);
  }
}
