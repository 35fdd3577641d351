// The `?next=` parameter of /login and /signup: where to return after success. Only a path of this site is accepted
// (never another origin, a protocol-relative //host, a backslash trick or a script URL), so a crafted link cannot
// send a visitor who just typed their password to somebody else's page.

/** Where visitors land when `next` is missing or refused: the route named default (the instance's default tour). */
export const DEFAULT_NEXT = '/';
const ACCOUNT_PATHS = new Set(['/login', '/signup']);
const PROBE_ORIGIN = 'https://atrium.invalid';

// URL parsing drops tabs and newlines ('/\t/evil.example' becomes '//evil.example'): refuse them before parsing.
const hasControlCharacter = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** A same-origin path with its query and hash, or DEFAULT_NEXT. */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControlCharacter(raw)) return DEFAULT_NEXT;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return DEFAULT_NEXT;
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_NEXT;
  // Returning to the login or sign-up page after signing in would be a loop.
  if (ACCOUNT_PATHS.has(url.pathname.replace(/\/+$/, ''))) return DEFAULT_NEXT;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The address of an account page that returns to `next`, keeping the interface language of the page it came from. */
export function accountPageHref(page: 'login' | 'signup', next: string, locale: string | null): string {
  const params = new URLSearchParams();
  params.set('next', safeNextPath(next));
  if (locale) params.set('locale', locale);
  return `/${page}?${params}`;
}

/** The current page as a `next` value (path and query, never the origin). */
export function currentPath(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
