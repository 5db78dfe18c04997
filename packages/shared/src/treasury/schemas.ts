import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { assetSchema, decimalString } from '../api/primitives.js';

/** Amounts of both tokens. */
const perAsset = z.object({ USDT: decimalString, WALLX: decimalString });

/**
 * A user's deposit address still holding tokens by the books (issue 33): `unswept` is what credited
 * deposits brought there less what sweeps moved, `in_flight` what a sweep sent but not yet confirmed
 * is moving.
 */
export const depositAddressHoldingSchema = z.object({
  address: z.string(),
  /** The user's wallet. */
  user: z.string(),
  unswept: perAsset,
  in_flight: perAsset,
});
export type DepositAddressHolding = z.infer<typeof depositAddressHoldingSchema>;

export const depositAddressHoldingQuerySchema = pageQuery;

export const chainMoveStatuses = ['sent', 'confirmed', 'reverted', 'dropped'] as const;

/**
 * One sweep: a sweepMany of one token over `addresses` deposit addresses, paid by the hot wallet.
 * Settled ones give what the hot wallet received, how many addresses it deployed, and the gas in BNB.
 */
export const sweepSchema = z.object({
  id: z.string(),
  asset: assetSchema,
  status: z.enum(chainMoveStatuses),
  tx_hash: z.string(),
  addresses: z.number().int(),
  /** What the sweep was signed to move (the addresses' balances then). */
  expected: decimalString,
  amount_received: decimalString.nullable(),
  deployed_count: z.number().int().nullable(),
  gas_used: z.string().nullable(),
  /** gas used × gas price, in BNB. */
  gas_cost: decimalString.nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type Sweep = z.infer<typeof sweepSchema>;
export const sweepQuerySchema = pageQuery.extend({ asset: assetSchema.optional() });

/** Hot → cold: the hot wallet's excess over its high-water mark, down to its target. */
export const coldTransferSchema = z.object({
  id: z.string(),
  asset: assetSchema,
  status: z.enum(chainMoveStatuses),
  amount: decimalString,
  to_address: z.string(),
  tx_hash: z.string(),
  gas_cost: decimalString.nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type ColdTransfer = z.infer<typeof coldTransferSchema>;
export const coldTransferQuerySchema = pageQuery.extend({ asset: assetSchema.optional() });

/**
 * Why payouts wait: the hot wallet's external signer did not sign (down, erring, or signing something
 * else) until it signs again; the hot wallet is below its low-water mark until an operator tops it up
 * from cold. The first that holds is named.
 */
export const payoutsWaitReasons = ['signer_unavailable', 'hot_wallet_low'] as const;
export type PayoutsWaitReason = (typeof payoutsWaitReasons)[number];

/**
 * One token in the hot wallet and around it. Chain figures are null when the chain cannot be read
 * (`chain_error`); the marks and the books' figures are always there.
 */
export const hotWalletAssetSchema = z.object({
  asset: assetSchema,
  hot_wallet: z.string(),
  cold_wallet: z.string(),
  hot_balance: decimalString.nullable(),
  cold_balance: decimalString.nullable(),
  low: decimalString,
  target: decimalString,
  high: decimalString,
  /** At users' deposit addresses by the books, not yet swept. */
  unswept: decimalString,
  sweeps_in_flight: decimalString,
  cold_in_flight: decimalString,
  payouts_waiting: z.boolean().nullable(),
  payouts_wait_reason: z.enum(payoutsWaitReasons).nullable(),
  chain_error: z.enum(['unreachable']).nullable(),
});
export type HotWalletAsset = z.infer<typeof hotWalletAssetSchema>;
/**
 * Who signs for the hot wallet (`key`: a key in the server; `external`: SIGNER_URL) and, while its
 * signings fail, since when and the last error; both null while it signs.
 */
export const hotWalletSignerSchema = z.object({
  kind: z.enum(['key', 'external']),
  failing_since: z.string().nullable(),
  error: z.string().nullable(),
});
export const hotWalletSchema = z.object({ assets: z.array(hotWalletAssetSchema), signer: hotWalletSignerSchema });
export type HotWallet = z.infer<typeof hotWalletSchema>;
