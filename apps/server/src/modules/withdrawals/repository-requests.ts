import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';
import { currentRequestId } from '../../platform/tracing/tracing.js';
import { columns } from './repository-columns.js';
import type { WithdrawalRow } from './repository-rows.js';

/** Statuses whose amount is on its way out (or out) without waiting for an operator. */
const PAID_WITHOUT_REVIEW = ['queued', 'broadcast', 'held', 'completed'] as const;
// Any constant of our own; the second key is the asset.
const WITHDRAW_LOCK = 7_411_002;
const assetLockKey: Record<Asset, number> = { USDT: 1, WALLX: 2 };

/** A user's withdrawals as requested: the review rules' sums, the new row, the user's list. */
export function createRequestQueries() {
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
    async recentTotals(
      trx: Executor,
      userId: string,
      asset: Asset,
    ): Promise<{ userDay: string; platformHour: string }> {
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

    async insert(
      trx: Executor,
      w: {
        userId: string;
        asset: Asset;
        amount: string;
        fee: string;
        toAddress: string;
        reviewReason: 'amount' | 'daily_total' | 'hourly_cap' | null;
      },
    ): Promise<WithdrawalRow> {
      return (await trx
        .insertInto('withdrawals')
        .values({
          user_id: w.userId,
          asset: w.asset,
          amount: w.amount,
          fee: w.fee,
          to_address: w.toAddress,
          status: w.reviewReason ? 'pending_review' : 'queued',
          review_reason: w.reviewReason,
          // The user's request (its X-Request-Id): support follows a failed payout from it to the chain.
          request_id: currentRequestId(),
        })
        .returning(columns)
        .executeTakeFirstOrThrow()) as WithdrawalRow;
    },

    async list(db: Executor, userId: string, range: PageRange): Promise<WithdrawalRow[]> {
      let query = db
        .selectFrom('withdrawals')
        .select(columns)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(range.limit);
      if (range.before) query = query.where('id', '<', range.before);
      return (await query.execute()) as WithdrawalRow[];
    },
  };
}
