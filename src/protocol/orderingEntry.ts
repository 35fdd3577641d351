// How a retailer arrives (spec section 4's init sequence): the wholesale ordering platform opens the viewer in a
// frame and its authorisation step sends the frame back to the same page with `code` and `session_state` added.
// The page names the service (production or staging), the brand's account and the retailer:
//   /{buildingId}?service=staging&account=A1&retailer=R7&code=…&session_state=…
// Free of zod: it is read when the viewer's entry chunk starts (ordering.ts, with the schemas, re-exports these).

export const ORDERING_SERVICES = ['production', 'staging'] as const;
export type OrderingService = (typeof ORDERING_SERVICES)[number];

/** The parameters the authorisation step adds; they are not part of the registered redirect address. */
export const AUTHORISATION_PARAMS = ['code', 'session_state'] as const;

export interface OrderingEntry {
  service: OrderingService;
  accountId: string;
  retailerId: string;
  /** Present only on the first load after authorisation; the page removes it from the address once used. */
  code: string | null;
}

const PLATFORM_ID = /^[A-Za-z0-9._:-]{1,200}$/;

/** The ordering context of a page address, or null when the page was not opened by the platform. */
export function orderingEntry(pageUrl: string): OrderingEntry | null {
  let params: URLSearchParams;
  try {
    params = new URL(pageUrl).searchParams;
  } catch {
    return null;
  }
  const accountId = params.get('account')?.trim() ?? '';
  const retailerId = params.get('retailer')?.trim() ?? '';
  if (!PLATFORM_ID.test(accountId) || !PLATFORM_ID.test(retailerId)) return null;
  const service = params.get('service');
  const code = params.get('code')?.trim() || null;
  return {
    service: (ORDERING_SERVICES as readonly string[]).includes(service ?? '') ? (service as OrderingService) : 'production',
    accountId,
    retailerId,
    code,
  };
}

/**
 * The redirect_uri of the code exchange (section 7): the current page minus session_state and code. Everything else
 * (path, other parameters in their order, the fragment) stays as it was, because the platform compares it with the
 * address its authorisation step was given.
 */
export function redirectUriOf(pageUrl: string): string {
  const url = new URL(pageUrl);
  // The raw pairs are kept as they were written (no re-encoding), so the address matches the one the platform saw.
  const kept = url.search.replace(/^\?/, '').split('&').filter((pair) => {
    if (pair === '') return false;
    const key = safeDecode(pair.split('=')[0] ?? '');
    return !(AUTHORISATION_PARAMS as readonly string[]).includes(key);
  });
  url.search = kept.length > 0 ? `?${kept.join('&')}` : '';
  url.hash = '';
  return url.toString();
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The page's address without the code once it has been used (for history.replaceState; keeps the fragment). */
export function addressWithoutCode(pageUrl: string): string {
  const hash = new URL(pageUrl).hash;
  return redirectUriOf(pageUrl) + hash;
}
