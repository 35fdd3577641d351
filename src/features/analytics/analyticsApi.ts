// The visitor statistics calls of spec section 7, at their exact paths, and the owner's read API.
import type { BuildingAnalytics, ClickCountBody, VisitorHistoryCreateBody, VisitorReport } from '../../protocol/analytics.ts';
import { HttpError, identityHeaders, request } from '../../api/httpClient.ts';


export const createVisitorHistory = (body: VisitorHistoryCreateBody) =>
  request<{ visitorHistoryId: string }>('/v2/visitorhistory', { method: 'POST', body });

export const countClick = (body: ClickCountBody) => request<{ counted: boolean }>('/v2/clickcount', { method: 'POST', body });

/**
 * A request that outlives the page (pagehide): fetch with keepalive, because sendBeacon can only POST and cannot
 * carry the identity headers. Failures are ignored: statistics never bother the visitor.
 */
function keepaliveJson(path: string, method: string, body: unknown, signedIn = false): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signedIn) Object.assign(headers, identityHeaders());
  void fetch(path, { method, headers, body: JSON.stringify(body), keepalive: true }).catch(() => {});
}

export function updateVisitorHistory(id: string, viewingSeconds: number, final: boolean): Promise<unknown> {
  const path = `/v2/visitorhistory/${encodeURIComponent(id)}`;
  if (final) return Promise.resolve(keepaliveJson(path, 'PATCH', { viewingSeconds }));
  return request(path, { method: 'PATCH', body: { viewingSeconds } });
}

export function reportVisitorSession(headquarter: string, session: VisitorReport, final: boolean): Promise<unknown> {
  const path = `/v2/helper/visitorHistory?headquarter=${encodeURIComponent(headquarter)}`;
  if (final) return Promise.resolve(keepaliveJson(path, 'POST', session, true));
  return request(path, { method: 'POST', body: session });
}

export interface DayRangeQuery {
  from: string;
  to: string;
}

const rangeQuery = (range: DayRangeQuery) => `from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;

export const buildingAnalytics = (buildingId: string, range: DayRangeQuery) =>
  request<BuildingAnalytics>(`/v2/analytics/buildings/${encodeURIComponent(buildingId)}?${rangeQuery(range)}`);

/**
 * The server's CSV as a download. A plain link cannot send the identity headers, so the file is fetched and handed
 * to the browser as an object URL.
 */
export async function downloadAnalyticsCsv(buildingId: string, range: DayRangeQuery): Promise<void> {
  const headers = identityHeaders();
  const res = await fetch(`/v2/analytics/buildings/${encodeURIComponent(buildingId)}/export.csv?${rangeQuery(range)}`, { headers });
  if (!res.ok) throw new HttpError(res.status, (await res.json().catch(() => null)) as HttpError['body']);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `analytics-${buildingId}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download once click() returns; revoke a moment later for older engines.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
