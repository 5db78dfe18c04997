import { sql } from 'kysely';
import type { Asset, AssetTotal } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';

/** Per-asset totals, both assets always present. */
type AssetSums = Record<Asset, string>;

const sumText = (column: string) => sql.raw(`coalesce(trim_scale(sum(${column})), 0)::text`);

/**
 * The dashboard's figures: read-only aggregates over other modules' tables (a reporting view; it
 * changes nothing). Each reads an index range or a small partial index, apart from the sum of user
 * balances, which reads every user account (two per user) once.
 */
export function createDashboardRepository() {
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

    /** What users hold in their accounts, as the ledger keeps it (locked amounts are not in them). */
    async userBalances(db: Executor): Promise<AssetSums> {
      const { rows } = await sql<{ asset: Asset; sum: string }>`
        select asset, ${sumText('balance')} as sum from accounts where user_id is not null group by asset`.execute(db);
      return {
        USDT: rows.find((r) => r.asset === 'USDT')?.sum ?? '0',
        WALLX: rows.find((r) => r.asset === 'WALLX')?.sum ?? '0',
      };
    },

    /**
     * WALLX held in escrow: the amount and fee of every pending C2C order, which is what the escrow
     * account holds (each order puts both in and takes both out), read from the pending orders'
     * index rather than by summing the account's ever-growing entries.
     */
    async escrow(db: Executor): Promise<AssetSums> {
      const { rows } = await sql<{
        sum: string;
      }>`select ${sumText('amount + fee')} as sum from c2c_orders where status = 'pending'`.execute(db);
      return { USDT: '0', WALLX: rows[0]!.sum };
    },

    /** Transfers no user sent that have no deposit row yet (decision 81). */
    async openUnattributed(db: Executor): Promise<AssetSums> {
      const { rows } = await sql<{ asset: Asset; sum: string }>`
        select ud.asset, coalesce(trim_scale(sum(ud.amount)), 0)::text as sum from unattributed_deposits ud
        where not exists (select 1 from deposits d where d.tx_hash = ud.tx_hash and d.log_index = ud.log_index) group by ud.asset`.execute(
        db,
      );
      return {
        USDT: rows.find((r) => r.asset === 'USDT')?.sum ?? '0',
        WALLX: rows.find((r) => r.asset === 'WALLX')?.sum ?? '0',
      };
    },

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

    /**
     * Withdrawals debited from users and not yet paid: `queued` not yet signed (in review or waiting
     * for the payout worker), `inFlight` signed and sent but not yet confirmed (or held for an operator).
     */
    async openWithdrawals(db: Executor): Promise<{ queued: AssetSums; inFlight: AssetSums }> {
      const { rows } = await sql<{ asset: Asset; queued: string; in_flight: string }>`
        select asset,
          coalesce(trim_scale(sum(amount) filter (where status in ('pending_review', 'queued'))), 0)::text as queued,
          coalesce(trim_scale(sum(amount) filter (where status in ('broadcast', 'held'))), 0)::text as in_flight
        from withdrawals where status in ('pending_review', 'queued', 'broadcast', 'held') group by asset`.execute(db);
      const of = (asset: Asset, key: 'queued' | 'in_flight') => rows.find((r) => r.asset === asset)?.[key] ?? '0';
      return {
        queued: { USDT: of('USDT', 'queued'), WALLX: of('WALLX', 'queued') },
        inFlight: { USDT: of('USDT', 'in_flight'), WALLX: of('WALLX', 'in_flight') },
      };
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
