import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';
import type { Executor } from '../../db/database.js';

/** Statuses whose amount is on its way out (or out) without waiting for an operator. */
const PAID_WITHOUT_REVIEW = ['queued', 'broadcast', 'held', 'completed'] as const;
// Any constant of our own; the second key is the asset.
const WITHDRAW_LOCK = 7_411_002;
const assetLockKey: Record<Asset, number> = { USDT: 1, WALLX: 2 };

export function createWithdrawalRepository() {
  return {
    /**
     * Serializes the withdrawals of one asset until the caller's transaction ends: the review rules
     * add this request to sums (the user's day, the platform's hour) that concurrent requests are
     * adding to, so two halves of one large withdrawal cannot both see the sum without the other.
     */
    async lockAsset(trx: Executor, asset: Asset): Promise<void> {
      await sql`select pg_advisory_xact_lock(${WITHDRAW_LOCK}, ${assetLockKey[asset]})`.execute(trx);
    },

    /** What the user withdrew in the last 24 hours (not refused or refunded), and what the platform let out unreviewed in the last hour. */
    async recentTotals(trx: Executor, userId: string, asset: Asset): Promise<{ userDay: string; platformHour: string }> {
      const { rows } = await sql<{ user_day: string; platform_hour: string }>`
        select
          (select coalesce(sum(amount), 0)::text from withdrawals
            where user_id = ${userId}::bigint and asset = ${asset} and created_at > now() - interval '24 hours'
              and status not in ('rejected', 'refunded')) as user_day,
          (select coalesce(sum(amount), 0)::text from withdrawals
            where asset = ${asset} and created_at > now() - interval '1 hour'
              and status in (${sql.join(PAID_WITHOUT_REVIEW.map((s) => sql.lit(s)))})) as platform_hour`.execute(trx);
      return { userDay: rows[0]!.user_day, platformHour: rows[0]!.platform_hour };
    },

    /**
     * Queued withdrawals the worker may pay: only those whose `withdraw` debit of exactly their amount
     * is in the ledger, on the owner's account. A withdrawal row without it (a request that failed
     * after the row was written) is never paid.
     */
    pickableQueued(db: Executor, limit: number) {
      return db
        .selectFrom('withdrawals as w')
        .where('w.status', '=', 'queued')
        .where(
          sql<boolean>`exists (
            select 1 from ledger_entries e join accounts a on a.id = e.account_id
            where e.ref_type = 'withdrawal' and e.ref_id = w.id::text and e.type = 'withdrawal'
              and a.user_id = w.user_id and a.asset = w.asset and e.amount = -w.amount)`,
        )
        .orderBy('w.id')
        .limit(limit);
    },
  };
}
export type WithdrawalRepository = ReturnType<typeof createWithdrawalRepository>;
