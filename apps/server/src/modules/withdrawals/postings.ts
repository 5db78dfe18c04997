import { parseUnits } from 'viem';
import type { Executor } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import type { WithdrawalRepository, WithdrawalRow } from './repository.js';

/** Decimal strings compared exactly, through base units. */
export const units = (amount: string) => parseUnits(amount, 18);

/**
 * What a withdrawal posts to the ledger: its amount and fee leave the balance when it is requested,
 * and both come back in full when it cannot be paid or an operator rejects it. Shared by the
 * withdrawal service and the payout worker, which both refund.
 */
export function createWithdrawalPostings({ ledger, repository }: { ledger: Ledger; repository: WithdrawalRepository }) {
  return {
    async debit(
      trx: Executor,
      w: Pick<WithdrawalRow, 'id' | 'asset' | 'amount' | 'fee'> & { user_id: string },
    ): Promise<void> {
      const ref = { type: 'withdrawal', id: w.id };
      await ledger.post(trx, {
        debit: { user: w.user_id },
        credit: { platform: 'withdrawals' },
        asset: w.asset,
        amount: w.amount,
        type: 'withdrawal',
        ref,
      });
      if (units(w.fee) === 0n) return;
      try {
        await ledger.post(trx, {
          debit: { user: w.user_id },
          credit: { platform: 'fees' },
          asset: w.asset,
          amount: w.fee,
          type: 'withdrawal_fee',
          ref,
        });
      } catch (error) {
        // The amount was covered and the fee not: say so, as the spec's message does.
        if (error instanceof AppError) throw new AppError('insufficient_fee', { field: 'amount', cause: error });
        throw error;
      }
    },

    async refund(trx: Executor, w: WithdrawalRow, status: 'refunded' | 'rejected', reason: string): Promise<void> {
      const ref = { type: 'withdrawal', id: w.id };
      // A grant's payout (no user) goes back to the aid fund it left; it has no fee.
      const owner = w.user_id === null ? ({ platform: 'aid_fund' } as const) : { user: w.user_id };
      await ledger.post(trx, {
        debit: { platform: 'withdrawals' },
        credit: owner,
        asset: w.asset,
        amount: w.amount,
        type: 'withdrawal_refund',
        ref,
      });
      if (units(w.fee) > 0n) {
        await ledger.post(trx, {
          debit: { platform: 'fees' },
          credit: owner,
          asset: w.asset,
          amount: w.fee,
          type: 'withdrawal_refund',
          ref,
        });
      }
      await repository.setRefused(trx, w.id, status, reason);
    },
  };
}
export type WithdrawalPostings = ReturnType<typeof createWithdrawalPostings>;
