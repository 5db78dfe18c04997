import { sql } from 'kysely';
import type { StakeStatus, StakeTerm } from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

/** A stake as stored, its amounts without the column's trailing zeros. */
export type StakeRow = {
  id: string;
  user_id: string;
  amount: string;
  term: StakeTerm;
  status: StakeStatus;
  started_at: Date;
  ends_at: Date | null;
  closed_at: Date | null;
  earned_wallx: string;
  earned_usdt: string;
  last_day: string | null;
  last_wallx: string;
  last_usdt: string;
};

// A stake (s) with what it earned (e), derived from the distributed days (migration 042, decision 148).
const columns = sql`s.id::text as id, s.user_id::text as user_id, trim_scale(s.amount)::text as amount, s.term, s.status,
  s.started_at, s.ends_at, s.closed_at, trim_scale(e.earned_wallx)::text as earned_wallx,
  trim_scale(e.earned_usdt)::text as earned_usdt, e.last_day::text as last_day,
  trim_scale(e.last_wallx)::text as last_wallx, trim_scale(e.last_usdt)::text as last_usdt`;
const earnings = sql`cross join lateral stake_earnings(s::stakes) e`;

/** A stake's ledger reference: its stake and its return both name it. */
export const stakeRefType = 'stake';
export const stakeRef = (id: string) => ({ type: stakeRefType, id });

/**
 * Stakes. Every statement a user's request runs names that user, so another user's stake is never
 * read, changed or told apart from one that does not exist.
 */
export function createStakingRepository() {
  return {
    async insert(
      trx: Trx,
      stake: { userId: string; amount: string; term: StakeTerm; startedAt: Date; endsAt: Date | null },
    ): Promise<StakeRow> {
      const { rows } = await sql<StakeRow>`
        with s as (insert into stakes (user_id, amount, term, started_at, ends_at)
          values (${stake.userId}::bigint, ${stake.amount}::numeric, ${stake.term}, ${stake.startedAt}, ${stake.endsAt})
          returning *)
        select ${columns} from s ${earnings}`.execute(trx);
      return rows[0]!;
    },

    async one(db: Executor, userId: string, id: string): Promise<StakeRow | undefined> {
      const { rows } = await sql<StakeRow>`select ${columns} from stakes s ${earnings}
        where s.id = ${id}::bigint and s.user_id = ${userId}::bigint`.execute(db);
      return rows[0];
    },

    /**
     * The one statement that decides a withdrawal: an active stake of this user that is flexible or
     * has ended closes here, once. Racing withdrawals (and the maturity job) wait on the row; all but
     * the first find it closed and change nothing.
     */
    async close(
      trx: Trx,
      where: { id: string; userId?: string; at: Date },
      status: Exclude<StakeStatus, 'active'>,
    ): Promise<StakeRow | undefined> {
      const owner = where.userId === undefined ? sql`true` : sql`user_id = ${where.userId}::bigint`;
      const { rows } = await sql<StakeRow>`
        with s as (update stakes set status = ${status}, closed_at = ${where.at}
          where id = ${where.id}::bigint and ${owner} and status = 'active'
            and (ends_at is null or ends_at <= ${where.at})
          returning *)
        select ${columns} from s ${earnings}`.execute(trx);
      return rows[0];
    },

    /**
     * Closes up to `limit` term stakes whose end has passed, oldest end first, as `returned`, in one
     * statement: the same conditional UPDATE a withdrawal runs (status still active), rows another
     * transaction holds (an owner withdrawing, another instance's batch) skipped, not waited on. What it
     * closed goes into `stakes_returned`, a temporary table of the transaction, each stake numbered
     * within its owner's (`round`): a round credits each owner once. Answers the count and the rounds.
     */
    async closeDue(trx: Trx, at: Date, limit: number): Promise<{ closed: number; rounds: number }> {
      await sql`create temporary table stakes_returned (id bigint not null, user_id bigint not null,
        amount numeric not null, round int not null) on commit drop`.execute(trx);
      await sql`
        with due as (
          select id from stakes
          where status = 'active' and ends_at is not null and ends_at <= ${at}
          order by ends_at, id limit ${limit}
          for update skip locked
        ),
        closed as (
          update stakes s set status = 'returned', closed_at = ${at}
          from due where s.id = due.id and s.status = 'active'
          returning s.id, s.user_id, s.amount
        )
        insert into stakes_returned (id, user_id, amount, round)
        select id, user_id, amount, row_number() over (partition by user_id order by id) from closed`.execute(trx);
      const { rows } = await sql<{ closed: number; rounds: number }>`
        select count(*)::int as closed, coalesce(max(round), 0)::int as rounds from stakes_returned`.execute(trx);
      return rows[0]!;
    },

    /** One round of what closeDue closed, one stake per owner, into `stake_returns` (user_id, amount, stake_id). */
    async returnRound(trx: Trx, round: number): Promise<void> {
      await sql`create temporary table if not exists stake_returns (user_id bigint primary key,
        amount numeric not null, stake_id text not null) on commit drop`.execute(trx);
      await sql`delete from stake_returns`.execute(trx);
      await sql`insert into stake_returns (user_id, amount, stake_id)
        select user_id, amount, id::text from stakes_returned where round = ${round}`.execute(trx);
    },

    async page(db: Executor, userId: string, range: PageRange): Promise<StakeRow[]> {
      const before = range.before === null ? sql`true` : sql`s.id < ${range.before}::bigint`;
      // By the table's id: the output's `id` is text, and '9' sorts after '10'.
      const { rows } = await sql<StakeRow>`select ${columns} from stakes s ${earnings}
        where s.user_id = ${userId}::bigint and ${before} order by s.id desc limit ${range.limit}`.execute(db);
      return rows;
    },

    /** The user's totals: what is staked now, what the stakes paid on `day` and ever, per asset. */
    async totals(
      db: Executor,
      userId: string,
      day: string,
    ): Promise<{
      staked: string;
      active: number;
      day_wallx: string;
      day_usdt: string;
      total_wallx: string;
      total_usdt: string;
    }> {
      const { rows } = await sql<{
        staked: string;
        active: number;
        day_wallx: string;
        day_usdt: string;
        total_wallx: string;
        total_usdt: string;
      }>`
        select trim_scale(coalesce(sum(s.amount) filter (where s.status = 'active'), 0))::text as staked,
          (count(*) filter (where s.status = 'active'))::int as active,
          trim_scale(coalesce(sum(e.last_wallx) filter (where e.last_day = ${day}::date), 0))::text as day_wallx,
          trim_scale(coalesce(sum(e.last_usdt) filter (where e.last_day = ${day}::date), 0))::text as day_usdt,
          trim_scale(coalesce(sum(e.earned_wallx), 0))::text as total_wallx,
          trim_scale(coalesce(sum(e.earned_usdt), 0))::text as total_usdt
        from stakes s ${earnings} where s.user_id = ${userId}::bigint`.execute(db);
      return rows[0]!;
    },

    /**
     * The platform accounts' balances the screen shows: the pool's proceeds and the staked principal,
     * each the sum of its balance slots (migration 043), a few rows whatever the entries' count.
     */
    async poolBalances(db: Executor): Promise<{ kind: string; asset: string; balance: string }[]> {
      const { rows } = await sql<{ kind: string; asset: string; balance: string }>`
        select a.kind, a.asset, trim_scale(coalesce(sum(b.balance), 0))::text as balance
        from accounts a left join platform_balances b on b.account_id = a.id
        where a.user_id is null and a.kind in ('staking_pool', 'stakes')
        group by a.kind, a.asset`.execute(db);
      return rows;
    },

    /** Whether the user has a stake in the pool now: holding one makes an account eligible to earn. */
    async holdsStake(db: Executor, userId: string): Promise<boolean> {
      const { rows } = await sql<{ one: number }>`select 1 as one from stakes
        where user_id = ${userId}::bigint and status = 'active' limit 1`.execute(db);
      return rows.length > 0;
    },
  };
}
export type StakingRepository = ReturnType<typeof createStakingRepository>;
