import {
  ORDERING_SESSION_HEADER, orderingPaths,
  type AddToOrderAnswer, type OrderingSessionAnswer, type OrderingSessionBody, type OrderingState,
} from '../protocol/ordering.ts';
import { request } from './httpClient.ts';

/**
 * Wholesale ordering's calls to Atrium's server (never to the platform: the server holds the tokens). The session id
 * from the start answer goes along as a header; after a reload the HttpOnly cookie stands in for it.
 */
let sessionId: string | null = null;
/**
 * The server makes up to four platform calls in a row for one press, each with its own 30 s limit: the browser waits
 * for all of them, or it would call a press failed that the server is still completing.
 */
const CHAIN_TIMEOUT_MS = 4 * 30_000 + 5_000;
const sessionHeaders = (): Record<string, string> => (sessionId ? { [ORDERING_SESSION_HEADER]: sessionId } : {});

export async function startOrderingSession(body: OrderingSessionBody): Promise<OrderingState> {
  const answer = await request<OrderingSessionAnswer>(orderingPaths.sessions, { method: 'POST', body, timeoutMs: CHAIN_TIMEOUT_MS });
  sessionId = answer.sessionId;
  return answer.state;
}

export const orderingStateCall = () => request<OrderingState>(orderingPaths.state, { headers: sessionHeaders() });

export const priceTypeCall = (priceTypeId: string) =>
  request<OrderingState>(orderingPaths.priceType, { method: 'PUT', body: { priceTypeId }, headers: sessionHeaders() });

export const addToOrderCall = (markerId: string) =>
  request<AddToOrderAnswer>(orderingPaths.add, { method: 'POST', body: { markerId }, headers: sessionHeaders(), timeoutMs: CHAIN_TIMEOUT_MS });

export interface OrderingApi {
  start: typeof startOrderingSession;
  state: typeof orderingStateCall;
  setPriceType: typeof priceTypeCall;
  add: typeof addToOrderCall;
}

export const orderingApi: OrderingApi = { start: startOrderingSession, state: orderingStateCall, setPriceType: priceTypeCall, add: addToOrderCall };
