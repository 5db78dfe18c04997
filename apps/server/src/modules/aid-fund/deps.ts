import type { Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';

/**
 * What the aid fund needs of the withdrawals (app/ports.ts fills it): a grant's payout queued for the
 * payout worker, its amount moved out of `aid_fund` in the caller's transaction (decision 147).
 */
export type GrantPayoutQueue = {
  queue(trx: Executor, g: { grantId: string; asset: Asset; amount: string; toAddress: string }): Promise<unknown>;
};
