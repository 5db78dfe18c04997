import { sql } from 'kysely';
import type { StakeTerm, StakingSettingsValues } from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';

export type PoolAsset = 'WALLX' | 'USDT';
export type Eligible = { stakes: number; totalWeight: string };
export type DistributionRow = {
  day: string;
  asset: PoolAsset;
  proceeds: string;
  aid: string;
  paid: string;
  kept: string;
  stakes: number;
  users: number;
  total_weight: string;
  distributed_at: Date;
};
export type StakeRow = {
  id: string;
  user: string;
  amount: string;
  term: StakeTerm;
  status: 'active' | 'withdrawn' | 'returned';
  started_at: Date;
  ends_at: Date | null;
  closed_at: Date | null;
  earned_wallx: string;
  earned_usdt: string;
  last_day: string | null;
  last_wallx: string;
  last_usdt: string;
};

const distributionColumns = sql`d.day::text as day, d.asset, trim_scale(d.proceeds)::text as proceeds,
  trim_scale(d.aid)::text as aid, trim_scale(d.paid)::text as paid, trim_scale(d.kept)::text as kept,
  d.stakes, d.users, trim_scale(d.total_weight)::text as total_weight, s.distributed_at`;

/** A day (d), the stakes held all of it (s), each with its owner's boost row (b) if any: add `where d.day = …`. */
const eligibleStakes = sql`staking_days d
  join stakes s on s.started_at < d.starts_at and (s.closed_at is null or s.closed_at >= d.ends_at)
  left join staking_boosts b on b.day = d.day and b.user_id = s.user_id`;

/**
 * The staking pool's SQL. The distribution is set-based: one statement per step whatever the number
 * of stakes. A stake's part is never written on the stake: the day's row keeps what it is derived
 * from, and reads derive it (`stake_earnings`, migration 042). Here the distribution's own: its
 * guard row, the pool, the weights, the credits and the record.
 */
function distributionQueries() {
  return {
    /**
     * The day's row with what its parts are derived from (its bounds, the term weights, the boost),
     * taken first in its transaction: absent after a conflict, the day is (being) distributed elsewhere.
     */
    async claimDay(
      trx: Trx,
      day: { day: string; start: Date; end: Date },
      settings: Pick<StakingSettingsValues, 'term_weights' | 'checkin_boost'>,
    ): Promise<boolean> {
      const w = settings.term_weights;
      const { rows } = await sql<{ day: string }>`
        insert into staking_days (day, starts_at, ends_at, weight_flexible, weight_d30, weight_d90, weight_d180, checkin_boost)
        values (${day.day}::date, ${day.start}, ${day.end}, ${w.flexible}::numeric, ${w.d30}::numeric,
          ${w.d90}::numeric, ${w.d180}::numeric, ${settings.checkin_boost}::numeric)
        on conflict (day) do nothing
        returning day::text as day`.execute(trx);
      return rows.length > 0;
    },

    /** The day after the last distributed one, or the first stake's day (in the zone); null before any stake. */
    async firstPendingDay(db: Executor, timeZone: string): Promise<string | null> {
      const { rows } = await sql<{ day: string | null }>`
        select coalesce(
          (select (max(day) + 1)::text from staking_days),
          (select (min(started_at) at time zone ${timeZone})::date::text from stakes)) as day`.execute(db);
      return rows[0]?.day ?? null;
    },

    /** What the pool holds per asset: the sum of its balance slots (migration 043), its entries' sum. */
    async poolBalances(db: Executor): Promise<Record<PoolAsset, string>> {
      const { rows } = await sql<{ asset: PoolAsset; balance: string }>`
        select a.asset, trim_scale(coalesce(sum(b.balance), 0))::text as balance
        from accounts a left join platform_balances b on b.account_id = a.id
        where a.user_id is null and a.kind = 'staking_pool' group by a.asset`.execute(db);
      const balances: Record<PoolAsset, string> = { WALLX: '0', USDT: '0' };
      for (const row of rows) balances[row.asset] = row.balance;
      return balances;
    },

    /**
     * The stakes held all day (started before it began, not closed before it ended) weighed as the
     * day's row says: amount × the term's weight × (1 + boost) when their owner checked in that day.
     * Who checked in is kept with the day first (`staking_boosts`): a check-in may be erased later,
     * what the day paid may not change. Two scans, no table of the stakes: the total weight, then
     * each user's credits (decision 148).
     */
    async weighEligible(trx: Trx, day: string): Promise<Eligible> {
      // Each check-in probes its owner's stakes (stakes_user_idx) for one held all day: a semi-join
      // would hash every stake for the few who checked in (decision 157).
      await sql`insert into staking_boosts (day, user_id)
        select d.day, c.user_id from staking_days d join checkins c on c.day = d.day
        cross join lateral (select 1 from stakes s where s.user_id = c.user_id
          and s.started_at < d.starts_at and (s.closed_at is null or s.closed_at >= d.ends_at) limit 1) held
        where d.day = ${day}::date`.execute(trx);
      const { rows } = await sql<{ stakes: number; total_weight: string }>`
        select count(*)::int as stakes,
          trim_scale(coalesce(sum(staking_weight(s.amount, s.term, d, b.user_id is not null)), 0))::text as total_weight
        from ${eligibleStakes} where d.day = ${day}::date`.execute(trx);
      const row = rows[0]!;
      return { stakes: row.stakes, totalWeight: row.total_weight };
    },

    /** How many users hold the day's eligible stakes, on a day that pays nothing (no credits are summed then). */
    async holders(trx: Trx, day: string): Promise<number> {
      const { rows } = await sql<{ users: number }>`
        select count(distinct s.user_id)::int as users from ${eligibleStakes} where d.day = ${day}::date`.execute(trx);
      return rows[0]!.users;
    },

    /** What the day shares in each asset among its stakes, and their total weight: the parts' last inputs. */
    async recordShared(trx: Trx, day: string, shared: Record<PoolAsset, string>, totalWeight: string): Promise<void> {
      await sql`update staking_days set total_weight = ${totalWeight}::numeric,
          shared_wallx = ${shared.WALLX}::numeric, shared_usdt = ${shared.USDT}::numeric
        where day = ${day}::date`.execute(trx);
    },

    /**
     * Each eligible user's credit per asset, the sum of their stakes' parts, into `staking_credits`
     * (user_id, wallx, usdt): the batch posting's source. Returns how many users hold eligible stakes.
     */
    async creditsOf(trx: Trx, day: string): Promise<number> {
      await sql`create temporary table staking_credits (user_id bigint primary key, wallx numeric not null, usdt numeric not null)
        on commit drop`.execute(trx);
      // staking_part (migration 042) term by term, with its constants taken out: R × 10^18 once per
      // day, and the × 10^-18 once per user rather than per stake — exact in numeric, so the sum is the
      // same to the last digit as the stakes' parts summed on read, at a third of the arithmetic.
      const inserted = await sql`insert into staking_credits (user_id, wallx, usdt)
        select s.user_id, sum(div(p.weight * k.wallx, d.total_weight)) * 1e-18,
          sum(div(p.weight * k.usdt, d.total_weight)) * 1e-18
        from ${eligibleStakes}
        cross join (select shared_wallx * 1e18 as wallx, shared_usdt * 1e18 as usdt from staking_days
          where day = ${day}::date) k
        cross join lateral (select staking_weight(s.amount, s.term, d, b.user_id is not null) as weight) p
        where d.day = ${day}::date and d.total_weight > 0
        group by s.user_id`.execute(trx);
      await sql`analyze staking_credits`.execute(trx);
      return Number(inserted.numAffectedRows ?? 0);
    },

    async insertDistribution(trx: Trx, row: Omit<DistributionRow, 'distributed_at'>): Promise<void> {
      await trx
        .insertInto('staking_distributions')
        .values({ ...row, stakes: row.stakes, users: row.users })
        .execute();
    },

    // The console's reads.
  };
}

/** The console's reads of the pool: its distributions, what was added, the stakes. */
function consoleQueries() {
  return {
    async distributions(db: Executor, range: { before: { day: string; asset: string } | null; limit: number }) {
      const { rows } = await sql<DistributionRow>`
        select ${distributionColumns}
        from staking_distributions d join staking_days s on s.day = d.day
        where ${range.before ? sql`(d.day, d.asset) < (${range.before.day}::date, ${range.before.asset})` : sql`true`}
        order by d.day desc, d.asset desc
        limit ${range.limit}`.execute(db);
      return rows;
    },

    /** All operators ever added to the pool. */
    async funded(db: Executor): Promise<string> {
      const { rows } = await sql<{ funded: string }>`
        select trim_scale(coalesce(sum(e.amount), 0))::text as funded
        from ledger_entries e join accounts a on a.id = e.account_id
        where a.user_id is null and a.kind = 'staking_pool' and e.type = 'staking_funding'`.execute(db);
      return rows[0]?.funded ?? '0';
    },

    /** What active stakes hold, per term (with the whole as a row of term null). */
    async staked(db: Executor) {
      const { rows } = await sql<{ term: StakeTerm | null; amount: string; stakes: number; users: number }>`
        select term, trim_scale(coalesce(sum(amount), 0))::text as amount, count(*)::int as stakes,
          count(distinct user_id)::int as users
        from stakes where status = 'active'
        group by grouping sets ((term), ())`.execute(db);
      return rows;
    },

    async stakes(
      db: Executor,
      query: { status: StakeRow['status'] | undefined; before: string | null; limit: number },
    ): Promise<StakeRow[]> {
      const status = query.status ? sql`s.status = ${query.status}` : sql`true`;
      const before = query.before ? sql`s.id < ${query.before}::bigint` : sql`true`;
      // What each stake earned is derived from the distributed days (migration 042, decision 148).
      const { rows } = await sql<StakeRow>`
        select s.id::text as id, u.address as user, trim_scale(s.amount)::text as amount, s.term, s.status,
          s.started_at, s.ends_at, s.closed_at, trim_scale(e.earned_wallx)::text as earned_wallx,
          trim_scale(e.earned_usdt)::text as earned_usdt, e.last_day::text as last_day,
          trim_scale(e.last_wallx)::text as last_wallx, trim_scale(e.last_usdt)::text as last_usdt
        from stakes s join users u on u.id = s.user_id cross join lateral stake_earnings(s) e
        where ${status} and ${before}
        order by s.id desc limit ${query.limit}`.execute(db);
      return rows;
    },
  };
}
export function createStakingPoolRepository() {
  return { ...distributionQueries(), ...consoleQueries() };
}
export type StakingPoolRepository = ReturnType<typeof createStakingPoolRepository>;
