import { describe, expect, it } from 'vitest';
import { addMoney, firstPricedSku, matchingOrder } from './addToOrderChoice.ts';
import type { Order, Price, Sku } from './platform.schemas.ts';

const order = (id: string, priceType: string, collection: string): Order => ({ id, price_type: { id: priceType }, collection: { id: collection } });
const sku = (id: string, product: string): Sku => ({ id, product_id: product });
const price = (skuId: string, priceType: string, value: number | null): Price => ({ sku_id: skuId, price_type: { id: priceType }, wholesale_value: value });

describe('matchingOrder', () => {
  const orders = [order('o1', 'usd', 'fall'), order('o2', 'eur', 'spring'), order('o3', 'usd', 'spring')];

  it('finds the in-progress order of the current price type and the marker\'s collection', () => {
    expect(matchingOrder(orders, 'usd', 'spring')?.id).toBe('o3');
    expect(matchingOrder(orders, 'eur', 'spring')?.id).toBe('o2');
  });

  it('is null when the price type or the collection differs: a new order is created', () => {
    expect(matchingOrder(orders, 'eur', 'fall')).toBeNull();
    expect(matchingOrder(orders, 'gbp', 'spring')).toBeNull();
    expect(matchingOrder([], 'usd', 'fall')).toBeNull();
  });
});

describe('firstPricedSku', () => {
  const skus = [sku('s1', 'p1'), sku('s2', 'p1'), sku('s3', 'p1'), sku('x1', 'p2')];

  it('takes the first sku with a price in the price type, in the platform\'s order', () => {
    const prices = [price('s3', 'usd', 30), price('s2', 'usd', 20), price('s1', 'eur', 9)];
    expect(firstPricedSku(skus, prices, 'p1', 'usd')).toEqual({ skuId: 's2', wholesalePrice: 20 });
    expect(firstPricedSku(skus, prices, 'p1', 'eur')).toEqual({ skuId: 's1', wholesalePrice: 9 });
  });

  it('is null when no sku of the style has a price in the price type', () => {
    expect(firstPricedSku(skus, [price('s1', 'eur', 9)], 'p1', 'usd')).toBeNull();
    expect(firstPricedSku(skus, [price('s1', 'usd', null)], 'p1', 'usd')).toBeNull();
    expect(firstPricedSku([], [], 'p1', 'usd')).toBeNull();
  });

  it('ignores skus of other styles', () => {
    expect(firstPricedSku(skus, [price('x1', 'usd', 5)], 'p1', 'usd')).toBeNull();
  });

  it('accepts a price of zero', () => {
    expect(firstPricedSku(skus, [price('s1', 'usd', 0)], 'p1', 'usd')).toEqual({ skuId: 's1', wholesalePrice: 0 });
  });
});

describe('addMoney', () => {
  it('adds in cents', () => {
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(addMoney(19.99, 5.01)).toBe(25);
  });
});
