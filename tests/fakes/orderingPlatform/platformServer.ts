// The fake platform's HTTP side, one listener per environment: exactly the calls of spec section 7 (token endpoint,
// products, skus, prices, price types, in-progress orders, order and line item bulk create, collections) with their
// parameters, bearer checks and errors arrays; plus the authorisation redirect a real platform's sign-in ends with,
// and /__fake/ routes tests use to look inside (not part of the platform's contract).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlatformEnvironment } from './environment.ts';

type Json = Record<string, unknown> | unknown[];
interface Answer { status: number; body: Json; headers?: Record<string, string> }

const errors = (status: number, ...messages: string[]): Answer => ({ status, body: { errors: messages.map((message) => ({ message })) } });
const data = (value: unknown[]): Answer => ({ status: 200, body: { data: value } });
const oauthError = (status: number, error: string, description: string): Answer => ({ status, body: { error, error_description: description } });

const MAX_BODY = 64 * 1024;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function list(value: string | null): string[] {
  return (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);
}

export class PlatformServer {
  private server: http.Server | null = null;
  /** Set by tests: the next API calls wait this long before answering (a platform that hangs). */
  stallMs = 0;

  constructor(readonly env: PlatformEnvironment) {}

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, () => resolve());
    });
    const address = this.server.address() as AddressInfo;
    return `http://${host}:${address.port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let answer: Answer;
    try {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = req.method === 'POST' ? await readBody(req) : '';
      if (this.stallMs > 0 && !url.pathname.startsWith('/__fake/')) await new Promise((r) => setTimeout(r, this.stallMs));
      answer = this.route(req, url, body);
    } catch {
      answer = errors(400, 'The request could not be read.');
    }
    if (res.destroyed) return;
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.status === 302 ? '' : JSON.stringify(answer.body));
  }

  private route(req: http.IncomingMessage, url: URL, body: string): Answer {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const q = url.searchParams;
    if (path.startsWith('/__fake/')) return this.control(method, path, body);
    if (method === 'GET' && path === '/oauth/authorize') return this.authorize(q);
    if (path === '/oauth/token') {
      this.env.calls.push(`token`);
      return method === 'POST' ? this.token(req, body) : errors(405, 'Use POST.');
    }
    this.env.calls.push(`${method} ${path}`);
    const key: string = `${method} ${path}`;
    const known = ['GET /products', 'GET /skus', 'GET /prices', 'GET /price_types', 'GET /collections', 'GET /v4/orders',
      'POST /v4/orders/bulk_create', 'POST /v4/orders/sku_line_items/bulk_create'];
    if (!known.includes(key)) return errors(404, `No such call: ${method} ${path}.`);
    const auth = req.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/.exec(auth)?.[1];
    if (!token) return errors(401, 'A bearer token is required.');
    if (!this.env.tokenValid(token)) return errors(401, 'The access token is invalid or has expired.');
    const account = q.get('account');
    if (!account) return errors(400, 'The account parameter is required.');
    const d = this.env.data;
    const brand = () => (account === d.account ? null : errors(403, `No access to account ${account}.`));
    const retailer = () => (d.retailers.includes(account) ? null : errors(403, `No access to account ${account}.`));
    switch (key) {
      case 'GET /products': {
        const ids = list(q.get('product_ids'));
        if (ids.length === 0) return errors(400, 'product_ids is required.');
        return brand() ?? data(d.products.filter((p) => ids.includes(p.id)));
      }
      case 'GET /skus': {
        const ids = list(q.get('product_ids'));
        if (ids.length === 0) return errors(400, 'product_ids is required.');
        return brand() ?? data(d.skus.filter((s) => ids.includes(s.product_id)));
      }
      case 'GET /prices': {
        const ids = list(q.get('sku_ids'));
        if (ids.length === 0) return errors(400, 'sku_ids is required.');
        return brand() ?? data(d.prices.filter((p) => ids.includes(p.sku_id)));
      }
      case 'GET /price_types':
        return brand() ?? data(d.priceTypes);
      case 'GET /collections':
        return brand() ?? data(d.collections.map(({ id, name }) => ({ id, name })));
      case 'GET /v4/orders': {
        const status = q.get('status');
        if (!status) return errors(400, 'The status parameter is required.');
        return retailer() ?? data(this.env.ordersOf(account, status).map(publicOrder));
      }
      case 'POST /v4/orders/bulk_create':
        return brand() ?? this.createOrders(q.get('retailer'), body);
      default:
        return retailer() ?? this.createLineItems(account, body);
    }
  }

  private authorize(q: URLSearchParams): Answer {
    const redirectUri = q.get('redirect_uri');
    if (q.get('response_type') !== 'code') return oauthError(400, 'unsupported_response_type', 'response_type must be code.');
    if (q.get('client_id') !== this.env.opts.clientId) return oauthError(400, 'invalid_client', 'Unknown client_id.');
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return oauthError(400, 'invalid_request', 'redirect_uri is required.');
    const { code, sessionState } = this.env.issueCode(redirectUri);
    // Appended to the address as it was given, without re-encoding what is already there (redirect_uri must match).
    const added = new URLSearchParams({ ...(q.get('state') ? { state: q.get('state')! } : {}), session_state: sessionState, code });
    const [beforeHash, hash] = redirectUri.split('#', 2);
    const location = `${beforeHash}${beforeHash!.includes('?') ? '&' : '?'}${added.toString()}${hash !== undefined ? `#${hash}` : ''}`;
    return { status: 302, body: {}, headers: { location } };
  }

  private token(req: http.IncomingMessage, body: string): Answer {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return oauthError(400, 'invalid_request', 'The token request must be form-encoded.');
    }
    const form = new URLSearchParams(body);
    const { clientId, clientSecret } = this.env.opts;
    if (form.get('client_id') !== clientId) return oauthError(401, 'invalid_client', 'Unknown client_id.');
    if (clientSecret && form.get('client_secret') !== clientSecret) return oauthError(401, 'invalid_client', 'Wrong client_secret.');
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = form.get('code');
      const redirectUri = form.get('redirect_uri');
      if (!code || !redirectUri) return oauthError(400, 'invalid_request', 'code and redirect_uri are required.');
      if (!this.env.redeemCode(code, redirectUri)) return oauthError(400, 'invalid_grant', 'The code is invalid, used, expired or was issued for another redirect_uri.');
      return { status: 200, body: this.env.issueTokens() };
    }
    if (grant === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      if (!refreshToken || !this.env.spendRefreshToken(refreshToken)) return oauthError(400, 'invalid_grant', 'The refresh token is invalid or was already used.');
      return { status: 200, body: this.env.issueTokens() };
    }
    return oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  }

  private createOrders(retailer: string | null, body: string): Answer {
    const d = this.env.data;
    if (!retailer || !d.retailers.includes(retailer)) return errors(400, 'The retailer parameter must name a retailer of the account.');
    const items = parseList(body);
    if (!items) return errors(400, 'The body must be a list of orders.');
    const problems: string[] = [];
    for (const item of items) {
      if (item.customer_id !== retailer) problems.push('customer_id must be the retailer.');
      if (item.status !== 'IN_PROGRESS') problems.push('status must be IN_PROGRESS.');
      if (!d.priceTypes.some((p) => p.id === item.price_type_id)) problems.push(`Unknown price type ${String(item.price_type_id)}.`);
      const collection = d.collections.find((c) => c.id === item.collection_id);
      if (!collection) problems.push(`Unknown collection ${String(item.collection_id)}.`);
      else if (collection.closed) problems.push(`The collection ${collection.name} is closed for ordering.`, 'Please contact the brand.');
    }
    // A refusal still answers 200: the errors array is what says it failed (section 7).
    if (problems.length > 0) return { status: 200, body: { data: [], errors: problems.map((message) => ({ message })) } };
    const created = items.map((item) => {
      const order = { id: this.env.newOrderId(), retailer, status: 'IN_PROGRESS', price_type: { id: String(item.price_type_id) }, collection: { id: String(item.collection_id) } };
      d.orders.push(order);
      return publicOrder(order);
    });
    return data(created);
  }

  private createLineItems(retailer: string, body: string): Answer {
    const d = this.env.data;
    const items = parseList(body);
    if (!items) return errors(400, 'The body must be a list of line items.');
    const problems: string[] = [];
    for (const item of items) {
      const order = d.orders.find((o) => o.id === item.order_id && o.retailer === retailer);
      if (!order) problems.push(`Unknown order ${String(item.order_id)}.`);
      else if (order.status !== 'IN_PROGRESS') problems.push(`The order ${order.id} is no longer in progress.`);
      const price = order && d.prices.find((p) => p.sku_id === item.sku_id && p.price_type.id === order.price_type.id);
      if (!d.skus.some((s) => s.id === item.sku_id)) problems.push(`Unknown sku ${String(item.sku_id)}.`);
      else if (order && !price) problems.push(`The sku ${String(item.sku_id)} has no price in the order's price type.`);
      if (typeof item.wholesale_price !== 'number') problems.push('wholesale_price must be a number.');
      if (!Number.isInteger(item.quantity) || (item.quantity as number) < 1) problems.push('quantity must be a whole number of at least 1.');
    }
    if (problems.length > 0) return { status: 422, body: { errors: problems.map((message) => ({ message })) } };
    return data(items.map((item) => {
      const line = { id: this.env.newLineId(), order_id: String(item.order_id), sku_id: String(item.sku_id), wholesale_price: item.wholesale_price as number, quantity: item.quantity as number };
      this.env.lineItems.push(line);
      return line;
    }));
  }

  private control(method: string, path: string, body: string): Answer {
    if (method === 'GET' && path === '/__fake/orders') {
      return { status: 200, body: { orders: this.env.data.orders, lineItems: this.env.lineItems } };
    }
    if (method === 'POST' && path === '/__fake/reset') {
      this.env.resetData();
      return { status: 200, body: { ok: true } };
    }
    if (method === 'POST' && path === '/__fake/expire-tokens') {
      this.env.expireAccessTokens();
      return { status: 200, body: { ok: true } };
    }
    if (method === 'POST' && path === '/__fake/stall') {
      const parsed = JSON.parse(body || '{}') as { ms?: number };
      this.stallMs = typeof parsed.ms === 'number' ? parsed.ms : 0;
      return { status: 200, body: { ok: true } };
    }
    return errors(404, 'No such control route.');
  }
}

function parseList(body: string): Array<Record<string, unknown>> | null {
  try {
    const value: unknown = JSON.parse(body);
    if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'object' || v === null)) return null;
    return value as Array<Record<string, unknown>>;
  } catch {
    return null;
  }
}

function publicOrder(order: { id: string; status: string; retailer: string; price_type: { id: string }; collection: { id: string } }) {
  return { id: order.id, status: order.status, customer_id: order.retailer, price_type: { id: order.price_type.id }, collection: { id: order.collection.id } };
}
