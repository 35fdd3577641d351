import { EMBED_SITES_LIMIT, normalizeEmbedSite } from '../../../protocol/embedSites.ts';

export type EmbedMode = 'anywhere' | 'listed';
export type EmbedSitesProblem = { kind: 'invalid'; site: string } | { kind: 'too-many'; limit: number } | { kind: 'empty' };

/**
 * The owner's choice as the list the server keeps: any site is the empty list; listed sites are read one per line
 * (blank lines ignored), checked with the server's own rule so the first wrong line is named before anything is sent.
 */
export function readEmbedSites(mode: EmbedMode, text: string): { sites: string[] } | { problem: EmbedSitesProblem } {
  if (mode === 'anywhere') return { sites: [] };
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) return { problem: { kind: 'empty' } };
  const sites: string[] = [];
  for (const line of lines) {
    const site = normalizeEmbedSite(line);
    if (site === null) return { problem: { kind: 'invalid', site: line } };
    if (!sites.includes(site)) sites.push(site);
  }
  if (sites.length > EMBED_SITES_LIMIT) return { problem: { kind: 'too-many', limit: EMBED_SITES_LIMIT } };
  return { sites };
}
