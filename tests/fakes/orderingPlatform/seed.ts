// What the fake platform starts with: one brand account selling to one retailer (and a second retailer whose order
// must never show), two price types, three collections (one closed, so creating an order there fails with an errors
// array), four styles with skus and prices chosen to reach every branch of section 4's add-to-order choice.

export const FAKE_ACCOUNT = 'BRAND-1';
export const FAKE_RETAILER = 'RET-7';
export const FAKE_OTHER_RETAILER = 'RET-9';

export interface SeedPriceType { id: string; name: string; currency: string }
export interface SeedCollection { id: string; name: string; closed?: boolean }
export interface SeedProduct { id: string; name: string; collection_id: string }
export interface SeedSku { id: string; product_id: string; size: string }
export interface SeedPrice { sku_id: string; price_type: { id: string }; wholesale_value: number; retail_value: number }
export interface SeedOrder { id: string; retailer: string; status: string; price_type: { id: string }; collection: { id: string } }

export interface PlatformSeed {
  account: string;
  retailers: string[];
  priceTypes: SeedPriceType[];
  collections: SeedCollection[];
  products: SeedProduct[];
  skus: SeedSku[];
  prices: SeedPrice[];
  orders: SeedOrder[];
}

const price = (sku: string, priceType: string, wholesale: number): SeedPrice =>
  ({ sku_id: sku, price_type: { id: priceType }, wholesale_value: wholesale, retail_value: Math.round(wholesale * 2.2) });

export function platformSeed(): PlatformSeed {
  return {
    account: FAKE_ACCOUNT,
    retailers: [FAKE_RETAILER, FAKE_OTHER_RETAILER],
    priceTypes: [
      { id: 'PT-USD', name: 'Wholesale USD', currency: 'USD' },
      { id: 'PT-EUR', name: 'Wholesale EUR', currency: 'EUR' },
    ],
    collections: [
      { id: 'COL-SS27', name: 'Spring/Summer 2027' },
      { id: 'COL-AW27', name: 'Autumn/Winter 2027' },
      { id: 'COL-RESORT', name: 'Resort 2027', closed: true },
    ],
    products: [
      { id: 'P-100', name: 'Linen Sofa', collection_id: 'COL-SS27' },
      { id: 'P-200', name: 'Oak Chair', collection_id: 'COL-AW27' },
      { id: 'P-300', name: 'Brass Lamp', collection_id: 'COL-SS27' },
      { id: 'P-400', name: 'Wool Throw', collection_id: 'COL-RESORT' },
    ],
    skus: [
      // The sofa's first sku has no USD price: in USD the second one is ordered, in EUR the first.
      { id: 'SKU-100-S', product_id: 'P-100', size: 'S' },
      { id: 'SKU-100-M', product_id: 'P-100', size: 'M' },
      { id: 'SKU-100-L', product_id: 'P-100', size: 'L' },
      { id: 'SKU-200-A', product_id: 'P-200', size: 'one size' },
      { id: 'SKU-300-A', product_id: 'P-300', size: 'one size' },
      { id: 'SKU-400-A', product_id: 'P-400', size: 'one size' },
    ],
    prices: [
      price('SKU-100-S', 'PT-EUR', 1150),
      price('SKU-100-M', 'PT-USD', 1290.5),
      price('SKU-100-M', 'PT-EUR', 1190),
      price('SKU-100-L', 'PT-USD', 1390),
      price('SKU-200-A', 'PT-USD', 240),
      price('SKU-200-A', 'PT-EUR', 220),
      // The lamp is sold in USD only: in EUR, "The style doesn't support the selected currency."
      price('SKU-300-A', 'PT-USD', 95.25),
      price('SKU-400-A', 'PT-USD', 80),
      price('SKU-400-A', 'PT-EUR', 75),
    ],
    orders: [
      { id: 'ORD-5001', retailer: FAKE_RETAILER, status: 'IN_PROGRESS', price_type: { id: 'PT-USD' }, collection: { id: 'COL-AW27' } },
      { id: 'ORD-5002', retailer: FAKE_RETAILER, status: 'SUBMITTED', price_type: { id: 'PT-USD' }, collection: { id: 'COL-SS27' } },
      { id: 'ORD-6001', retailer: FAKE_OTHER_RETAILER, status: 'IN_PROGRESS', price_type: { id: 'PT-USD' }, collection: { id: 'COL-SS27' } },
    ],
  };
}
