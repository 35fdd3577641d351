import { randomUUID } from 'node:crypto';
import { ORDER_QUANTITY_PER_ADD, ORDER_STATUS } from '../../../protocol/constants.ts';
import {
  NO_PRICE_MESSAGE, type AddToOrderAnswer, type OrderingService as ServiceName, type OrderingSessionAnswer, type OrderingSessionBody,
  type OrderingState, type OrderSummary,
} from '../../../protocol/ordering.ts';
import { redirectUriOf } from '../../../protocol/orderingEntry.ts';
import type { OrderingConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, badInput } from '../../errors.ts';
import { hashToken, newSessionToken } from '../auth/sessionTokens.ts';
import { addMoney, firstPricedSku, matchingOrder } from './addToOrderChoice.ts';
import type { AddedLine, OrderingRepository, OrderingSessionRow } from './ordering.repository.ts';
import { OrderingTokens, SESSION_ENDED_MESSAGE, type SessionRef } from './orderingTokens.ts';
import { OrderingPlatformClient, PlatformError } from './platformClient.ts';
import type { Order, PlatformCollection, PlatformPriceType } from './platform.schemas.ts';
import { tokenExpiresAt } from './tokenExpiry.ts';

/** A session nobody used for this long is forgotten (the retailer opens the tour from the platform again). */
export const ORDERING_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

export interface OrderingServiceOptions {
  config: OrderingConfig | null;
  repo: OrderingRepository;
  db: Db;
  now?: () => number;
  /** Tests point the clients at a fake with their own fetch or a shorter time-out. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const UNREACHABLE = 'The ordering platform could not be reached. Nothing was changed; please try again.';
const UNREADABLE = 'The ordering platform gave an answer Atrium cannot read. Nothing was changed.';
const REFUSED = 'The ordering platform refused the request.';

/**
 * The retailer's side of wholesale ordering (spec sections 4, 7 and 8): the code exchange and init sequence, the
 * price type switch and add to order. Every platform call goes through OrderingTokens (renewal before expiry).
 */
export class OrderingService {
  private readonly clients = new Map<ServiceName, OrderingPlatformClient>();
  private readonly tokens: OrderingTokens;
  private readonly now: () => number;

  constructor(private readonly opts: OrderingServiceOptions) {
    this.now = opts.now ?? Date.now;
    this.tokens = new OrderingTokens(opts.repo, this.now);
    const config = opts.config;
    if (config) {
      for (const [name, endpoints] of Object.entries(config.services) as Array<[ServiceName, NonNullable<OrderingConfig['services'][ServiceName]>]>) {
        this.clients.set(name, new OrderingPlatformClient({ endpoints, clientId: config.clientId, clientSecret: config.clientSecret, fetch: opts.fetch, timeoutMs: opts.timeoutMs }));
      }
    }
  }

  get enabled(): boolean {
    return this.opts.config !== null;
  }

  /** Section 4's init sequence: set service, account, code, retailer; get token; collections; price types; orders. */
  async start(body: OrderingSessionBody): Promise<OrderingSessionAnswer> {
    const config = this.requireOn();
    const service = body.service ?? 'production';
    const client = this.clients.get(service);
    if (!client) throw badInput('body.service', `the ${service} ordering platform is not configured on this server`);
    const redirectUri = redirectUriOf(body.redirectUri);
    if (!underRedirect(redirectUri, config.redirectUrl)) throw badInput('body.redirectUri', 'must be a page of this site');

    let answer;
    try {
      answer = await client.exchangeCode(body.code, redirectUri);
    } catch (error) {
      if (error instanceof PlatformError && (error.kind === 'refused' || error.kind === 'unauthorized')) {
        throw new AppError('ORDERING_CODE_REJECTED', 'The ordering platform did not accept the sign-in code. Please open the tour from the platform again.', undefined,
          error.messages.length ? { platformMessages: error.messages } : undefined);
      }
      throw platformFailure(error);
    }
    const sessionId = newSessionToken();
    const at = new Date(this.now()).toISOString();
    const row: OrderingSessionRow = {
      idHash: hashToken(sessionId), service, accountId: body.accountId, retailerId: body.retailerId,
      accessToken: answer.access_token, refreshToken: answer.refresh_token,
      tokenExpiresAt: new Date(tokenExpiresAt(this.now(), answer.expires_in)).toISOString(),
      currentPriceTypeId: null, createdAt: at, lastUsedAt: at,
    };
    await this.opts.repo.removeIdleSince(new Date(this.now() - ORDERING_SESSION_IDLE_MS).toISOString());
    await this.opts.repo.insert(row);
    return { sessionId, state: await this.readState({ row }) };
  }

  async state(sessionId: string | null): Promise<OrderingState> {
    return this.readState(await this.session(sessionId));
  }

  /** The retailer picks another price type (currency); later adds use it. */
  async setPriceType(sessionId: string | null, priceTypeId: string): Promise<OrderingState> {
    const ref = await this.session(sessionId);
    const priceTypes = await this.platform(ref, (c, t) => c.priceTypes(t, ref.row.accountId));
    if (!priceTypes.some((p) => p.id === priceTypeId)) throw badInput('body.priceTypeId', 'is not one of the account\'s price types');
    await this.opts.repo.setPriceType(ref.row.idHash, priceTypeId);
    ref.row = { ...ref.row, currentPriceTypeId: priceTypeId };
    return this.readState(ref, { priceTypes });
  }

  /**
   * Section 4's add to order: the in-progress order of the current price type and the marker's collection, or a new
   * one (status IN_PROGRESS); then one unit of the first sku of the style with a price in that price type.
   */
  async add(sessionId: string | null, markerId: string): Promise<AddToOrderAnswer> {
    const ref = await this.session(sessionId);
    const marker = await this.orderableMarker(markerId);
    const { accountId, retailerId } = ref.row;
    const [priceTypes, skus, product, orders] = await Promise.all([
      this.platform(ref, (c, t) => c.priceTypes(t, accountId)),
      this.platform(ref, (c, t) => c.skus(t, accountId, [marker.productId])),
      // The style's name only decorates the confirmation: without it the line is still added.
      this.platform(ref, (c, t) => c.products(t, accountId, [marker.productId])).then((p) => p.find((x) => x.id === marker.productId) ?? null, () => null),
      this.platform(ref, (c, t) => c.inProgressOrders(t, retailerId)),
    ]);
    const priceType = currentPriceType(priceTypes, ref.row.currentPriceTypeId);
    if (!priceType) throw new AppError('ORDERING_NO_PRICE', NO_PRICE_MESSAGE);
    const productSkus = skus.filter((s) => s.product_id === marker.productId);
    const prices = productSkus.length > 0 ? await this.platform(ref, (c, t) => c.prices(t, accountId, productSkus.map((s) => s.id))) : [];
    const sku = firstPricedSku(productSkus, prices, marker.productId, priceType.id);
    if (!sku) throw new AppError('ORDERING_NO_PRICE', NO_PRICE_MESSAGE);

    let order = matchingOrder(orders, priceType.id, marker.collectionId);
    const created = order === null;
    if (!order) {
      const newOrder = { customer_id: retailerId, price_type_id: priceType.id, collection_id: marker.collectionId, status: ORDER_STATUS } as const;
      order = await this.platform(ref, (c, t) => c.createOrder(t, accountId, retailerId, newOrder));
    }
    const orderId = order.id;
    const line = { order_id: orderId, sku_id: sku.skuId, wholesale_price: sku.wholesalePrice, quantity: ORDER_QUANTITY_PER_ADD };
    await this.platform(ref, (c, t) => c.addLineItem(t, retailerId, line));
    await this.opts.repo.addLine({
      id: randomUUID(), sessionHash: ref.row.idHash, orderId, markerId, skuId: sku.skuId, wholesalePrice: sku.wholesalePrice,
      quantity: ORDER_QUANTITY_PER_ADD, createdAt: new Date(this.now()).toISOString(),
    });
    const allOrders = created ? [...orders, order] : orders;
    const lines = await this.opts.repo.lines(ref.row.idHash);
    const state = this.compose(ref.row, priceTypes, null, allOrders, lines);
    return {
      created,
      order: state.orders.find((o) => o.id === orderId) ?? summary(order, lines),
      line: { skuId: sku.skuId, wholesalePrice: sku.wholesalePrice, quantity: ORDER_QUANTITY_PER_ADD },
      productName: product?.name ?? null,
      currency: priceType.currency ?? '',
      state,
    };
  }

  /** Forgets the session (its tokens are deleted here; the platform's own session is the platform's). */
  async end(sessionId: string | null): Promise<void> {
    this.requireOn();
    if (sessionId) await this.opts.repo.remove(hashToken(sessionId));
  }

  private async readState(ref: SessionRef, known: { priceTypes?: PlatformPriceType[] } = {}): Promise<OrderingState> {
    const { accountId, retailerId } = ref.row;
    const collections = await this.platform(ref, (c, t) => c.collections(t, accountId));
    const priceTypes = known.priceTypes ?? await this.platform(ref, (c, t) => c.priceTypes(t, accountId));
    const orders = await this.platform(ref, (c, t) => c.inProgressOrders(t, retailerId));
    return this.compose(ref.row, priceTypes, collections, orders, await this.opts.repo.lines(ref.row.idHash));
  }

  private compose(row: OrderingSessionRow, priceTypes: PlatformPriceType[], collections: PlatformCollection[] | null, orders: Order[], lines: AddedLine[]): OrderingState {
    return {
      service: row.service === 'staging' ? 'staging' : 'production',
      accountId: row.accountId,
      retailerId: row.retailerId,
      priceTypes: priceTypes.map((p) => ({ id: p.id, name: p.name ?? p.id, currency: p.currency ?? '' })),
      currentPriceTypeId: currentPriceType(priceTypes, row.currentPriceTypeId)?.id ?? null,
      collections: (collections ?? []).map((c) => ({ id: c.id, name: c.name ?? c.id })),
      orders: orders.map((o) => summary(o, lines)),
    };
  }

  private async session(sessionId: string | null): Promise<SessionRef> {
    this.requireOn();
    const row = sessionId ? await this.opts.repo.find(hashToken(sessionId)) : undefined;
    if (!row || Date.parse(row.lastUsedAt) < this.now() - ORDERING_SESSION_IDLE_MS || !this.clients.has(row.service as ServiceName)) {
      throw new AppError('ORDERING_SESSION_EXPIRED', SESSION_ENDED_MESSAGE);
    }
    await this.opts.repo.touch(row.idHash, new Date(this.now()).toISOString());
    return { row };
  }

  private async platform<T>(ref: SessionRef, fn: (client: OrderingPlatformClient, token: string) => Promise<T>): Promise<T> {
    const client = this.clients.get(ref.row.service as ServiceName);
    if (!client) throw new AppError('ORDERING_SESSION_EXPIRED', SESSION_ENDED_MESSAGE);
    try {
      return await this.tokens.call(ref, client, (token) => fn(client, token));
    } catch (error) {
      throw platformFailure(error);
    }
  }

  private async orderableMarker(markerId: string): Promise<{ productId: string; collectionId: string }> {
    const marker = await this.opts.db
      .selectFrom('markers as m')
      .innerJoin('buildings as b', 'b.id', 'm.buildingId')
      .select(['m.type', 'm.orderingProductId', 'm.orderingCollectionId', 'b.removedAt'])
      .where('m.id', '=', markerId)
      .executeTakeFirst();
    const productId = marker?.orderingProductId?.trim();
    const collectionId = marker?.orderingCollectionId?.trim();
    if (!marker || marker.removedAt !== null || marker.type !== 'tag' || !productId || !collectionId) {
      throw new AppError('ORDERING_MARKER_NOT_ORDERABLE', 'This marker is not linked to a style of the ordering platform.', 'body.markerId');
    }
    return { productId, collectionId };
  }

  private requireOn(): OrderingConfig {
    if (!this.opts.config) throw new AppError('ORDERING_OFF', 'Wholesale ordering is not set up on this server.');
    return this.opts.config;
  }
}

function currentPriceType(priceTypes: PlatformPriceType[], chosen: string | null): PlatformPriceType | null {
  return priceTypes.find((p) => p.id === chosen) ?? priceTypes[0] ?? null;
}

function summary(order: Order, lines: AddedLine[]): OrderSummary {
  const mine = lines.filter((l) => l.orderId === order.id);
  return {
    id: order.id,
    priceTypeId: order.price_type.id,
    collectionId: order.collection.id,
    addedLines: mine.length,
    addedTotal: mine.reduce((sum, l) => addMoney(sum, l.wholesalePrice * l.quantity), 0),
  };
}

function underRedirect(pageUri: string, registered: string): boolean {
  try {
    const page = new URL(pageUri);
    const base = new URL(registered);
    return page.origin === base.origin && page.pathname.startsWith(base.pathname);
  } catch {
    return false;
  }
}

function platformFailure(error: unknown): unknown {
  if (!(error instanceof PlatformError)) return error;
  if (error.kind === 'unreachable') return new AppError('ORDERING_UNREACHABLE', UNREACHABLE);
  if (error.kind === 'unreadable') return new AppError('ORDERING_FAILED', UNREADABLE);
  if (error.kind === 'unauthorized') return new AppError('ORDERING_SESSION_EXPIRED', SESSION_ENDED_MESSAGE);
  // Section 8: the messages of the errors array, joined with spaces.
  // platformMessages apart too: the viewer shows the platform's words as they are and its own sentences translated.
  return new AppError('ORDERING_FAILED', error.messages.length > 0 ? error.messages.join(' ') : REFUSED, undefined,
    { platformStatus: error.status ?? null, platformMessages: error.messages });
}
