import { sql } from 'kysely';
import type { Executor } from '../platform/db/database.js';

export type WithdrawalQueue = {
  status: string;
  asset: string;
  count: number;
  /** Seconds since the oldest of them was requested. */
  oldestAgeSeconds: number;
};

/** The scrape-time counts of the product gauges: each one short aggregate over an indexed status. */
export function createMetricsRepository() {
  return {
    /** Withdrawals not yet settled, per status and asset: the review queue, the payout queue, in flight and held. */
    async openWithdrawals(db: Executor): Promise<WithdrawalQueue[]> {
      const { rows } = await sql<{ status: string; asset: string; count: string; oldest: string }>`
        select status, asset, count(*)::text as count,
          extract(epoch from now() - min(created_at))::float8::text as oldest
        from withdrawals where status in ('pending_review', 'queued', 'broadcast', 'held')
        group by status, asset`.execute(db);
      return rows.map((row) => ({
        status: row.status,
        asset: row.asset,
        count: Number(row.count),
        oldestAgeSeconds: Number(row.oldest),
      }));
    },

    /** Broadcast payouts whose newest transaction has waited past `stuckAfterMs` (as the console marks them). */
    async stuckPayouts(db: Executor, stuckAfterMs: number): Promise<{ asset: string; count: number }[]> {
      const { rows } = await sql<{ asset: string; count: string }>`
        select w.asset, count(*)::text as count from withdrawals w
        where w.status = 'broadcast' and (
          select max(t.created_at) from withdrawal_transactions t where t.withdrawal_id = w.id
        ) < now() - make_interval(secs => ${stuckAfterMs / 1000})
        group by w.asset`.execute(db);
      return rows.map((row) => ({ asset: row.asset, count: Number(row.count) }));
    },

    /** Users' deposit reports the chain has not settled: seen, not yet confirmed. */
    async depositsAwaitingConfirmations(db: Executor): Promise<{ asset: string; count: number }[]> {
      const { rows } = await sql<{ asset: string; count: string }>`
        select asset, count(*)::text as count from deposit_reports
        where status in ('pending', 'confirming') group by asset`.execute(db);
      return rows.map((row) => ({ asset: row.asset, count: Number(row.count) }));
    },

    /** Who holds each job's lease now (lapsed leases are nobody's). */
    async leaseHolders(db: Executor): Promise<{ name: string; holder: string }[]> {
      const { rows } = await sql<{ name: string; holder: string }>`
        select name, holder from job_leases where expires_at > now()`.execute(db);
      return rows;
    },
  };
}
export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
