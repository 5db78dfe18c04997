import { sql } from 'kysely';
import type { Asset, AssetTotal } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { sumText } from './sums.js';

/** The day's cards: users, money in and out since the day began, and the miners' state. */
export function createTodayRepository() {
  async function totalsSince(
    db: Executor,
    table: 'deposits' | 'withdrawals',
    column: 'credited_at' | 'created_at',
    since: Date,
  ): Promise<AssetTotal[]> {
    const { rows } = await sql<{ asset: Asset; count: number; sum: string }>`
      select asset, count(*)::int as count, ${sumText('amount')} as sum
      from ${sql.table(table)} where ${sql.ref(column)} >= ${since} group by asset`.execute(db);
    return (['USDT', 'WALLX'] as const).map(
      (asset) => rows.find((row) => row.asset === asset) ?? { asset, count: 0, sum: '0' },
    );
  }

  return {
    /** The instant a calendar day begins in a time zone (PostgreSQL knows the zone's rules). */
    async startOf(db: Executor, day: string, timeZone: string): Promise<Date> {
      const { rows } = await sql<{
        since: Date;
      }>`select (${day}::date::timestamp at time zone ${timeZone}) as since`.execute(db);
      return rows[0]!.since;
    },

    async users(db: Executor, since: Date): Promise<{ total: number; new_today: number }> {
      const { rows } = await sql<{ total: number; new_today: number }>`
        select (select count(*)::int from users) as total, (select count(*)::int from users where created_at >= ${since}) as new_today`.execute(
        db,
      );
      return rows[0]!;
    },

    depositsSince: (db: Executor, since: Date) => totalsSince(db, 'deposits', 'credited_at', since),
    // withdrawals_asset_recent_idx (asset, created_at) serves this one.
    withdrawalsSince: (db: Executor, since: Date) => totalsSince(db, 'withdrawals', 'created_at', since),

    async awaitingReview(db: Executor): Promise<number> {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from withdrawals where status = 'pending_review'`.execute(db);
      return rows[0]!.n;
    },

    async minersOn(db: Executor): Promise<number> {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from miners where state = 'on'`.execute(db);
      return rows[0]!.n;
    },

    async outputPending(db: Executor): Promise<{ count: number; sum: string }> {
      const { rows } = await sql<{ count: number; sum: string }>`
        select count(*)::int as count, ${sumText('amount')} as sum from miner_outputs where status = 'to_collect'`.execute(
        db,
      );
      return rows[0]!;
    },
  };
}
