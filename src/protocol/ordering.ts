// Wholesale ordering (spec sections 3, 4, 7, 8): what the viewer and Atrium's server say to each other. The platform's
// own calls never reach the browser: the server exchanges the code, keeps the tokens and makes every call, so the
// browser holds only an opaque session id (header and HttpOnly cookie).
import { z } from 'zod';
import { IdSchema } from './tour.ts';
import { ORDERING_SERVICES } from './orderingEntry.ts';

// Declared where the viewer's entry reads the page address (orderingEntry.ts has no zod).
export { ORDERING_SERVICES, type OrderingService } from './orderingEntry.ts';

/** The browser's handle on its ordering session: this header, or the cookie when a page was reloaded. */
export const ORDERING_SESSION_HEADER = 'x-ordering-session';
export const ORDERING_SESSION_COOKIE = 'atrium_ordering';
/** 32 random bytes, base64url. */
export const ORDERING_SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** Section 8's sentence when no sku of the style has a price in the selected price type. */
export const NO_PRICE_MESSAGE = "The style doesn't support the selected currency.";

export const orderingPaths = {
  sessions: '/v2/ordering/sessions',
  session: '/v2/ordering/session',
  state: '/v2/ordering/state',
  priceType: '/v2/ordering/price-type',
  add: '/v2/ordering/add',
} as const;

const PlatformId = z.string().trim().min(1).max(200);

/** The init sequence's first step (section 4): service, account, code and retailer, plus the page for redirect_uri. */
export const OrderingSessionBodySchema = z.object({
  service: z.enum(ORDERING_SERVICES).default('production'),
  accountId: PlatformId,
  retailerId: PlatformId,
  code: z.string().trim().min(1).max(4000),
  /** The page the platform sent the retailer back to (code and session_state are removed before it is used). */
  redirectUri: z.string().url().max(4000),
});
export type OrderingSessionBody = z.input<typeof OrderingSessionBodySchema>;

export const PriceTypeSchema = z.object({ id: z.string(), name: z.string(), currency: z.string() });
export type PriceType = z.infer<typeof PriceTypeSchema>;
export const CollectionSchema = z.object({ id: z.string(), name: z.string() });
export type Collection = z.infer<typeof CollectionSchema>;

/**
 * An in-progress order. The platform's calls of section 7 give no order total or line list, so `addedLines` and
 * `addedTotal` count what this visit added to it (in the order's price type).
 */
export const OrderSummarySchema = z.object({
  id: z.string(),
  priceTypeId: z.string(),
  collectionId: z.string(),
  addedLines: z.number().int().min(0),
  addedTotal: z.number(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderingStateSchema = z.object({
  service: z.enum(ORDERING_SERVICES),
  accountId: z.string(),
  retailerId: z.string(),
  priceTypes: z.array(PriceTypeSchema),
  /** The selected price type (currency); the first one until the retailer switches. */
  currentPriceTypeId: z.string().nullable(),
  collections: z.array(CollectionSchema),
  orders: z.array(OrderSummarySchema),
});
export type OrderingState = z.infer<typeof OrderingStateSchema>;

export const OrderingSessionAnswerSchema = z.object({ sessionId: z.string(), state: OrderingStateSchema });
export type OrderingSessionAnswer = z.infer<typeof OrderingSessionAnswerSchema>;

export const PriceTypeBodySchema = z.object({ priceTypeId: PlatformId });
export const AddToOrderBodySchema = z.object({ markerId: IdSchema });

export const AddToOrderAnswerSchema = z.object({
  /** True when this press created the order (no in-progress order matched the price type and collection). */
  created: z.boolean(),
  order: OrderSummarySchema,
  line: z.object({ skuId: z.string(), wholesalePrice: z.number(), quantity: z.number().int() }),
  /** The style's name at the platform, when it has one. */
  productName: z.string().nullable(),
  currency: z.string(),
  state: OrderingStateSchema,
});
export type AddToOrderAnswer = z.infer<typeof AddToOrderAnswerSchema>;

export const ORDERING_ERROR_CODES = [
  'ORDERING_OFF', 'ORDERING_CODE_REJECTED', 'ORDERING_SESSION_EXPIRED', 'ORDERING_MARKER_NOT_ORDERABLE',
  'ORDERING_NO_PRICE', 'ORDERING_FAILED', 'ORDERING_UNREACHABLE',
] as const;
export type OrderingErrorCode = (typeof ORDERING_ERROR_CODES)[number];
