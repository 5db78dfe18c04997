import { z } from 'zod';
import { assetSchema, decimalString } from '../api/primitives.js';

/** A count and a sum of one asset. */
export const assetTotalSchema = z.object({ asset: assetSchema, count: z.number().int(), sum: decimalString });
export type AssetTotal = z.infer<typeof assetTotalSchema>;

/**
 * One asset's books against the chain. `owed` is what the platform must be able to pay out now:
 * user balances, C2C escrow and withdrawals debited but not yet signed. Payouts signed but not yet
 * confirmed (`withdrawals_in_flight`) may or may not have left the hot wallet, so they are shown
 * apart and not counted: `is_short` is true when the chain holds less than `owed`, whichever way
 * those payouts go. Null chain figures: the chain could not be read (`chain_error` says why).
 */
export const reconciliationSchema = z.object({
  asset: assetSchema,
  user_balances: decimalString,
  escrow: decimalString,
  withdrawals_queued: decimalString,
  withdrawals_in_flight: decimalString,
  /** Transfers to the deposit address that no user sent and nobody credited yet: on chain, owed to no user (yet). */
  unattributed: decimalString,
  owed: decimalString,
  /** At users' own deposit addresses by the books, not yet swept (issue 33), and what sweeps and cold transfers unsettled are moving. */
  unswept: decimalString,
  sweeps_in_flight: decimalString,
  cold_in_flight: decimalString,
  deposit_address: z.string().nullable(),
  hot_wallet: z.string().nullable(),
  deposit_balance: decimalString.nullable(),
  hot_wallet_balance: decimalString.nullable(),
  cold_wallet: z.string().nullable(),
  cold_balance: decimalString.nullable(),
  /** The users' deposit addresses holding tokens by the books, read on chain (the largest 200; the rest at their book value). */
  deposit_addresses: z.number().int(),
  deposit_addresses_balance: decimalString.nullable(),
  /** deposit_addresses_balance − (unswept + sweeps_in_flight): negative while a sweep is mined but not yet confirmed, or when tokens are missing there. */
  deposit_addresses_difference: z.string().nullable(),
  /** Shared deposit address + users' deposit addresses + hot wallet + cold storage. */
  on_chain: decimalString.nullable(),
  /** on_chain − owed: negative when short. */
  difference: z.string().nullable(),
  is_short: z.boolean().nullable(),
  chain_error: z.enum(['no_chain', 'unreachable']).nullable(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** The console's first page: today's activity (in the output job's time zone) and the reconciliation. */
export const dashboardSchema = z.object({
  as_of: z.string(),
  day: z.string(),
  time_zone: z.string(),
  users: z.object({ total: z.number().int(), new_today: z.number().int() }),
  deposits_today: z.array(assetTotalSchema),
  withdrawals_today: z.array(assetTotalSchema),
  withdrawals_awaiting_review: z.number().int(),
  miners_on: z.number().int(),
  output_pending: z.object({ count: z.number().int(), sum: decimalString }),
  reconciliation: z.array(reconciliationSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
