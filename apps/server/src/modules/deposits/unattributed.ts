import type { Asset, Page, UnattributedDeposit } from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { DecisionHandler } from '../../kernel/money-decisions/decision-handler.js';
import type { DepositCredit } from './credit.js';
import type { DepositRepository } from './repository.js';

type Deps = { db: Db; users: UserRepository; repository: DepositRepository; credit: DepositCredit };

/** Deposits to the shared address no user sent (decision 81): listed for the console, credited by a proposal. */
export function createUnattributedDeposits({ db, users, repository, credit }: Deps) {
  return {
    unattributed(
      query: PageQuery & { status?: 'open' | 'credited' | undefined; asset?: Asset | undefined },
    ): Promise<Page<UnattributedDeposit>> {
      return pageById(query, (range) =>
        repository.unattributed(db, { status: query.status ?? null, asset: query.asset ?? null }, range),
      );
    },

    /**
     * Crediting an unattributed deposit to the user it belongs to (decision 81), as a proposal one
     * finance operator makes and another approves. It credits at most once: the deposit row takes
     * the transfer's (tx hash, log index), which a credit by the scanner or a report would too.
     */
    proposalHandlers(): Record<'deposit.credit', DecisionHandler> {
      const check = async (trx: Executor, subjectId: string, detail: { user?: string }) => {
        const found = await repository.lockUnattributed(trx, subjectId);
        if (!found) throw new AppError('unattributed_deposit_not_found', { field: 'subject_id' });
        if (found.credited_to) throw new AppError('deposit_already_credited', { field: 'subject_id' });
        const userId = detail.user ? await users.findIdByAddress(trx, detail.user) : undefined;
        if (!userId) throw new AppError('user_not_found', { field: 'user' });
        return { found, userId };
      };
      return {
        'deposit.credit': {
          subjectType: 'unattributed_deposit',
          check: async (trx, subjectId, detail) => ({ userId: (await check(trx, subjectId, detail)).userId }),
          async execute(trx, operator, proposal) {
            const { found, userId } = await check(trx, proposal.subject_id, proposal.detail);
            const transfer = {
              asset: found.asset,
              txHash: found.tx_hash,
              logIndex: found.log_index,
              from: found.from_address,
              amount: found.amount,
              blockNumber: BigInt(found.block_number),
              blockHash: found.block_hash,
            };
            if (!(await credit.creditTo(trx, userId, transfer)))
              throw new AppError('deposit_already_credited', { field: 'subject_id' });
            await recordAudit(trx, {
              operator,
              action: 'deposit.credit',
              subjectType: 'unattributed_deposit',
              subjectId: found.id,
              detail: {
                user: proposal.detail.user,
                asset: found.asset,
                amount: found.amount,
                from: found.from_address,
                tx_hash: found.tx_hash,
                log_index: found.log_index,
                reason: proposal.reason,
                proposal: proposal.id,
                proposed_by: proposal.proposed_by,
              },
            });
          },
        },
      };
    },
  };
}
