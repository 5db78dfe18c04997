import { z } from 'zod';
import { assetSchema, decimalString, idString } from '../api/primitives.js';
import { SECRET_MAX_LENGTH } from '../api/constants.js';
import { minerCategories, minerOrderStatuses, minerOutputStatuses, minerStates } from './constants.js';

export const minerCategorySchema = z.enum(minerCategories);

export const minerStateSchema = z.enum(minerStates);

export const minerOrderStatusSchema = z.enum(minerOrderStatuses);

export const minerOutputStatusSchema = z.enum(minerOutputStatuses);

export const minerProductSchema = z.object({
  id: z.string(),
  /** 'lang:::text' lines (spec §3); shown with pickLangText. */
  name: z.string(),
  /** A URL, or a path relative to the API host (shown with assetUrl). */
  image: z.string(),
  category: minerCategorySchema,
  /** Null: the product cannot be paid in that asset. */
  price_usdt: decimalString.nullable(),
  price_wallx: decimalString.nullable(),
  daily_output: decimalString,
  output_days: z.number().int(),
  stock: z.number().int(),
  per_user_limit: z.number().int().nullable(),
  physical: z.boolean(),
  gift: z.boolean(),
});
export type MinerProduct = z.infer<typeof minerProductSchema>;

export const minerProductsQuerySchema = z.object({ category: minerCategorySchema.optional() });

/** Units per purchase; the per-user limit and the stock are checked on the server. */
export const MINER_BUY_MAX_QUANTITY = 100;
export const buyMinerRequestSchema = z.object({
  product_id: idString,
  pay_asset: assetSchema,
  quantity: z.number().int().min(1).max(MINER_BUY_MAX_QUANTITY).default(1),
});
export type BuyMinerRequest = z.input<typeof buyMinerRequestSchema>;

export const minerOrderSchema = z.object({
  id: z.string(),
  product: minerProductSchema.pick({
    id: true,
    name: true,
    image: true,
    category: true,
    daily_output: true,
    output_days: true,
    physical: true,
  }),
  pay_asset: assetSchema.nullable(),
  price: decimalString.nullable(),
  gift: z.boolean(),
  status: minerOrderStatusSchema,
  created_at: z.string(),
  used_at: z.string().nullable(),
  /** The miner the order placed, once used. */
  miner_id: z.string().nullable(),
});
export type MinerOrder = z.infer<typeof minerOrderSchema>;

export const buyMinerResultSchema = z.object({
  orders: z.array(minerOrderSchema),
  balance: z.object({ usdt: decimalString, wallx: decimalString }),
});
export type BuyMinerResult = z.infer<typeof buyMinerResultSchema>;

/**
 * How the owner came by a miner, from its latest change of hands: a catalog purchase or a gift (its
 * order), a machine-market buy (that trade's unit price in USDT) or a transfer (no price recorded).
 */
export const minerAcquisitionSchema = z.object({
  via: z.enum(['purchase', 'gift', 'market', 'transfer']),
  /** Per unit; null for gifts and transfers. */
  price: decimalString.nullable(),
  asset: assetSchema.nullable(),
  at: z.string(),
});
export type MinerAcquisition = z.infer<typeof minerAcquisitionSchema>;

export const minerSchema = z.object({
  id: z.string(),
  machine_no: z.string(),
  product: minerProductSchema.pick({ id: true, name: true, image: true, category: true }),
  state: minerStateSchema,
  gift: z.boolean(),
  daily_output: decimalString,
  output_days: z.number().int(),
  /** Days that have produced an output so far. */
  days_produced: z.number().int(),
  output_total: decimalString,
  activated_at: z.string().nullable(),
  /** The last day (output time zone, YYYY-MM-DD) this miner produces; null until turned on. */
  last_output_day: z.string().nullable(),
  created_at: z.string(),
  acquisition: minerAcquisitionSchema,
});
export type Miner = z.infer<typeof minerSchema>;

export const minerOutputSchema = z.object({
  id: z.string(),
  miner_id: z.string(),
  machine_no: z.string(),
  day: z.string(),
  amount: decimalString,
  status: minerOutputStatusSchema,
  created_at: z.string(),
  collected_at: z.string().nullable(),
});
export type MinerOutput = z.infer<typeof minerOutputSchema>;

export const minerOutputsQuerySchema = z.object({ status: minerOutputStatusSchema.optional() });
export const minerOrdersQuerySchema = z.object({ status: minerOrderStatusSchema.optional() });

export const collectResultSchema = z.object({
  collected: z.number().int(),
  amount: decimalString,
  balance: z.object({ wallx: decimalString }),
});
export type CollectResult = z.infer<typeof collectResultSchema>;

export const minerTransferRequestSchema = z.object({
  to: z.string().max(64),
  fund_password: z.string().min(1).max(SECRET_MAX_LENGTH),
});
export type MinerTransferRequest = z.infer<typeof minerTransferRequestSchema>;

export const minersQuerySchema = z.object({ state: minerStateSchema.optional() });

/** The head of /mymines: what my mine holds and what waits to be collected. */
export const mineSummarySchema = z.object({
  miners: z.number().int(),
  mining: z.number().int(),
  to_collect_count: z.number().int(),
  to_collect_amount: decimalString,
  collected_amount: decimalString,
  /** The IANA zone whose midnight ends an output day. */
  output_time_zone: z.string(),
});
export type MineSummary = z.infer<typeof mineSummarySchema>;
