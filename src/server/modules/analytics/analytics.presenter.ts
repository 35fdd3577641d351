import { LINK_SOURCES } from '../../../protocol/constants.ts';
import type { BuildingAnalytics } from '../../../protocol/analytics.ts';
import { toCsv } from './csv.ts';

type Source = BuildingAnalytics['linkSources'][number]['source'];
const SOURCES: readonly Source[] = [...LINK_SOURCES, 'direct'];
const isSource = (value: string): value is Source => (SOURCES as readonly string[]).includes(value);

export interface AnalyticsFigures {
  building: { id: string; name: string };
  range: { from: string; to: string; days: string[] };
  totals: { views: number; uniqueVisitors: number; averageViewingSeconds: number };
  perDay: Array<{ date: string; views: number }>;
  sources: Array<{ source: string; views: number }>;
  markers: Array<{ markerId: string; name: string | null; type: string; clicks: number }>;
}

/** Database figures -> the read API's shape: every day present (zeros included), sources most viewed first. */
export function presentAnalytics(f: AnalyticsFigures): BuildingAnalytics {
  const perDay = new Map(f.perDay.map((d) => [d.date, d.views]));
  const sources = new Map<Source, number>();
  // A row written before a source was renamed counts as direct rather than breaking the page.
  for (const s of f.sources) {
    const key = isSource(s.source) ? s.source : 'direct';
    sources.set(key, (sources.get(key) ?? 0) + s.views);
  }
  return {
    buildingId: f.building.id,
    buildingName: f.building.name,
    from: f.range.from,
    to: f.range.to,
    views: f.totals.views,
    uniqueVisitors: f.totals.uniqueVisitors,
    averageViewingSeconds: Math.round(f.totals.averageViewingSeconds * 10) / 10,
    viewsPerDay: f.range.days.map((date) => ({ date, views: perDay.get(date) ?? 0 })),
    topMarkers: f.markers.map((m) => ({ markerId: m.markerId, name: m.name?.trim() || m.type, type: m.type, clicks: m.clicks })),
    linkSources: [...sources].map(([source, views]) => ({ source, views })).sort((a, b) => b.views - a.views || a.source.localeCompare(b.source)),
  };
}

/**
 * One tidy table a spreadsheet can filter: section, key, label, value. Sections: summary figures, views per day,
 * link sources and marker clicks.
 */
export function analyticsCsv(a: BuildingAnalytics): string {
  return toCsv([
    ['section', 'key', 'label', 'value'],
    ['summary', 'tour', a.buildingName, a.buildingId],
    ['summary', 'from', '', a.from],
    ['summary', 'to', '', a.to],
    ['summary', 'views', '', a.views],
    ['summary', 'unique_visitors', '', a.uniqueVisitors],
    ['summary', 'average_viewing_seconds', '', a.averageViewingSeconds],
    ...a.viewsPerDay.map((d) => ['day', d.date, '', d.views]),
    ...a.linkSources.map((s) => ['link_source', s.source, '', s.views]),
    ...a.topMarkers.map((m) => ['marker', m.markerId, m.name, m.clicks]),
  ]);
}
