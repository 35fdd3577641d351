import { normalizeEmbedSite } from '../../../protocol/embedSites.ts';
import { json } from '../../db/columns.ts';
import type { BuildingRow } from './buildings.repository.ts';

/**
 * The sites that may frame a tour, as stored (empty: any site). Each goes into a response header, so each is checked
 * again here: a value that is not a site address (a hand-edited row) is dropped rather than written into the policy.
 */
export function embedSitesOf(row: Pick<BuildingRow, 'embedSites'>): string[] {
  return json<unknown[]>(row.embedSites, [])
    .map((site) => (typeof site === 'string' ? normalizeEmbedSite(site) : null))
    .filter((site): site is string => site !== null);
}
