// Which sites may show a tour inside a frame: the owner's list, checked the same way in the studio (to say at once
// which line is wrong, in the owner's language) and on the server (the Content-Security-Policy's frame-ancestors).
import { z } from 'zod';

export const EMBED_SITES_LIMIT = 20;

const HOST_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A site as a frame-ancestors source: scheme, host (a leading "*." for every subdomain) and port, nothing else.
 * Returns it in one spelling (lower case, no trailing slash, default port dropped), or null when it is not a site
 * address: a path, a query, credentials, another scheme, spaces or control characters inside, a bare "*".
 */
export function normalizeEmbedSite(input: string): string | null {
  const text = input.trim();
  const match = /^(https?):\/\/(\*\.)?([^/:?#\s]+)(?::(\d{1,5}))?\/?$/i.exec(text);
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  const wildcard = match[2] ? '*.' : '';
  const host = match[3]!.toLowerCase();
  const labels = host.split('.');
  if (labels.some((label) => !HOST_LABEL.test(label))) return null;
  // A wildcard needs a real domain under it (*.com would let half the web in).
  if (wildcard && labels.length < 2) return null;
  const port = match[4] === undefined ? '' : Number(match[4]);
  if (port !== '' && (port < 1 || port > 65_535)) return null;
  const defaultPort = (scheme === 'https' && port === 443) || (scheme === 'http' && port === 80);
  return `${scheme}://${wildcard}${host}${port === '' || defaultPort ? '' : `:${port}`}`;
}

export const EMBED_SITE_MESSAGE = 'must be a site address such as https://www.example.com or https://*.example.com';

/** One site of the list, given back normalised. */
export const EmbedSiteSchema = z.string().max(300).transform((value, ctx) => {
  const site = normalizeEmbedSite(value);
  if (site === null) {
    ctx.addIssue({ code: 'custom', message: EMBED_SITE_MESSAGE });
    return z.NEVER;
  }
  return site;
});

/** The owner's list; empty means any site may embed the tour. Duplicates (after normalising) are kept once. */
export const EmbedSitesSchema = z.array(EmbedSiteSchema).max(EMBED_SITES_LIMIT, `list at most ${EMBED_SITES_LIMIT} sites`)
  .transform((sites) => [...new Set(sites)]);
