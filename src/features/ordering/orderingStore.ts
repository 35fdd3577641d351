// The retailer's ordering state in the page (UI-free): the flat bar, the flat marker panel and the in-world panel all
// read this one store, so a press in VR shows in the flat panel after leaving VR and the other way round.
import { HttpError, NetworkError } from '../../api/httpClient.ts';
import { orderingApi, type OrderingApi } from '../../api/ordering.ts';
import type { AddToOrderAnswer, OrderingErrorCode, OrderingState } from '../../protocol/ordering.ts';
import { redirectUriOf, type OrderingEntry } from '../../protocol/orderingEntry.ts';
import { proxy } from '../../state/store.ts';

/** Why a call failed, in terms the messages are chosen by (orderingMessages.ts). */
export interface OrderingFailure {
  code: OrderingErrorCode | 'NETWORK' | 'OTHER';
  /** The platform's own words (section 8: an order creation's errors array, joined with spaces). */
  platformMessage: string | null;
}

export type AddResult = { ok: true; answer: AddToOrderAnswer } | { ok: false; failure: OrderingFailure };

export interface OrderingStore {
  /** off: not a retailer's page, or the server has no platform (nothing shows); failed: the start failed. */
  status: 'off' | 'starting' | 'ready' | 'failed';
  state: OrderingState | null;
  failure: OrderingFailure | null;
  switching: boolean;
  /** Markers whose add is on its way. */
  adding: Record<string, boolean>;
  /** The last add's outcome per marker, shown in that marker's panel. */
  results: Record<string, AddResult>;
}

export const ordering = proxy<OrderingStore>({ status: 'off', state: null, failure: null, switching: false, adding: {}, results: {} });

let api: OrderingApi = orderingApi;
/** Tests answer in place of the server. */
export function useOrderingApiForTests(next: OrderingApi): void {
  api = next;
}

let started = false;

export function resetOrdering(): void {
  started = false;
  Object.assign(ordering, { status: 'off', state: null, failure: null, switching: false, adding: {}, results: {} });
}

export function failureOf(error: unknown): OrderingFailure {
  if (error instanceof NetworkError) return { code: 'NETWORK', platformMessage: null };
  if (error instanceof HttpError) {
    const code = error.body?.code;
    const known = code && code.startsWith('ORDERING_') ? (code as OrderingErrorCode) : 'OTHER';
    const words = error.body?.details?.platformMessages;
    const platformMessage = Array.isArray(words) && words.length > 0 ? words.map(String).join(' ') : null;
    return { code: known, platformMessage };
  }
  return { code: 'OTHER', platformMessage: null };
}

/**
 * Section 4's init sequence, run by the server: with a code (the first load after the platform's sign-in) a new
 * session; without one (a reload) the session the cookie names. `pageUrl` is the address the platform sent the frame
 * to, read before the viewer rewrote it: redirect_uri must match the one the code was issued for.
 */
export async function startOrdering(entry: OrderingEntry, pageUrl: string): Promise<void> {
  // Once per page: a code works once (StrictMode's second effect, or the next tour of a group, must not spend it again).
  if (started) return;
  started = true;
  ordering.status = 'starting';
  ordering.failure = null;
  try {
    ordering.state = entry.code
      ? await api.start({ service: entry.service, accountId: entry.accountId, retailerId: entry.retailerId, code: entry.code, redirectUri: redirectUriOf(pageUrl) })
      : await api.state();
    ordering.status = 'ready';
  } catch (error) {
    const failure = failureOf(error);
    // A server without a platform shows nothing of ordering, as for any other visitor.
    ordering.status = failure.code === 'ORDERING_OFF' ? 'off' : 'failed';
    ordering.failure = failure;
  }
}

/** The retailer switches the price type (currency); later adds use it. */
export async function choosePriceType(priceTypeId: string): Promise<void> {
  if (ordering.switching || ordering.state?.currentPriceTypeId === priceTypeId) return;
  ordering.switching = true;
  try {
    ordering.state = await api.setPriceType(priceTypeId);
    ordering.failure = null;
  } catch (error) {
    ordering.failure = failureOf(error);
  } finally {
    ordering.switching = false;
  }
}

/** Section 4's add to order for one tag marker; a second press while the first is on its way is ignored. */
export async function addToOrder(markerId: string): Promise<void> {
  if (ordering.adding[markerId]) return;
  ordering.adding[markerId] = true;
  delete ordering.results[markerId];
  try {
    const answer = await api.add(markerId);
    // An add's answer does not list the collections again (the server skips that call): the known names stay.
    ordering.state = { ...answer.state, collections: answer.state.collections.length > 0 ? answer.state.collections : ordering.state?.collections ?? [] };
    ordering.results[markerId] = { ok: true, answer };
  } catch (error) {
    const failure = failureOf(error);
    ordering.results[markerId] = { ok: false, failure };
    if (failure.code === 'ORDERING_SESSION_EXPIRED') {
      ordering.status = 'failed';
      ordering.failure = failure;
    }
  } finally {
    delete ordering.adding[markerId];
  }
}
