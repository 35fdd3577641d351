import { describe, expect, it } from 'vitest';
import type { Marker } from '../../protocol/tour.ts';
import type { AddToOrderAnswer, OrderingState } from '../../protocol/ordering.ts';
import { formatMoney, isOrderable, orderControl, orderLine, resultMessage } from './orderingMessages.ts';
import type { OrderingStore } from './orderingStore.ts';

const tag = (ids: { product?: string | null; collection?: string | null }, type = 'tag') =>
  ({ objectId: 'm1', type, customAttributes: { orderingProductId: ids.product ?? null, orderingCollectionId: ids.collection ?? null } }) as Marker;

const state: OrderingState = {
  service: 'production', accountId: 'A', retailerId: 'R', currentPriceTypeId: 'USD',
  priceTypes: [{ id: 'USD', name: 'Wholesale USD', currency: 'USD' }, { id: 'EUR', name: 'Wholesale EUR', currency: 'EUR' }],
  collections: [{ id: 'C1', name: 'Spring' }], orders: [],
};
const ready: Pick<OrderingStore, 'status' | 'adding' | 'results' | 'failure'> = { status: 'ready', adding: {}, results: {}, failure: null };

describe('which markers offer "Add to order"', () => {
  it('only tags with both of the platform\'s ids', () => {
    expect(isOrderable(tag({ product: 'P', collection: 'C' }))).toBe(true);
    expect(isOrderable(tag({ product: 'P' }))).toBe(false);
    expect(isOrderable(tag({ product: ' ', collection: 'C' }))).toBe(false);
    expect(isOrderable(tag({ product: 'P', collection: 'C' }, 'memo'))).toBe(false);
  });

  it('only to a retailer: nothing while ordering is off', () => {
    expect(orderControl(tag({ product: 'P', collection: 'C' }), { ...ready, status: 'off' }, 'en')).toBeNull();
    expect(orderControl(tag({ product: 'P', collection: 'C' }), ready, 'en')).toMatchObject({ disabled: false, message: null, label: { key: 'ordering.add' } });
  });

  it('is disabled while the session starts or a press is on its way', () => {
    expect(orderControl(tag({ product: 'P', collection: 'C' }), { ...ready, status: 'starting' }, 'en')).toMatchObject({ disabled: true, message: { key: 'ordering.starting' } });
    expect(orderControl(tag({ product: 'P', collection: 'C' }), { ...ready, adding: { m1: true } }, 'en')).toMatchObject({ disabled: true, busy: true, label: { key: 'ordering.adding' } });
  });

  it('says why when the session could not start', () => {
    const failed = { ...ready, status: 'failed' as const, failure: { code: 'ORDERING_CODE_REJECTED' as const, platformMessage: null } };
    expect(orderControl(tag({ product: 'P', collection: 'C' }), failed, 'en')).toMatchObject({ disabled: true, message: { key: 'ordering.code-rejected', tone: 'error' } });
  });
});

describe('the outcome of a press (section 8)', () => {
  const answer = (created: boolean): AddToOrderAnswer => ({
    created, productName: 'Sofa', currency: 'USD', state,
    order: { id: 'O1', priceTypeId: 'USD', collectionId: 'C1', addedLines: 2, addedTotal: 2581 },
    line: { skuId: 'S1', wholesalePrice: 1290.5, quantity: 1 },
  });

  it('confirms with the order, its lines added in this visit and their total', () => {
    expect(resultMessage({ ok: true, answer: answer(false) }, 'en')).toEqual({ key: 'ordering.added', tone: 'success', values: { product: 'Sofa', order: 'O1', lines: 2, total: '$2,581.00' } });
    expect(resultMessage({ ok: true, answer: answer(true) }, 'en').key).toBe('ordering.added-new-order');
  });

  it('shows the platform\'s joined errors as they are, and its own sentences for the rest', () => {
    expect(resultMessage({ ok: false, failure: { code: 'ORDERING_FAILED', platformMessage: 'Closed. Call us.' } }, 'en')).toEqual({ key: 'ordering.platform-said', values: { message: 'Closed. Call us.' }, tone: 'error' });
    expect(resultMessage({ ok: false, failure: { code: 'ORDERING_FAILED', platformMessage: null } }, 'en').key).toBe('ordering.refused');
    expect(resultMessage({ ok: false, failure: { code: 'ORDERING_NO_PRICE', platformMessage: null } }, 'en').key).toBe('ordering.no-price');
    expect(resultMessage({ ok: false, failure: { code: 'NETWORK', platformMessage: null } }, 'en').key).toBe('ordering.unreachable');
    expect(resultMessage({ ok: false, failure: { code: 'ORDERING_UNREACHABLE', platformMessage: null } }, 'en').key).toBe('ordering.unreachable');
  });
});

describe('orders in the retailer\'s bar', () => {
  it('names the collection; counts appear once this visit added to the order', () => {
    expect(orderLine({ id: 'O1', priceTypeId: 'USD', collectionId: 'C1', addedLines: 0, addedTotal: 0 }, state, 'en'))
      .toMatchObject({ key: 'ordering.order-untouched', values: { order: 'O1', collection: 'Spring' } });
    expect(orderLine({ id: 'O1', priceTypeId: 'EUR', collectionId: 'C9', addedLines: 1, addedTotal: 12.5 }, state, 'de'))
      .toMatchObject({ key: 'ordering.order-summary', values: { collection: 'C9', lines: 1, total: '12,50\u00a0€' } });
  });

  it('writes an unknown currency code after the number', () => {
    expect(formatMoney(10, '', 'en')).toBe('10');
    expect(formatMoney(10, 'POINTS', 'en')).toBe('10 POINTS');
  });
});
