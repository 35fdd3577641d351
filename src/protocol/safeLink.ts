/**
 * The one check of every address an owner writes (marker links, photos, icons, PDFs, audio, action links) and of every
 * address the viewer puts in an href or src. Shared by the server (refused on write, with a message naming the field)
 * and the viewer (dropped on read, for data written before the check existed or imported).
 *
 * Browsers strip tabs and newlines anywhere in a URL and control characters and spaces at its ends before they look at
 * the scheme, so "java\tscript:" and "\u0001javascript:" run script: a check must see the address as the browser will,
 * and an address holding such characters is refused outright (no owner needs them).
 */

/** Why an address is refused; null when it is fine. */
export type LinkProblem = 'control-characters' | 'scheme' | 'traversal' | 'not-media';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const HTTP = /^https?:\/\/[^\s/?#]+/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** Files uploaded through the studio, served by this server. */
const MEDIA_PATH = /^\/media\/[A-Za-z0-9._/-]+$/;
/** A ".." path segment, written plainly or percent-encoded (%2e), with either slash. */
const DOT_DOT_SEGMENT = /(^|[/\\])(\.|%2e){2}([/\\?#]|$)/i;

/**
 * An address a visitor may be sent to or shown from: http(s), this server's paths (not protocol-relative to another
 * host unless written as //host), and, with `relative`, plain relative paths. Never javascript:, data:, file: or
 * anything with control characters; never a "..".
 */
export function linkProblem(raw: string, opts: { relative?: boolean; mailto?: boolean } = {}): LinkProblem | null {
  if (CONTROL.test(raw)) return 'control-characters';
  const url = raw.trim();
  if (DOT_DOT_SEGMENT.test(url.split(/[?#]/)[0] ?? '')) return 'traversal';
  if (HTTP.test(url)) return null;
  if (url.startsWith('//')) return /^\/\/[^\s/?#]+/.test(url) ? null : 'scheme';
  if (url.startsWith('/')) return null;
  if (opts.mailto && /^mailto:[^\s]+$/i.test(url)) return null;
  if (SCHEME.test(url)) return 'scheme';
  return opts.relative ? null : 'scheme';
}

/** An address people open: an absolute http(s) address only. */
export function webLinkProblem(raw: string): LinkProblem | null {
  return linkProblem(raw) ?? (HTTP.test(raw.trim()) ? null : 'scheme');
}

/** A file a marker shows: an http(s) address or a file uploaded to this server (/media/...). */
export function mediaLinkProblem(raw: string): LinkProblem | null {
  const problem = linkProblem(raw);
  if (problem) return problem;
  const url = raw.trim();
  return HTTP.test(url) || MEDIA_PATH.test(url) ? null : 'not-media';
}

/** The messages the studio shows under a field (English, like every validation message of the API). */
export const LINK_PROBLEM_MESSAGES = {
  'control-characters': 'must not contain control characters (tabs, line breaks or invisible characters)',
  scheme: 'must be an http(s) address',
  traversal: 'must not contain ".." path segments',
  'not-media': 'must be an http(s) address or an uploaded file',
} as const satisfies Record<LinkProblem, string>;
