import { sql } from 'kysely';
import type { PrizeSkipReason } from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';

/** A place on a week's board, as the ranking reads it. */
export type RankedRow = {
  user_id: string;
  address: string;
  days: number;
  streak: number;
  nickname: string | null;
  hidden: boolean;
};

/**
 * How many on a week's board have these days and this streak and reached them in this slice of time
 * (its start, in epoch seconds; SLICE_SECONDS long).
 */
export type Bucket = { days: number; streak: number; slice: number; n: number };

/**
 * A bucket's slice of `reached_at`: a rank is the buckets ahead (kept counts) plus a live count inside
 * its own slice, so the live count reads at most one slice of one (days, streak) — not a whole group
 * of 100,000 places (149 ms), which is what made the board 33× slower than a primary-key read.
 */
export const SLICE_SECONDS = 600;
const sliceOf = (column: ReturnType<typeof sql.raw>) =>
  sql`(floor(extract(epoch from ${column}) / ${SLICE_SECONDS}) * ${SLICE_SECONDS})::bigint`;
/**
 * The same slice as the instant it starts: the count of a week groups a million rows by it, and
 * date_bin's integer arithmetic costs a third less than the numeric of extract(epoch) (3.0 → 2.2 s, measured).
 */
const binOf = (column: ReturnType<typeof sql.raw>) =>
  sql`date_bin(${sql.raw(`interval '${SLICE_SECONDS} seconds'`)}, ${column}, to_timestamp(0))`;

export type PrizeRow = {
  rank: number;
  user_id: string;
  address: string;
  amount: string;
  paid: boolean;
  skip_reason: PrizeSkipReason | null;
};

/** The user's own place: its row, its slice and how many are ahead of it inside that slice. */
export type OwnRow = RankedRow & { slice: number; ahead_in_bucket: number };
type OwnJson = RankedRow & { slice: string; ahead_in_bucket: string };

/** A json column as the driver hands it: parsed already (node-postgres, PGlite), or as text. */
const parsedJson = <T>(value: unknown): T | null => (typeof value === 'string' ? JSON.parse(value) : value) as T | null;

export type ProfileRow = {
  nickname: string | null;
  on_board: boolean;
  hidden: boolean;
  hidden_reason: string | null;
};

/*
 * Who is on the board: everyone with an entry, but those whose profile says they left. The order is
 * leaderboard_entries_rank_idx's own (week, days desc, streak desc, reached_at, user_id), so a page
 * walks the index from its start and stops after the page; profiles are looked up by primary key.
 */
const onBoard = sql`coalesce(p.on_board, true)`;
const rankOrder = sql`e.days desc, e.streak desc, e.reached_at, e.user_id`;

// Under equal days and streak and in the same slice, the entries ahead of `m`: one short range of the rank index.
const aheadInBucket = sql`e.week = m.week and e.days = m.days and e.streak = m.streak
  and e.reached_at >= to_timestamp(m.slice) and (e.reached_at, e.user_id) < (m.reached_at, m.user_id)`;

/**
 * Where a page enters the rank index: a bucket's slice — (days, streak) and the 10-minute slice of
 * `reached_at`, from the week's kept counts — and how many of that slice's places it skips.
 */
export type PageStart = { days: number; streak: number; slice: number; skip: number };

/**
 * A page's places (with `reached_at`, the tie-break), in rank order. From the top: the rank index walked
 * from its start. From a slice: the rank index entered at that slice, so that the places skipped are
 * those of one slice (hundreds at 1,000,000 entries), not of a whole (days, streak) of 100,000
 * (a deep page took 127 ms that way); the page's rest comes from the buckets after it.
 */
function pageRows(week: string, start: PageStart | { top: number }, limit: number) {
  // The limit is written into the statement, not bound: with a bound limit a prepared statement's
  // plan cannot know the page is 20 rows, and sorted the whole week (228 ms at 1,000,000).
  if (!Number.isInteger(limit) || limit < 0) throw new Error(`leaderboard: a page is whole numbers, got ${limit}`);
  const rows = (where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, skip: ReturnType<typeof sql>) => sql`
    select e.user_id, e.days, e.streak, e.reached_at, p.nickname, (p.hidden_at is not null) as hidden
    from leaderboard_entries e
    left join leaderboard_profiles p on p.user_id = e.user_id
    where e.week = ${week}::date and ${onBoard} and ${where}
    order by ${order} ${skip} limit ${sql.lit(limit)}`;
  if ('top' in start) {
    if (!Number.isInteger(start.top) || start.top < 0)
      throw new Error(`leaderboard: a page is whole numbers, got ${start.top}`);
    // The offset is written in too: the first page (and the weekly close's) is one statement.
    return rows(sql`true`, rankOrder, sql`offset ${sql.lit(start.top)}`);
  }
  // Inside the slice the order is (reached_at, user_id) under the index's equal days and streak; the
  // offset is bound (one statement for every page): the slice bounds the plan, whatever it is.
  return sql`
    select * from (
      (${rows(
        sql`e.days = ${start.days} and e.streak = ${start.streak} and e.reached_at >= to_timestamp(${start.slice}::bigint)`,
        sql`e.reached_at, e.user_id`,
        sql`offset ${start.skip}::bigint`,
      )})
      union all
      (${rows(sql`(e.days, e.streak) < (${start.days}, ${start.streak})`, rankOrder, sql``)})
    ) e order by ${rankOrder} limit ${sql.lit(limit)}`;
}

/** A page's places with their addresses: read for the page's rows only, not for the places skipped. */
async function rankedPage(
  db: Executor,
  week: string,
  start: PageStart | { top: number },
  limit: number,
): Promise<RankedRow[]> {
  const { rows } = await sql<RankedRow>`
    select e.user_id::text as user_id, u.address, e.days::int as days, e.streak, e.nickname, e.hidden
    from (${pageRows(week, start, limit)}) e join users u on u.id = e.user_id
    order by ${rankOrder}`.execute(db);
  return rows.map((row) => ({ ...row, hidden: Boolean(row.hidden) }));
}

const uniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** The board's reads: a page, the count, one user's place. */
function rankingQueries() {
  return {
    /** A page of the week's board in rank order, `offset` places skipped. */
    ranked: (db: Executor, week: string, offset: number, limit: number) => rankedPage(db, week, { top: offset }, limit),

    /** A page that starts `start.skip` places into a bucket's slice (see PageStart). */
    rankedFrom: (db: Executor, week: string, start: PageStart, limit: number) => rankedPage(db, week, start, limit),

    /**
     * How many on the board have each (days, streak): the week's entries counted off the rank index,
     * less those of users who left (profiles are few beside entries). A place's rank is the sum of the
     * buckets ahead of it and its place inside its own bucket.
     */
    async buckets(db: Executor, week: string): Promise<Bucket[]> {
      const { rows } = await sql<{ days: number; streak: number; slice: string; n: string }>`
        select days, streak, extract(epoch from slice)::bigint as slice, sum(n) as n from (
          select days::int as days, streak, ${binOf(sql.raw('reached_at'))} as slice, count(*) as n
          from leaderboard_entries
          where week = ${week}::date group by 1, 2, 3
          union all
          select e.days::int, e.streak, ${binOf(sql.raw('e.reached_at'))}, -count(*) from leaderboard_profiles p
          join leaderboard_entries e on e.week = ${week}::date and e.user_id = p.user_id
          where not p.on_board group by 1, 2, 3
        ) b group by days, streak, slice`.execute(db);
      return rows
        .map((row) => ({ days: row.days, streak: row.streak, slice: Number(row.slice), n: Number(row.n) }))
        .filter((b) => b.n > 0);
    },

    /**
     * What a signed-in user's board needs, in one statement (one round trip, as GET /api/user/info):
     * whether the session behind the token is live (the route checks the token only), whether the week
     * is closed, a page, and the user's own row with how many on the board are ahead of it among those
     * of the same days and streak and slice — one short range of the rank index, never the places behind it.
     */
    async userBoard(
      db: Executor,
      query: {
        week: string;
        userId: string;
        sessionId: string;
        start: PageStart | { top: number } | null;
        limit: number;
      },
    ): Promise<{ live: boolean; closed: boolean; rows: RankedRow[]; own: OwnRow | undefined }> {
      const { week, userId, sessionId, start, limit } = query;
      const page = start
        ? sql`select coalesce(json_agg(json_build_object('user_id', e.user_id::text, 'address', u.address,
              'days', e.days, 'streak', e.streak, 'nickname', e.nickname, 'hidden', e.hidden) order by ${rankOrder}), '[]'::json)
            from (${pageRows(week, start, limit)}) e join users u on u.id = e.user_id`
        : sql`select '[]'::json`;
      const { rows } = await sql<{ live: boolean; closed: boolean; page: RankedRow[]; own: OwnJson | null }>`
        with m as (
          select e.*, ${sliceOf(sql.raw('e.reached_at'))} as slice from leaderboard_entries e
          left join leaderboard_profiles p on p.user_id = e.user_id
          where e.week = ${week}::date and e.user_id = ${userId}::bigint and ${onBoard}
        )
        select
          exists (select 1 from sessions s
            where s.id = ${sessionId}::uuid and s.user_id = ${userId}::bigint and s.revoked_at is null) as live,
          exists (select 1 from leaderboard_weeks w where w.week = ${week}::date) as closed,
          (${page}) as page,
          (select json_build_object('user_id', m.user_id::text, 'address', u.address, 'days', m.days, 'streak', m.streak,
              'slice', m.slice::text, 'nickname', p.nickname, 'hidden', p.hidden_at is not null, 'ahead_in_bucket',
              ((select count(*) from leaderboard_entries e where ${aheadInBucket})
                - (select count(*) from leaderboard_entries e join leaderboard_profiles p on p.user_id = e.user_id
                   where ${aheadInBucket} and not p.on_board))::text)
            from m join users u on u.id = m.user_id left join leaderboard_profiles p on p.user_id = m.user_id) as own`.execute(
        db,
      );
      const row = rows[0]!;
      const own = parsedJson<OwnJson>(row.own);
      return {
        live: Boolean(row.live),
        closed: Boolean(row.closed),
        rows: parsedJson<RankedRow[]>(row.page)!.map((r) => ({ ...r, hidden: Boolean(r.hidden) })),
        own: own
          ? {
              ...own,
              hidden: Boolean(own.hidden),
              slice: Number(own.slice),
              ahead_in_bucket: Number(own.ahead_in_bucket),
            }
          : undefined,
      };
    },

    async hasEntries(db: Executor, week: string): Promise<boolean> {
      const { rows } = await sql<{ found: boolean }>`
        select exists (select 1 from leaderboard_entries where week = ${week}::date) as found`.execute(db);
      return Boolean(rows[0]!.found);
    },
  };
}

/** The weekly close: which weeks are due, the guard row, the places recorded. */
function closeQueries() {
  return {
    async isClosed(db: Executor, week: string): Promise<boolean> {
      const row = await db.selectFrom('leaderboard_weeks').select('week').where('week', '=', week).executeTakeFirst();
      return row !== undefined;
    },

    /** What a closed week's places were paid, or why not, in rank order. */
    async prizes(db: Executor, week: string): Promise<PrizeRow[]> {
      const { rows } = await sql<PrizeRow>`
        select lp.rank, lp.user_id::text as user_id, u.address, trim_scale(lp.amount)::text as amount,
          (lp.transaction_id is not null) as paid, lp.skip_reason
        from leaderboard_prizes lp join users u on u.id = lp.user_id
        where lp.week = ${week}::date order by lp.rank`.execute(db);
      return rows.map((row) => ({ ...row, paid: Boolean(row.paid) }));
    },

    /**
     * Weeks with entries, before `before`, that have not been closed. The distinct weeks are read by
     * hopping through the rank index (one probe a week), not by reading every entry.
     */
    async dueWeeks(db: Executor, before: string): Promise<string[]> {
      const { rows } = await sql<{ week: string }>`
        with recursive w(week) as (
          (select week from leaderboard_entries order by week limit 1)
          union all
          select (select e.week from leaderboard_entries e where e.week > w.week order by e.week limit 1)
          from w where w.week is not null
        )
        select w.week::text as week from w
        where w.week is not null and w.week < ${before}::date
          and not exists (select 1 from leaderboard_weeks lw where lw.week = w.week)
        order by w.week`.execute(db);
      return rows.map((row) => row.week);
    },

    /** The exactly-once guard: true only for the one transaction whose row this is. */
    async claimWeek(trx: Trx, week: string): Promise<boolean> {
      const { rows } = await sql`
        insert into leaderboard_weeks (week) values (${week}::date) on conflict (week) do nothing returning week`.execute(
        trx,
      );
      return rows.length === 1;
    },

    async recordPrize(
      trx: Trx,
      prize: {
        week: string;
        rank: number;
        userId: string;
        amount: string;
        transactionId: string | null;
        skip: PrizeSkipReason | null;
      },
    ): Promise<void> {
      await trx
        .insertInto('leaderboard_prizes')
        .values({
          week: prize.week,
          rank: prize.rank,
          user_id: prize.userId,
          amount: prize.amount,
          transaction_id: prize.transactionId,
          skip_reason: prize.skip,
        })
        .execute();
    },

    async setPaidTotal(trx: Trx, week: string): Promise<string> {
      const { rows } = await sql<{ paid_total: string }>`
        update leaderboard_weeks set paid_total = coalesce(
          (select sum(amount) from leaderboard_prizes where week = ${week}::date and transaction_id is not null), 0)
        where week = ${week}::date returning trim_scale(paid_total)::text as paid_total`.execute(trx);
      return rows[0]!.paid_total;
    },
  };
}

/** Board profiles: nicknames, leaving, an operator's hide. */
function profileQueries() {
  return {
    async profile(db: Executor, userId: string, options: { lock?: boolean } = {}): Promise<ProfileRow | undefined> {
      const { rows } = await sql<ProfileRow>`
        select nickname, on_board, (hidden_at is not null) as hidden, hidden_reason
        from leaderboard_profiles where user_id = ${userId}::bigint
        ${options.lock ? sql`for update` : sql``}`.execute(db);
      const row = rows[0];
      return row ? { ...row, hidden: Boolean(row.hidden) } : undefined;
    },

    /**
     * Joins the board (again) under a nickname or none. A nickname another holds, in any case, is
     * refused by the unique index: 'taken' — also for the loser of two racing for one.
     */
    async join(db: Executor, userId: string, nickname: string | null): Promise<'ok' | 'taken'> {
      try {
        await sql`
          insert into leaderboard_profiles (user_id, nickname, on_board, updated_at)
          values (${userId}::bigint, ${nickname}, true, now())
          on conflict (user_id) do update set nickname = excluded.nickname, on_board = true, updated_at = now()`.execute(
          db,
        );
        return 'ok';
      } catch (error) {
        if (uniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** Leaves the board: the nickname stays the user's, so coming back finds it. */
    async leave(db: Executor, userId: string): Promise<void> {
      await sql`
        insert into leaderboard_profiles (user_id, on_board, updated_at) values (${userId}::bigint, false, now())
        on conflict (user_id) do update set on_board = false, updated_at = now()`.execute(db);
    },

    async setHidden(trx: Trx, userId: string, hide: { by: string; reason: string } | null): Promise<void> {
      await sql`
        insert into leaderboard_profiles (user_id, hidden_at, hidden_by, hidden_reason, updated_at)
        values (${userId}::bigint, ${hide ? sql`now()` : null}, ${hide?.by ?? null}, ${hide?.reason ?? null}, now())
        on conflict (user_id) do update set hidden_at = excluded.hidden_at, hidden_by = excluded.hidden_by,
          hidden_reason = excluded.hidden_reason, updated_at = now()`.execute(trx);
    },

    async userByAddress(db: Executor, address: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('address', '=', address.toLowerCase())
        .executeTakeFirst();
      return row?.id;
    },
  };
}
export function createLeaderboardRepository() {
  return { ...rankingQueries(), ...closeQueries(), ...profileQueries() };
}
export type LeaderboardRepository = ReturnType<typeof createLeaderboardRepository>;
