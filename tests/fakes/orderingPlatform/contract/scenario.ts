// One pass over every call of spec section 7 with Atrium's real platform client, including the failures the product
// reacts to. record.ts runs it against the fake and writes transcript.json; the contract test runs it again against the
// transcript (the client's side) and replays the transcript against a fresh fake (the fake's side).
import { OrderingPlatformClient, PlatformError } from '../../../../src/server/modules/ordering/platformClient.ts';

export const CONTRACT_CLIENT_ID = 'atrium-contract';
export const CONTRACT_REDIRECT_URI = 'https://tours.example/tour1?service=production&account=BRAND-1&retailer=RET-7';
export const CONTRACT_API = 'https://platform.example';

/** What the client made of the answers: compared with the recorded outcome, so a reading change shows. */
export type Outcome = Record<string, unknown>;

async function failure(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return 'no failure';
  } catch (error) {
    return error instanceof PlatformError ? { kind: error.kind, messages: error.messages, status: error.status ?? null } : String(error);
  }
}

export async function runScenario(fetchFn: typeof fetch, code: string): Promise<Outcome> {
  const client = new OrderingPlatformClient({
    endpoints: { apiUrl: CONTRACT_API, tokenUrl: `${CONTRACT_API}/oauth/token` }, clientId: CONTRACT_CLIENT_ID, fetch: fetchFn,
  });
  const out: Outcome = {};
  const token = await client.exchangeCode(code, CONTRACT_REDIRECT_URI);
  out.token = token;
  const at = token.access_token;
  out.collections = await client.collections(at, 'BRAND-1');
  out.priceTypes = await client.priceTypes(at, 'BRAND-1');
  out.orders = await client.inProgressOrders(at, 'RET-7');
  out.products = await client.products(at, 'BRAND-1', ['P-100', 'P-300']);
  const skus = await client.skus(at, 'BRAND-1', ['P-100']);
  out.skus = skus;
  out.prices = await client.prices(at, 'BRAND-1', skus.map((s) => s.id));
  const order = await client.createOrder(at, 'BRAND-1', 'RET-7', { customer_id: 'RET-7', price_type_id: 'PT-USD', collection_id: 'COL-SS27', status: 'IN_PROGRESS' });
  out.createdOrder = order;
  out.line = await client.addLineItem(at, 'RET-7', { order_id: order.id, sku_id: 'SKU-100-M', wholesale_price: 1290.5, quantity: 1 });
  out.closedCollection = await failure(() => client.createOrder(at, 'BRAND-1', 'RET-7', { customer_id: 'RET-7', price_type_id: 'PT-USD', collection_id: 'COL-RESORT', status: 'IN_PROGRESS' }));
  out.unpricedLine = await failure(() => client.addLineItem(at, 'RET-7', { order_id: order.id, sku_id: 'SKU-100-S', wholesale_price: 1150, quantity: 1 }));
  out.badToken = await failure(() => client.priceTypes('not-a-token', 'BRAND-1'));
  out.otherAccount = await failure(() => client.collections(at, 'BRAND-2'));
  const renewed = await client.refresh(token.refresh_token);
  out.renewed = renewed;
  out.ordersAfterRenewal = await client.inProgressOrders(renewed.access_token, 'RET-7');
  out.spentRefresh = await failure(() => client.refresh(token.refresh_token));
  out.usedCode = await failure(() => client.exchangeCode(code, CONTRACT_REDIRECT_URI));
  return out;
}
