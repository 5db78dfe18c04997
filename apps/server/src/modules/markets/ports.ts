import type { MinerState } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';

// What the markets need of other modules; app.ts hands in the miners repository and the money settings.

export type MarketFees = {
  /** Share of a machine's price the platform keeps, e.g. '0.05'. */
  mtradeFeeRate: string;
  /** Share of a C2C order's WALLX amount the platform keeps, held in escrow with the amount. */
  c2cFeeRate: string;
};

/** The fee rates in force, read in the transaction that charges them (operators change them: decision 58). */
export type MarketFeeSource = { marketFees(ex: Executor): Promise<MarketFees> };

/**
 * What the machine market needs of the miners module: app.ts hands in the miners repository.
 * Declared here rather than imported, as modules import no other module but the ledger.
 */
export type MinerSales = {
  minerState(
    ex: Executor,
    userId: string,
    minerId: string,
  ): Promise<{ state: MinerState; gift: boolean; claimed: boolean } | undefined>;
  /** off → selling; false unless it is the owner's off, non-gift miner. */
  putOnSale(ex: Executor, userId: string, minerId: string): Promise<boolean>;
  /** selling → off, to `newOwnerId` when bought; false unless it was selling. */
  takeOffSale(ex: Executor, minerId: string, newOwnerId?: string): Promise<boolean>;
};
