import { z } from 'zod';
import { decimalString, idString } from '../api/primitives.js';
import { times } from '../format/decimal.js';
import { minerProductSchema } from '../miners/schemas.js';
import { SECRET_MAX_LENGTH } from '../api/constants.js';
import {
  cancelReasons,
  marketOrderStatuses,
  marketSorts,
  orderExpiries,
  orderRoles,
  PRICE_PATTERN,
} from './constants.js';

export const orderExpirySchema = z.enum(orderExpiries);

export const marketOrderStatusSchema = z.enum(marketOrderStatuses);

export const marketSortSchema = z.enum(marketSorts);

export const cancelReasonSchema = z.enum(cancelReasons);

/**
 * How an order ended when cancelled: by whom, and an operator's words to the seller (decision of
 * issue 16: a seller sees why support cancelled their order). Null while not cancelled.
 */
const cancellation = {
  cancel_reason: cancelReasonSchema.nullable(),
  cancel_note: z.string().nullable(),
};

export const marketListQuerySchema = z.object({ sort: marketSortSchema.default('newest') });
export const myOrdersQuerySchema = z.object({ role: z.enum(orderRoles).default('sell') });

/** A USDT price: positive, at most 6 decimals (so amount × price stays exact in NUMERIC(38,18)). */
export const priceString = z
  .string()
  .max(19)
  .regex(PRICE_PATTERN, 'must be a price with at most 6 decimals')
  .refine((v) => !/^0+(\.0+)?$/.test(v), 'must be greater than 0');

/** Publishing needs a miner and an expiry: 'A sell order needs an expiry and a selected miner'. */
export const mtradePublishRequestSchema = z.object({
  miner_id: idString.optional(),
  unit_price: priceString,
  expiry: orderExpirySchema.optional(),
  fund_password: z.string().min(1).max(SECRET_MAX_LENGTH),
});
export type MtradePublishRequest = z.infer<typeof mtradePublishRequestSchema>;

export const mtradeOrderSchema = z.object({
  id: z.string(),
  miner_id: z.string(),
  machine_no: z.string(),
  product: minerProductSchema.pick({ id: true, name: true, image: true, category: true }),
  daily_output: decimalString,
  /** The days of output the miner gives once turned on: all of them, as only a miner never turned on is listed. */
  output_days: z.number().int(),
  unit_price: decimalString,
  /** The seller's fee, taken from the price when it sells: the seller's business (their own orders show it). */
  fee: decimalString,
  status: marketOrderStatusSchema,
  expiry: orderExpirySchema,
  expires_at: z.string(),
  seller: z.string(),
  buyer: z.string().nullable(),
  created_at: z.string(),
  filled_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  ...cancellation,
});
export type MtradeOrder = z.infer<typeof mtradeOrderSchema>;

/**
 * Buying moves the buyer's USDT to another user, so it needs the fund password like a transfer: a
 * stolen session (or a login signature phished elsewhere) alone cannot empty an account.
 */
export const marketBuyRequestSchema = z.object({ fund_password: z.string().min(1).max(SECRET_MAX_LENGTH) });
export type MarketBuyRequest = z.infer<typeof marketBuyRequestSchema>;

/** C2C amounts are whole WALLX. */
export const c2cAmountSchema = z
  .string()
  .max(12)
  .regex(/^[1-9]\d{0,11}$/, 'must be a whole number greater than 0');

/** NUMERIC(38,18) holds 20 digits before the point: the total a buyer pays must fit. */
const MAX_TOTAL_DIGITS = 20;

export const c2cPublishRequestSchema = z
  .object({
    amount: c2cAmountSchema,
    unit_price: priceString,
    expiry: orderExpirySchema,
    fund_password: z.string().min(1).max(SECRET_MAX_LENGTH),
  })
  .superRefine((order, ctx) => {
    const whole = times(order.amount, order.unit_price).split('.')[0]!;
    if (whole.length > MAX_TOTAL_DIGITS)
      ctx.addIssue({ code: 'custom', path: ['unit_price'], message: 'amount × unit price is too large' });
  });
export type C2cPublishRequest = z.infer<typeof c2cPublishRequestSchema>;

export const c2cOrderSchema = z.object({
  id: z.string(),
  amount: decimalString,
  unit_price: decimalString,
  /** USDT the buyer pays: amount × unit_price. */
  total: decimalString,
  /** WALLX the platform keeps when the order fills (held in escrow with the amount). */
  fee: decimalString,
  status: marketOrderStatusSchema,
  expiry: orderExpirySchema,
  expires_at: z.string(),
  seller: z.string(),
  buyer: z.string().nullable(),
  created_at: z.string(),
  filled_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  ...cancellation,
});
export type C2cOrder = z.infer<typeof c2cOrderSchema>;

/** What the publish screens show before the user commits: the fee rates in force. */
export const marketConfigSchema = z.object({ mtrade_fee_rate: decimalString, c2c_fee_rate: decimalString });
export type MarketConfig = z.infer<typeof marketConfigSchema>;
