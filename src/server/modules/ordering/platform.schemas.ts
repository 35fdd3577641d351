import { z } from 'zod';

/**
 * The wholesale ordering platform's answers as Atrium reads them (spec section 7: answers are read from `data`; an
 * `errors` array in a body is a failure). Unknown fields are ignored, so the platform may add to its answers freely;
 * tests/fakes/orderingPlatform/transcript.json records the exchanges these schemas must keep reading.
 */
const Id = z.union([z.string(), z.number()]).transform(String);
const Money = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);

export const TokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

/** An OAuth error answer of the token endpoint. */
export const TokenErrorSchema = z.object({ error: z.string().optional(), error_description: z.string().optional() });

const ErrorItem = z.union([
  z.string(),
  z.object({ message: z.string().optional(), detail: z.string().optional(), title: z.string().optional() }).passthrough(),
]);
export const ErrorsSchema = z.object({ errors: z.array(ErrorItem) });

/** The messages of an errors array, in order (what section 8 joins with spaces). */
export function errorMessages(errors: z.infer<typeof ErrorsSchema>['errors']): string[] {
  return errors
    .map((e) => (typeof e === 'string' ? e : e.message ?? e.detail ?? e.title ?? ''))
    .map((m) => m.trim())
    .filter(Boolean);
}

export const ProductSchema = z.object({ id: Id, name: z.string().nullish() });
export const SkuSchema = z.object({ id: Id, product_id: Id });
export const PriceSchema = z.object({ sku_id: Id, price_type: z.object({ id: Id }), wholesale_value: Money.nullish() });
export const PriceTypeSchema = z.object({ id: Id, name: z.string().nullish(), currency: z.string().nullish() });
export const CollectionSchema = z.object({ id: Id, name: z.string().nullish() });
export const OrderSchema = z.object({ id: Id, price_type: z.object({ id: Id }), collection: z.object({ id: Id }) });
export const LineItemSchema = z.object({ id: Id.optional(), order_id: Id, sku_id: Id });

export type Product = z.infer<typeof ProductSchema>;
export type Sku = z.infer<typeof SkuSchema>;
export type Price = z.infer<typeof PriceSchema>;
export type PlatformPriceType = z.infer<typeof PriceTypeSchema>;
export type PlatformCollection = z.infer<typeof CollectionSchema>;
export type Order = z.infer<typeof OrderSchema>;
export type LineItem = z.infer<typeof LineItemSchema>;

/** The bodies Atrium sends (section 3's order creation and line item payloads). */
export interface NewOrder {
  customer_id: string;
  price_type_id: string;
  collection_id: string;
  status: 'IN_PROGRESS';
}
export interface NewLineItem {
  order_id: string;
  sku_id: string;
  wholesale_price: number;
  quantity: number;
}
