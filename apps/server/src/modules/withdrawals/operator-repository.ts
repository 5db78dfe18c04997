import { sql } from 'kysely';
import type { Asset, OperatorWithdrawalStatus } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

export type OperatorWithdrawalRow = {
  id: string;
  user: string | null;
  aid_grant_id: string | null;
  partner_id: string | null;
  partner: string | null;
  asset: Asset;
  amount: string;
  fee: string;
  to_address: string;
  status: OperatorWithdrawalStatus;
  review_reason: string | null;
  failure_reason: string | null;
  nonce: string | null;
  tx_hash: string | null;
  is_stuck: boolean;
  created_at: Date;
  updated_at: Date;
};

/**
 * What the console reads of withdrawals: every user's, as they are, and the aid fund's grant payouts
 * (no user, a grant: migration 041), with the grant's partner.
 */
export function createWithdrawalOperatorRepository() {
  return {
    async withdrawals(
      db: Executor,
      filter: {
        status?: OperatorWithdrawalStatus | undefined;
        asset?: Asset | undefined;
        user?: string | undefined;
        stuckAfterMs: number;
      },
      range: PageRange,
    ): Promise<OperatorWithdrawalRow[]> {
      const { rows } = await sql<OperatorWithdrawalRow>`
        select w.id::text as id, u.address as "user", w.aid_grant_id::text as aid_grant_id,
          g.partner_id::text as partner_id, p.name as partner, w.asset, trim_scale(w.amount)::text as amount, trim_scale(w.fee)::text as fee,
          w.to_address, w.status, w.review_reason, w.failure_reason, w.nonce::text as nonce, w.tx_hash,
          (w.status = 'broadcast' and coalesce((
            select max(t.created_at) from withdrawal_transactions t where t.withdrawal_id = w.id
          ) < now() - make_interval(secs => ${filter.stuckAfterMs / 1000}), false)) as is_stuck,
          w.created_at, w.updated_at
        from withdrawals w
          left join users u on u.id = w.user_id
          left join aid_grants g on g.id = w.aid_grant_id
          left join aid_partners p on p.id = g.partner_id
        where true
          ${filter.status ? sql`and w.status = ${filter.status}` : sql``}
          ${filter.asset ? sql`and w.asset = ${filter.asset}` : sql``}
          ${filter.user ? sql`and u.address = ${filter.user}` : sql``}
          ${range.before ? sql`and w.id < ${range.before}::bigint` : sql``}
        order by w.id desc
        limit ${range.limit}`.execute(db);
      return rows;
    },
  };
}
export type WithdrawalOperatorRepository = ReturnType<typeof createWithdrawalOperatorRepository>;
