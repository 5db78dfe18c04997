import type { Executor } from '../../platform/db/database.js';
import { recordAudit } from '../../kernel/audit/audit.js';
import { columns } from './repository-columns.js';
import { createPayoutQueries } from './repository-payouts.js';
import { createRequestQueries } from './repository-requests.js';
import type { WithdrawalRow } from './repository-rows.js';
export type { SentTransaction, WithdrawalRow, WithdrawalStatus } from './repository-rows.js';

/**
 * The withdrawals' SQL: one withdrawal read, locked, refused or audited here; the queries of a request
 * (repository-requests.ts) and of the payout worker (repository-payouts.ts) beside it.
 */
export function createWithdrawalRepository() {
  return {
    async one(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
      return (await db.selectFrom('withdrawals').select(columns).where('id', '=', id).executeTakeFirst()) as
        WithdrawalRow | undefined;
    },

    /** The withdrawal, its row locked until the caller's transaction ends. */
    async lock(trx: Executor, id: string): Promise<WithdrawalRow | undefined> {
      return (await trx
        .selectFrom('withdrawals')
        .select(columns)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()) as WithdrawalRow | undefined;
    },

    /** Why it was refused or refunded, if it was. */
    async failureReason(trx: Executor, id: string): Promise<string | null> {
      const row = await trx.selectFrom('withdrawals').select('failure_reason').where('id', '=', id).executeTakeFirst();
      return row?.failure_reason ?? null;
    },

    async setRefused(trx: Executor, id: string, status: 'refunded' | 'rejected', reason: string): Promise<void> {
      await trx
        .updateTable('withdrawals')
        .set({ status, failure_reason: reason, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async audit(
      trx: Executor,
      entry: { operator: string; action: string; withdrawalId: string; detail: unknown },
    ): Promise<void> {
      await recordAudit(trx, {
        operator: entry.operator,
        action: entry.action,
        subjectType: 'withdrawal',
        subjectId: entry.withdrawalId,
        detail: entry.detail,
      });
    },

    ...createRequestQueries(),
    ...createPayoutQueries(),
  };
}
export type WithdrawalRepository = ReturnType<typeof createWithdrawalRepository>;
