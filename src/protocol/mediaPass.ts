/**
 * Media of a tour that is not open to everyone (behind a visitor gate, a draft) is served only under a pass:
 * `/media/pass/<tourId>.<expiry>.<signature>/<file>`. The server hands such URLs to whoever it let in; the pass is
 * part of the path (not the query) so tile URLs resolved relative to a manifest keep it.
 */
export const MEDIA_PREFIX = '/media/';
export const MEDIA_PASS_PREFIX = '/media/pass/';

const PASS_URL = /^\/media\/pass\/[A-Za-z0-9_-]+\.[0-9a-z]+\.[A-Za-z0-9_-]+\//;

/** The plain media URL behind a pass URL (what the database keeps); any other string unchanged. */
export function withoutMediaPass(url: string): string {
  return url.replace(PASS_URL, MEDIA_PREFIX);
}
