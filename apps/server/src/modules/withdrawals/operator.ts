import type { OperatorWithdrawal, OperatorWithdrawalQuery, Page } from '@wallx/shared';
import type { Db } from '../../platform/db/database.js';
import { pageById } from '../../platform/pagination/page.js';
import type { OperatorWithdrawalRow, WithdrawalOperatorRepository } from './operator-repository.js';

type Deps = {
  db: Db;
  repository: WithdrawalOperatorRepository;
  /** When a broadcast payout is called stuck: when the payout worker replaces it. */
  stuckAfterMs: number;
};

const toWithdrawal = ({ aid_grant_id, partner_id, partner, ...r }: OperatorWithdrawalRow): OperatorWithdrawal => ({
  ...r,
  aid_grant: aid_grant_id === null ? null : { id: aid_grant_id, partner_id: partner_id!, partner: partner! },
  review_reason: r.review_reason as OperatorWithdrawal['review_reason'],
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** Withdrawals as the console reviews them: every user's, in their real state. */
export function createWithdrawalOperations({ db, repository, stuckAfterMs }: Deps) {
  return {
    withdrawals(query: OperatorWithdrawalQuery): Promise<Page<OperatorWithdrawal>> {
      const filter = { status: query.status, asset: query.asset, user: query.user, stuckAfterMs };
      return pageById(query, async (range) => (await repository.withdrawals(db, filter, range)).map(toWithdrawal));
    },
  };
}
export type WithdrawalOperations = ReturnType<typeof createWithdrawalOperations>;
