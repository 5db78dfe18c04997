import { creditUsersFrom } from '../../kernel/ledger/batch.js';
import type { Db } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import { stakeRefType, type StakingRepository } from './repository.js';

type Deps = { db: Db; stakes: StakingRepository; now?: () => number; batchSize?: number };

/** Stakes returned per transaction: its locks and temporary rows stay small, its commit frequent. */
const BATCH = 500;
/** Batches per pass at most: a backlog (the job down for days) drains over several passes of the lease. */
const BATCHES_PER_PASS = 20;

/**
 * The maturity job (issue 48): term stakes whose end has passed go back to their owners' balances,
 * status `returned`; each `unstake` credit's balance event is its owner's notice. A batch of stakes is
 * one transaction: one statement closes them by the same conditional UPDATE an owner's withdrawal
 * runs, skipping rows another transaction holds, and one batch credit per round returns them, one
 * ledger transaction per stake (decision 152). A second instance, a rerun or the owner racing the job
 * finds a stake closed or locked and moves nothing for it; a batch that dies rolls back whole, its
 * stakes still due. The lease (schedule.ts) only keeps two instances from doing the same work at once.
 */
export function createStakeMaturity({ db, stakes, now = Date.now, batchSize = BATCH }: Deps) {
  return {
    async returnDue(): Promise<{ returned: number }> {
      const at = new Date(now());
      let returned = 0;
      for (let batch = 0; batch < BATCHES_PER_PASS; batch++) {
        const closed = await transaction(db, async (trx) => {
          const { closed, rounds } = await stakes.closeDue(trx, at, batchSize);
          // An owner with several stakes ending together is credited once per round, a stake each.
          for (let round = 1; round <= rounds; round++) {
            await stakes.returnRound(trx, round);
            await creditUsersFrom(trx, {
              from: 'stakes',
              type: 'unstake',
              ref: { type: stakeRefType },
              source: { table: 'stake_returns', amounts: { WALLX: 'amount' }, refId: 'stake_id' },
            });
          }
          return closed;
        });
        returned += closed;
        if (closed < batchSize) break;
      }
      return { returned };
    },
  };
}
export type StakeMaturity = ReturnType<typeof createStakeMaturity>;
