import { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '../../../protocol/constants.ts';
import type { OrderingEndpoints } from '../../config.ts';
import {
  CollectionSchema, ErrorsSchema, LineItemSchema, OrderSchema, PriceSchema, PriceTypeSchema, ProductSchema, SkuSchema,
  TokenAnswerSchema, TokenErrorSchema, errorMessages,
  type LineItem, type NewLineItem, type NewOrder, type Order, type PlatformCollection, type PlatformPriceType, type Price,
  type Product, type Sku, type TokenAnswer,
} from './platform.schemas.ts';

/**
 * What went wrong at the platform:
 * - refused: it answered with an errors array or a refusal (messages in order);
 * - unauthorized: it did not accept the bearer token (401), so the caller may renew it once;
 * - unreachable: no answer (network failure, or none within the 30 s time-out);
 * - unreadable: an answer that is not what section 7 describes.
 */
export type PlatformFailure = 'refused' | 'unauthorized' | 'unreachable' | 'unreadable';

export class PlatformError extends Error {
  constructor(readonly kind: PlatformFailure, message: string, readonly messages: string[] = [], readonly status?: number) {
    super(message);
  }
}

export interface PlatformClientOptions {
  endpoints: OrderingEndpoints;
  clientId: string;
  clientSecret?: string | undefined;
  /** Tests hand in their own; defaults to the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const list = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item) });

/**
 * The wholesale ordering platform's calls of spec section 7, exactly: the token endpoint (form-encoded) and the API
 * with a bearer token. Every call has the 30 s time-out; an `errors` array fails it even with a success status.
 * Tokens and codes are never put in an error message, so nothing here can leak them into a log.
 */
export class OrderingPlatformClient {
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly opts: PlatformClientOptions) {
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  }

  /** grant_type authorization_code: client_id, redirect_uri (the page minus session_state and code), code. */
  exchangeCode(code: string, redirectUri: string): Promise<TokenAnswer> {
    return this.token({ grant_type: 'authorization_code', client_id: this.opts.clientId, redirect_uri: redirectUri, code });
  }

  /** grant_type refresh_token: client_id, refresh_token. */
  refresh(refreshToken: string): Promise<TokenAnswer> {
    return this.token({ grant_type: 'refresh_token', client_id: this.opts.clientId, refresh_token: refreshToken });
  }

  products(token: string, accountId: string, productIds: string[]): Promise<Product[]> {
    return this.get(token, '/products', { account: accountId, product_ids: productIds.join(',') }, ProductSchema);
  }

  skus(token: string, accountId: string, productIds: string[]): Promise<Sku[]> {
    return this.get(token, '/skus', { account: accountId, product_ids: productIds.join(',') }, SkuSchema);
  }

  prices(token: string, accountId: string, skuIds: string[]): Promise<Price[]> {
    return this.get(token, '/prices', { account: accountId, sku_ids: skuIds.join(',') }, PriceSchema);
  }

  priceTypes(token: string, accountId: string): Promise<PlatformPriceType[]> {
    return this.get(token, '/price_types', { account: accountId }, PriceTypeSchema);
  }

  collections(token: string, accountId: string): Promise<PlatformCollection[]> {
    return this.get(token, '/collections', { account: accountId }, CollectionSchema);
  }

  inProgressOrders(token: string, retailerId: string): Promise<Order[]> {
    return this.get(token, '/v4/orders', { account: retailerId, status: 'IN_PROGRESS' }, OrderSchema);
  }

  /** Bulk create with a list of one order; answers the created order. */
  async createOrder(token: string, accountId: string, retailerId: string, order: NewOrder): Promise<Order> {
    const created = await this.send(token, '/v4/orders/bulk_create', { account: accountId, retailer: retailerId }, [order], OrderSchema);
    return one(created, 'order');
  }

  /** Sku line item bulk create with a list of one line item. */
  async addLineItem(token: string, retailerId: string, line: NewLineItem): Promise<LineItem> {
    const created = await this.send(token, '/v4/orders/sku_line_items/bulk_create', { account: retailerId }, [line], LineItemSchema);
    return one(created, 'line item');
  }

  private async token(form: Record<string, string>): Promise<TokenAnswer> {
    if (this.opts.clientSecret) form.client_secret = this.opts.clientSecret;
    const res = await this.call(this.opts.endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    });
    const body = await readJson(res);
    if (!res.ok) {
      const oauth = TokenErrorSchema.safeParse(body);
      const messages = messagesOf(body);
      const description = oauth.success ? oauth.data.error_description ?? oauth.data.error : undefined;
      if (description && messages.length === 0) messages.push(description);
      throw new PlatformError('refused', `The token endpoint refused (${res.status}).`, messages, res.status);
    }
    return parse(TokenAnswerSchema, body, 'token');
  }

  private async get<T extends z.ZodTypeAny>(token: string, path: string, query: Record<string, string>, item: T): Promise<z.infer<T>[]> {
    const res = await this.call(this.url(path, query), { method: 'GET', headers: this.headers(token) });
    return this.read(res, path, item);
  }

  private async send<T extends z.ZodTypeAny>(token: string, path: string, query: Record<string, string>, body: unknown, item: T): Promise<z.infer<T>[]> {
    const res = await this.call(this.url(path, query), {
      method: 'POST',
      headers: { ...this.headers(token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return this.read(res, path, item);
  }

  private async read<T extends z.ZodTypeAny>(res: Response, path: string, item: T): Promise<z.infer<T>[]> {
    const body = await readJson(res);
    if (res.status === 401) throw new PlatformError('unauthorized', `The platform did not accept the token (${path}).`, messagesOf(body), 401);
    const messages = messagesOf(body);
    if (!res.ok || messages.length > 0 || hasErrors(body)) {
      throw new PlatformError('refused', `The platform refused ${path} (${res.status}).`, messages, res.status);
    }
    return parse(list(item), body, path).data;
  }

  private headers(token: string): Record<string, string> {
    return { authorization: `Bearer ${token}`, accept: 'application/json' };
  }

  private url(path: string, query: Record<string, string>): string {
    return `${this.opts.endpoints.apiUrl}${path}?${new URLSearchParams(query).toString()}`;
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'error' });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const where = new URL(url).host;
      throw new PlatformError('unreachable', timedOut ? `No answer from ${where} within ${this.timeoutMs / 1000} s.` : `${where} could not be reached.`);
    }
  }
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function hasErrors(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors) && (body as { errors: unknown[] }).errors.length > 0;
}

function messagesOf(body: unknown): string[] {
  const parsed = ErrorsSchema.safeParse(body);
  return parsed.success ? errorMessages(parsed.data.errors) : [];
}

function parse<T extends z.ZodTypeAny>(schema: T, body: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new PlatformError('unreadable', `The platform's answer to ${what} could not be read.`);
  return parsed.data as z.infer<T>;
}

function one<T>(items: T[], what: string): T {
  const first = items[0];
  if (first === undefined) throw new PlatformError('unreadable', `The platform created no ${what}.`);
  return first;
}
