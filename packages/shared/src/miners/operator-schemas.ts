import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { addressSchema, decimalString, idString } from '../api/primitives.js';
import { CATALOG_LIMITS, isFiveLanguageName, minerCategories, productNameLanguages } from './constants.js';
import { minerProductSchema } from './schemas.js';

// What operators send and read for the catalog and gift grants (the console builds on these).
// Every limit is within the tables' checks (migrations 005 and 015), so a bad value is refused
// here, naming its field, and never reaches SQL.

const positiveDecimal = decimalString.refine((value) => /[1-9]/.test(value), 'must be greater than 0');
const positiveInt = (max: number) => z.number().int().min(1).max(max);

const productFields = {
  name: z
    .string()
    .max(CATALOG_LIMITS.name)
    .refine(isFiveLanguageName, `must have text in each of ${productNameLanguages.join(', ')} (lang:::text lines)`),
  category: z.enum(minerCategories),
  /** Null: the product cannot be paid in that asset. */
  price_usdt: positiveDecimal.nullable(),
  price_wallx: positiveDecimal.nullable(),
  daily_output: decimalString,
  output_days: positiveInt(CATALOG_LIMITS.outputDays),
  per_user_limit: positiveInt(CATALOG_LIMITS.perUserLimit).nullable(),
  physical: z.boolean(),
  gift: z.boolean(),
  on_sale: z.boolean(),
  /** Physical products: when pick-up opens; null: not scheduled. */
  // No bound of its own (the fraction may have any number of digits): the body limit, 64 KiB, is it.
  pickup_from: z.iso
    .datetime({ offset: true })
    .max(64 * 1024)
    .nullable()
    .default(null),
  sort: z.number().int().min(0).max(CATALOG_LIMITS.sort).default(0),
};

type PriceFields = { gift: boolean; price_usdt: string | null; price_wallx: string | null };

/** A product for sale names a price in at least one asset; a gift is never sold. */
function needsAPrice(product: PriceFields, ctx: z.RefinementCtx) {
  if (!product.gift && product.price_usdt === null && product.price_wallx === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['price_usdt'],
      message: 'a product for sale needs a price in USDT or WALLX',
    });
  }
}

/** A new product; its image is uploaded afterwards (PUT …/image). */
export const productCreateSchema = z
  .object({ ...productFields, stock: z.number().int().min(0).max(CATALOG_LIMITS.stock) })
  .superRefine(needsAPrice);
export type ProductCreate = z.input<typeof productCreateSchema>;

/**
 * The whole product but its stock (adjusted through …/stock, under the purchases' lock) and image
 * (uploaded), with the version it was read at: an edit made from an older version is refused.
 */
export const productEditSchema = z
  .object({ ...productFields, version: z.number().int().min(1) })
  .superRefine(needsAPrice);
export type ProductEdit = z.input<typeof productEditSchema>;

/** Adds (or with a negative number takes) units of stock; the result may not fall below 0. */
export const productStockSchema = z.object({
  change: z
    .number()
    .int()
    .min(-CATALOG_LIMITS.stock)
    .max(CATALOG_LIMITS.stock)
    .refine((value) => value !== 0, 'must not be 0'),
});
export type ProductStockChange = z.infer<typeof productStockSchema>;

export const operatorProductSchema = minerProductSchema.extend({
  on_sale: z.boolean(),
  sort: z.number().int(),
  pickup_from: z.string().nullable(),
  version: z.number().int(),
  /** Units bought or granted so far: once there are any, physical and gift can no longer change. */
  units_out: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OperatorProduct = z.infer<typeof operatorProductSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const operatorProductsQuerySchema = pageQuery.extend({
  category: z.enum(minerCategories).optional(),
  gift: booleanQuery.optional(),
  on_sale: booleanQuery.optional(),
});
export type OperatorProductsQuery = z.input<typeof operatorProductsQuerySchema>;

export const productImageResultSchema = z.object({ image: z.string(), product: operatorProductSchema });

export const giftGrantRequestSchema = z.object({
  address: addressSchema,
  product_id: idString,
  quantity: z.number().int().min(1).max(CATALOG_LIMITS.giftQuantity),
  reason: z.string().trim().min(1).max(CATALOG_LIMITS.reason),
});
export type GiftGrantRequest = z.input<typeof giftGrantRequestSchema>;

export const giftGrantSchema = z.object({
  id: z.string(),
  address: z.string(),
  product: minerProductSchema.pick({ id: true, name: true, image: true }),
  quantity: z.number().int(),
  reason: z.string(),
  operator: z.string(),
  /** The unused orders the grant gave. */
  order_ids: z.array(z.string()),
  created_at: z.string(),
});
export type GiftGrant = z.infer<typeof giftGrantSchema>;

export const giftGrantsQuerySchema = pageQuery.extend({ address: addressSchema.optional() });
export type GiftGrantsQuery = z.input<typeof giftGrantsQuerySchema>;
