// What the retailer reads, as catalog keys with their values (UI-free): the flat panel and the in-world panel
// translate the same descriptions, so both say the same thing in the visitor's language.
import type { Marker } from '../../protocol/tour.ts';
import type { OrderingState, OrderSummary } from '../../protocol/ordering.ts';
import type { AddResult, OrderingFailure, OrderingStore } from './orderingStore.ts';
import type catalog from '../../../locales/en/ordering.json';

/** Snapshots of the store are read-only all the way down. */
type DeepReadonly<T> = T extends (infer U)[] ? readonly DeepReadonly<U>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** A key of the 'ordering' catalog (typed from the English one, the source of truth). */
export type OrderingKey = keyof typeof catalog;

export interface Message {
  key: OrderingKey;
  values?: Record<string, string | number>;
  /** The platform's own words, shown as they are after the translated sentence. */
  platformMessage?: string | null;
  tone: 'info' | 'success' | 'error';
}

/** Money in the visitor's locale; a currency the browser does not know is written after the number. */
export function formatMoney(amount: number, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(amount)} ${currency}`.trim();
  }
}

const FAILURE_KEYS: Record<OrderingFailure['code'], OrderingKey> = {
  ORDERING_NO_PRICE: 'ordering.no-price',
  ORDERING_FAILED: 'ordering.refused',
  ORDERING_UNREACHABLE: 'ordering.unreachable',
  NETWORK: 'ordering.unreachable',
  ORDERING_SESSION_EXPIRED: 'ordering.session-ended',
  ORDERING_CODE_REJECTED: 'ordering.code-rejected',
  ORDERING_MARKER_NOT_ORDERABLE: 'ordering.not-orderable',
  ORDERING_OFF: 'ordering.something-wrong',
  OTHER: 'ordering.something-wrong',
};

export function failureMessage(failure: OrderingFailure): Message {
  // Section 8: when order creation fails, the platform's messages (joined with spaces) are what the retailer reads.
  if (failure.code === 'ORDERING_FAILED' && failure.platformMessage) return { key: 'ordering.platform-said', values: { message: failure.platformMessage }, tone: 'error' };
  return { key: FAILURE_KEYS[failure.code], tone: 'error' };
}

export function collectionName(state: DeepReadonly<OrderingState> | null, id: string): string {
  return state?.collections.find((c) => c.id === id)?.name ?? id;
}

export function currencyOf(state: DeepReadonly<OrderingState> | null, priceTypeId: string | null): string {
  return state?.priceTypes.find((p) => p.id === priceTypeId)?.currency ?? '';
}

export function resultMessage(result: DeepReadonly<AddResult>, lang: string): Message {
  if (!result.ok) return failureMessage(result.failure);
  const { answer } = result;
  const values = {
    product: answer.productName ?? answer.line.skuId,
    order: answer.order.id,
    lines: answer.order.addedLines,
    total: formatMoney(answer.order.addedTotal, answer.currency, lang),
  };
  return { key: answer.created ? 'ordering.added-new-order' : 'ordering.added', values, tone: 'success' };
}

/** "Order ORD-1 (Spring/Summer 2027): lines added in this visit: 2, total $2,580.00", or only its name before any add. */
export function orderLine(order: OrderSummary, state: DeepReadonly<OrderingState> | null, lang: string): Message {
  if (order.addedLines === 0) return { key: 'ordering.order-untouched', values: { order: order.id, collection: collectionName(state, order.collectionId) }, tone: 'info' };
  return {
    key: 'ordering.order-summary',
    values: {
      order: order.id, collection: collectionName(state, order.collectionId), lines: order.addedLines,
      total: formatMoney(order.addedTotal, currencyOf(state, order.priceTypeId), lang),
    },
    tone: 'info',
  };
}

/** True for a tag marker the owner linked to a style (section 3's custom attributes: product and collection). */
export function isOrderable(marker: Marker): boolean {
  const { orderingProductId, orderingCollectionId } = marker.customAttributes;
  return marker.type === 'tag' && Boolean(orderingProductId?.trim()) && Boolean(orderingCollectionId?.trim());
}

/** The "Add to order" control of one marker's panel, or null when this visitor or marker has none. */
export interface OrderControl {
  label: Message;
  busy: boolean;
  /** The outcome of the last press, or why ordering cannot be used now. */
  message: Message | null;
  disabled: boolean;
}

export function orderControl(marker: Marker, store: DeepReadonly<Pick<OrderingStore, 'status' | 'adding' | 'results' | 'failure'>>, lang: string): OrderControl | null {
  if (store.status === 'off' || !isOrderable(marker)) return null;
  const busy = Boolean(store.adding[marker.objectId]);
  const result = store.results[marker.objectId];
  const label: Message = { key: busy ? 'ordering.adding' : 'ordering.add', tone: 'info' };
  if (store.status === 'starting') return { label, busy: false, disabled: true, message: { key: 'ordering.starting', tone: 'info' } };
  if (store.status === 'failed' && !result) return { label, busy: false, disabled: true, message: store.failure ? failureMessage(store.failure) : null };
  return { label, busy, disabled: busy || store.status !== 'ready', message: result ? resultMessage(result, lang) : null };
}
