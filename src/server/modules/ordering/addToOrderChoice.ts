import type { Order, Price, Sku } from './platform.schemas.ts';

/**
 * Section 4's add-to-order choice, free of I/O: the in-progress order of the current price type and the marker's
 * collection (or none: one must be created), and the first sku of the style with a price in that price type.
 */
export function matchingOrder(orders: readonly Order[], priceTypeId: string, collectionId: string): Order | null {
  return orders.find((o) => o.price_type.id === priceTypeId && o.collection.id === collectionId) ?? null;
}

export interface PricedSku {
  skuId: string;
  wholesalePrice: number;
}

/**
 * The first sku (in the platform's order) of the product that has a wholesale price in the price type; null when
 * none has one ("The style doesn't support the selected currency.").
 */
export function firstPricedSku(skus: readonly Sku[], prices: readonly Price[], productId: string, priceTypeId: string): PricedSku | null {
  for (const sku of skus) {
    if (sku.product_id !== productId) continue;
    const price = prices.find((p) => p.sku_id === sku.id && p.price_type.id === priceTypeId && typeof p.wholesale_value === 'number' && Number.isFinite(p.wholesale_value));
    if (price) return { skuId: sku.id, wholesalePrice: price.wholesale_value as number };
  }
  return null;
}

/** Money adds up in cents, so 0.1 + 0.2 shows as 0.3. */
export function addMoney(a: number, b: number): number {
  return Math.round((a + b) * 100) / 100;
}
