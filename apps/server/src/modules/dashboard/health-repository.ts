import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { sumText } from './sums.js';

/** The money flow's health: totals per day, and the payout queue. */
export function createHealthRepository() {
  return {
    /**
     * Per calendar day of `timeZone` and asset, between two instants: deposits by when they were
     * credited, withdrawals by when they were requested (as the day's cards count them). Days with
     * nothing have no row; the service fills them with zeros.
     */
    async dailyTotals(
      db: Executor,
      table: 'deposits' | 'withdrawals',
      range: { since: Date; until: Date; timeZone: string },
    ): Promise<{ day: string; asset: Asset; count: number; sum: string }[]> {
      const column = sql.ref(table === 'deposits' ? 'credited_at' : 'created_at');
      const { rows } = await sql<{ day: string; asset: Asset; count: number; sum: string }>`
        select to_char(${column} at time zone ${range.timeZone}, 'YYYY-MM-DD') as day, asset,
          count(*)::int as count, ${sumText('amount')} as sum
        from ${sql.table(table)} where ${column} >= ${range.since} and ${column} < ${range.until}
        group by 1, 2`.execute(db);
      return rows;
    },

    /** The payout queue from the open withdrawals' partial index: how many wait where, and since when. */
    async payoutQueue(db: Executor): Promise<{
      queued: number;
      oldest_queued_at: Date | null;
      held: number;
      broadcast: number;
      awaiting_review: number;
    }> {
      const { rows } = await sql<{
        queued: number;
        oldest_queued_at: Date | null;
        held: number;
        broadcast: number;
        awaiting_review: number;
      }>`
        select count(*) filter (where status = 'queued')::int as queued,
          min(updated_at) filter (where status = 'queued') as oldest_queued_at,
          count(*) filter (where status = 'held')::int as held,
          count(*) filter (where status = 'broadcast')::int as broadcast,
          count(*) filter (where status = 'pending_review')::int as awaiting_review
        from withdrawals where status in ('pending_review', 'queued', 'broadcast', 'held')`.execute(db);
      return rows[0]!;
    },
  };
}
