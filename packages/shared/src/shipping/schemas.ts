import { z } from 'zod';
import { SECRET_MAX_LENGTH } from '../api/constants.js';
import { pageQuery } from '../api/envelope.js';
import { addressSchema, idString } from '../api/primitives.js';
import {
  ADDRESS_LIMITS,
  countries,
  holdingKinds,
  normalizeWriteoffCode,
  POINT_STOCK_MAX,
  POSTCODE_PATTERNS,
  SHIP_CARRIER,
  SHIP_TRACKING_NO,
  shippingKinds,
  shippingStatuses,
  WRITEOFF_CODE_PATTERN,
} from './constants.js';

export const countrySchema = z.enum(countries);

/** `GET /api/regions`: the countries and their provinces an address may name. */
export const regionsSchema = z.array(
  z.object({
    country: countrySchema,
    provinces: z.array(z.object({ code: z.string(), name: z.string(), local_name: z.string() })),
  }),
);
export type Regions = z.infer<typeof regionsSchema>;

const text = (max: number) => z.string().trim().min(1, 'required').max(max);

/**
 * An address as the form sends it; all five parts are required (spec §7). The province must be one
 * of the country's, and the phone a number of that country (checked by the server, which names the field).
 */
export const deliveryAddressInputSchema = z
  .object({
    country: countrySchema,
    province: text(16),
    recipient: text(ADDRESS_LIMITS.recipient),
    phone: text(ADDRESS_LIMITS.phone),
    postcode: text(ADDRESS_LIMITS.postcode),
    detail: text(ADDRESS_LIMITS.detail),
  })
  .superRefine((address, ctx) => {
    if (!POSTCODE_PATTERNS[address.country].test(address.postcode)) {
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'not a postcode of this country' });
    }
  });
export type DeliveryAddressInput = z.input<typeof deliveryAddressInputSchema>;

export const deliveryAddressSchema = z.object({
  id: z.string(),
  country: countrySchema,
  province: z.string(),
  recipient: z.string(),
  /** E.164, e.g. +8613800138000. */
  phone: z.string(),
  postcode: z.string(),
  detail: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

const productRef = z.object({ id: z.string(), name: z.string(), image: z.string() });

/** A physical product the user holds: an unused order, or a miner of the mine. */
export const holdingSchema = z.object({
  kind: z.enum(holdingKinds),
  id: z.string(),
  product: productRef,
  machine_no: z.string().nullable(),
  /** When pick-up opens for this product; null: not scheduled yet. */
  pickup_from: z.string().nullable(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const holdingsSchema = z.object({
  items: z.array(holdingSchema),
  /** One physical miner per account, for life: the request already made, if any. */
  requested: z.boolean(),
});
export type Holdings = z.infer<typeof holdingsSchema>;

/** Names the holding by exactly one of its ids. */
const holdingRef = { order_id: idString.optional(), miner_id: idString.optional() };
const oneHolding = <T extends { order_id?: string | undefined; miner_id?: string | undefined }>(
  body: T,
  ctx: z.RefinementCtx,
) => {
  if ((body.order_id === undefined) === (body.miner_id === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['order_id'], message: 'name exactly one of order_id and miner_id' });
  }
};

/** A physical miner leaving the account is as final as a withdrawal: the fund password confirms it. */
const fundPassword = { fund_password: z.string().min(1).max(SECRET_MAX_LENGTH) };

/** Delivery to one of my addresses (the default one unless named). */
export const deliveryRequestSchema = z
  .object({ ...holdingRef, address_id: idString.optional(), ...fundPassword })
  .superRefine(oneHolding);
export type DeliveryRequest = z.infer<typeof deliveryRequestSchema>;

export const pickupRequestSchema = z
  .object({ ...holdingRef, point_id: idString, ...fundPassword })
  .superRefine(oneHolding);
export type PickupRequest = z.infer<typeof pickupRequestSchema>;

export const pickupPointSchema = z.object({
  id: z.string(),
  /** 'lang:::text' lines, like product names. */
  name: z.string(),
  country: countrySchema,
  province: z.string(),
  address: z.string(),
  hours: z.string(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

/**
 * `GET /api/shipping/points?country=&province=&product_id=`: pick-up points of a region, those
 * stocking the product when named. The region is the one the user picks in the pick-up sheet; without
 * one, that of the default address (decision 128).
 */
export const pickupPointsQuerySchema = z.object({
  product_id: idString.optional(),
  country: countrySchema.optional(),
  province: z.string().max(16).optional(),
});
export type PickupPointsQuery = z.infer<typeof pickupPointsQuerySchema>;

export const shippingRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(shippingKinds),
  status: z.enum(shippingStatuses),
  product: productRef,
  machine_no: z.string().nullable(),
  /** Delivery: the address as it was when requested. */
  address: deliveryAddressSchema.omit({ id: true, is_default: true, created_at: true }).nullable(),
  carrier: z.string().nullable(),
  tracking_no: z.string().nullable(),
  /** Pick-up: the point and the one-time write-off code. */
  point: pickupPointSchema.nullable(),
  code: z.string().nullable(),
  created_at: z.string(),
  shipped_at: z.string().nullable(),
  written_off_at: z.string().nullable(),
});
export type ShippingRequest = z.infer<typeof shippingRequestSchema>;

/** A write-off code as typed or scanned: spaces, dashes and case are forgiven. */
export const writeoffCodeSchema = z
  .string()
  .max(64)
  .transform(normalizeWriteoffCode)
  .refine((code) => WRITEOFF_CODE_PATTERN.test(code), 'not a write-off code');

export const voucherLookupRequestSchema = z.object({ code: writeoffCodeSchema });
export const writeoffRequestSchema = z.object({ code: writeoffCodeSchema });

/** What a validator sees of a voucher before confirming, and of one they wrote off. */
export const voucherSchema = z.object({
  code: z.string(),
  status: z.enum(['pending', 'written_off']),
  product: productRef,
  machine_no: z.string().nullable(),
  point: pickupPointSchema,
  /** The holder's address, shortened. */
  holder: z.string(),
  created_at: z.string(),
  written_off_at: z.string().nullable(),
});
export type Voucher = z.infer<typeof voucherSchema>;

// What operators send (the console builds on these).
export const pickupPointInputSchema = z.object({
  name: z.string().trim().min(1).max(2000),
  country: countrySchema,
  province: z.string().trim().min(1).max(16),
  address: z.string().trim().min(1).max(2000),
  hours: z.string().trim().max(200).default(''),
  active: z.boolean().default(true),
});
export type PickupPointInput = z.infer<typeof pickupPointInputSchema>;

export const inventoryInputSchema = z.object({
  product_id: idString,
  quantity: z.number().int().min(0).max(POINT_STOCK_MAX),
});
export const validatorInputSchema = z.object({ point_ids: z.array(idString).max(100) });
export const validatorParamsSchema = z.object({ address: addressSchema });
export const shipInputSchema = z.object({
  carrier: z.string().trim().min(SHIP_CARRIER.min).max(SHIP_CARRIER.max),
  tracking_no: z.string().trim().min(SHIP_TRACKING_NO.min).max(SHIP_TRACKING_NO.max),
});
export const operatorRequestsQuerySchema = pageQuery.extend({
  kind: z.enum(shippingKinds).optional(),
  status: z.enum(shippingStatuses).optional(),
});

/**
 * A request as operators list it: with the address of the user who made it, and never a pick-up
 * code (a bearer credential for the machine; only its holder and the point's validators see it).
 */
export const operatorShippingRequestSchema = shippingRequestSchema.omit({ code: true }).extend({ user: z.string() });
export type OperatorShippingRequest = z.infer<typeof operatorShippingRequestSchema>;

/** `GET /api/admin/pickup-points`: newest first, by country and/or province ('CN-GD'; the server checks it is one). */
export const operatorPointsQuerySchema = pageQuery.extend({
  country: countrySchema.optional(),
  province: z.string().trim().toUpperCase().min(1).max(16).optional(),
});
export type OperatorPointsQuery = z.infer<typeof operatorPointsQuerySchema>;

/** What a point keeps of one physical product (0 when it has never kept any). */
export const pointInventorySchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  quantity: z.number().int(),
});
export type PointInventory = z.infer<typeof pointInventorySchema>;

/** A point as operators read it: active or not, with its stock of every physical product. */
export const operatorPickupPointSchema = pickupPointSchema.extend({
  active: z.boolean(),
  inventory: z.array(pointInventorySchema),
});
export type OperatorPickupPoint = z.infer<typeof operatorPickupPointSchema>;

/** `GET /api/admin/validators`: users who write off codes, newest first, with their points. */
export const operatorValidatorSchema = z.object({
  /** The user's id: the page's cursor. */
  id: z.string(),
  address: z.string(),
  points: z.array(
    pickupPointSchema.pick({ id: true, name: true, country: true, province: true }).extend({ active: z.boolean() }),
  ),
});
export type OperatorValidator = z.infer<typeof operatorValidatorSchema>;
