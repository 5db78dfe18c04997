import { compare, times, type Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { Ledger } from '../ledger/ledger.js';
import type { StakingSettingsStore } from './staking-settings.js';

/** x rounded down to 18 decimals (the ledger's scale): the pool never takes more than the share. */
export function floor18(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  const kept = fraction.slice(0, 18).replace(/0+$/, '');
  return kept === '' ? whole! : `${whole}.${kept}`;
}

/**
 * The staking pool's share of each market fee (decision 143): right after a fee reaches `fees`, in
 * the same transaction, `fee × fee_share` rounded down moves on to the pool. A kernel helper so the
 * markets need not know the pool's module; the seller still sees one fee, the share being between
 * platform accounts.
 */
export function createFeeShare({ ledger, stakingSettings }: { ledger: Ledger; stakingSettings: StakingSettingsStore }) {
  return {
    async take(trx: Executor, fee: { asset: Asset; amount: string; ref: { type: string; id: string } }) {
      const { values } = await stakingSettings.read(trx);
      const share = floor18(times(fee.amount, values.fee_share));
      if (compare(share, '0') <= 0) return null;
      return ledger.post(trx, {
        debit: { platform: 'fees' },
        credit: { platform: 'staking_pool' },
        asset: fee.asset,
        amount: share,
        type: 'staking_fee_share',
        ref: fee.ref,
      });
    },
  };
}
export type FeeShare = ReturnType<typeof createFeeShare>;
