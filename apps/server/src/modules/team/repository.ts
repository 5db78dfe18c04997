import { sql } from 'kysely';
import type { Db, Executor, Trx } from '../../platform/db/database.js';

const num = (column: string) => sql<string>`trim_scale(${sql.ref(column)})::text`;

export type SummaryRow = {
  address: string;
  inviter: string | null;
  direct_count: number;
  team_size: number;
  team_usdt: string;
  team_wallx: string;
  today_usdt: string;
  today_wallx: string;
  week_usdt: string;
  week_wallx: string;
};

export type MemberRow = {
  id: string;
  address: string;
  created_at: Date;
  direct_count: number;
  team_size: number;
  usdt: string;
  wallx: string;
};

/** A purchase as the rollups count it: the buyer and what was paid, in one asset. */
export type Purchase = { userId: string; usdt: string; wallx: string; day: string };

export function createTeamRepository() {
  return {
    /** Levels between a user and the root of its tree (0 for a root): one primary-key range. */
    async depthOf(db: Executor, userId: string): Promise<number> {
      const row = await db
        .selectFrom('team_paths')
        .select((eb) => eb.fn.max('depth').as('depth'))
        .where('descendant_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.depth ?? 0);
    },

    /**
     * Places a new user under its inviter (or at a root): its path rows, its own stats row, and one
     * more member in every team above it. Ancestors' rows are locked in id order, as the ledger
     * locks accounts, so two joins (or a join and a purchase) under one root cannot deadlock.
     * Answers how many ancestors it counted the user in, and how many it should have.
     */
    async join(trx: Trx, userId: string, inviterId: string | null): Promise<{ expected: number; counted: number }> {
      const { rows } = await sql<{ expected: string; counted: string }>`
        with path as (
          select ${userId}::bigint as descendant_id, ancestor_id, depth + 1 as depth
            from team_paths where descendant_id = ${inviterId}::bigint
          union all
          select ${userId}::bigint, ${inviterId}::bigint, 1 where ${inviterId}::bigint is not null
        ), inserted as (
          insert into team_paths (descendant_id, ancestor_id, depth) select descendant_id, ancestor_id, depth from path
        ), own as (
          insert into team_stats (user_id) values (${userId}::bigint)
        ), locked as (
          select s.user_id from team_stats s join path p on p.ancestor_id = s.user_id order by s.user_id for update of s
        ), counted as (
          update team_stats s
             set team_size = s.team_size + 1,
                 direct_count = s.direct_count + case when s.user_id = ${inviterId}::bigint then 1 else 0 end
            from locked where s.user_id = locked.user_id
          returning 1
        )
        select (select count(*) from path) as expected, (select count(*) from counted) as counted`.execute(trx);
      const row = rows[0]!;
      return { expected: Number(row.expected), counted: Number(row.counted) };
    },

    /**
     * Adds a purchase to the buyer's own total and to the team totals and today's row of every
     * ancestor, locking the rows in id order (see `join`). Answers the rows it should have updated
     * and those it did: a difference means a user without stats, which the caller refuses.
     */
    async addPurchase(trx: Trx, purchase: Purchase): Promise<{ expected: number; updated: number }> {
      const { userId, usdt, wallx, day } = purchase;
      const { rows } = await sql<{ expected: string; updated: string }>`
        with targets as (
          select ${userId}::bigint as user_id
          union all
          select ancestor_id from team_paths where descendant_id = ${userId}::bigint
        ), locked as (
          select s.user_id from team_stats s join targets t on t.user_id = s.user_id order by s.user_id for update of s
        ), updated as (
          update team_stats s
             set own_usdt = s.own_usdt + case when s.user_id = ${userId}::bigint then ${usdt}::numeric else 0 end,
                 own_wallx = s.own_wallx + case when s.user_id = ${userId}::bigint then ${wallx}::numeric else 0 end,
                 team_usdt = s.team_usdt + case when s.user_id = ${userId}::bigint then 0 else ${usdt}::numeric end,
                 team_wallx = s.team_wallx + case when s.user_id = ${userId}::bigint then 0 else ${wallx}::numeric end
            from locked where s.user_id = locked.user_id
          returning s.user_id
        ), daily as (
          insert into team_daily (user_id, day, usdt, wallx)
          select user_id, ${day}::date, ${usdt}::numeric, ${wallx}::numeric from updated
           where user_id <> ${userId}::bigint order by user_id
          on conflict (user_id, day) do update
            set usdt = team_daily.usdt + excluded.usdt, wallx = team_daily.wallx + excluded.wallx
        )
        select (select count(*) from targets) as expected, (select count(*) from updated) as updated`.execute(trx);
      const row = rows[0]!;
      return { expected: Number(row.expected), updated: Number(row.updated) };
    },

    /**
     * The team summary of `address`, only when it is the viewer or below the viewer: one indexed
     * read (the path's primary key, the stats row, at most 7 daily rows). Undefined otherwise.
     */
    async summary(
      db: Executor,
      viewerId: string,
      address: string,
      days: { today: string; from: string },
    ): Promise<SummaryRow | undefined> {
      const { rows } = await sql<SummaryRow>`
        select u.address, i.address as inviter, s.direct_count, s.team_size,
               ${num('s.team_usdt')} as team_usdt, ${num('s.team_wallx')} as team_wallx,
               coalesce(trim_scale(sum(d.usdt) filter (where d.day = ${days.today}::date))::text, '0') as today_usdt,
               coalesce(trim_scale(sum(d.wallx) filter (where d.day = ${days.today}::date))::text, '0') as today_wallx,
               coalesce(trim_scale(sum(d.usdt))::text, '0') as week_usdt,
               coalesce(trim_scale(sum(d.wallx))::text, '0') as week_wallx
          from users u
          join team_stats s on s.user_id = u.id
          left join users i on i.id = u.inviter_id
          left join team_daily d on d.user_id = u.id and d.day between ${days.from}::date and ${days.today}::date
         where u.address = ${address}
           and (u.id = ${viewerId}::bigint
                or exists (select 1 from team_paths p where p.descendant_id = u.id and p.ancestor_id = ${viewerId}::bigint))
         group by u.id, u.address, i.address, s.direct_count, s.team_size, s.team_usdt, s.team_wallx`.execute(db);
      return rows[0];
    },

    /** The id of `address` when it is the viewer or below the viewer. */
    async memberId(db: Executor, viewerId: string, address: string): Promise<string | undefined> {
      const { rows } = await sql<{ id: string }>`
        select u.id from users u
         where u.address = ${address}
           and (u.id = ${viewerId}::bigint
                or exists (select 1 from team_paths p where p.descendant_id = u.id and p.ancestor_id = ${viewerId}::bigint))`.execute(
        db,
      );
      return rows[0]?.id;
    },

    /** Direct invitees of `inviterId`, newest first, each with its branch's totals (own + team). */
    async members(
      db: Executor,
      inviterId: string,
      range: { before: string | null; limit: number },
    ): Promise<MemberRow[]> {
      const { rows } = await sql<MemberRow>`
        select u.id, u.address, u.created_at, s.direct_count, s.team_size,
               trim_scale(s.own_usdt + s.team_usdt)::text as usdt,
               trim_scale(s.own_wallx + s.team_wallx)::text as wallx
          from users u join team_stats s on s.user_id = u.id
         where u.inviter_id = ${inviterId}::bigint and (${range.before}::bigint is null or u.id < ${range.before}::bigint)
         order by u.id desc
         limit ${range.limit}`.execute(db);
      return rows;
    },

    async shareCodeOwner(
      db: Executor,
      shareCode: string,
    ): Promise<{ address: string; share_code: string } | undefined> {
      return db
        .selectFrom('users')
        .select(['address', 'share_code'])
        .where('share_code', '=', shareCode)
        .executeTakeFirst();
    },

    async shareCode(db: Executor, userId: string): Promise<string> {
      const row = await db.selectFrom('users').select('share_code').where('id', '=', userId).executeTakeFirstOrThrow();
      return row.share_code;
    },

    /**
     * Differences between the rollups and a recomputation from the users and purchases themselves:
     * the closure from the inviter links, sizes, and totals (all time, and summed over the days).
     */
    async check(db: Db): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        // Fresh tables have no statistics: the planner's guess at this query's cost would make
        // PostgreSQL JIT-compile it, which takes seconds, for a query that runs in milliseconds.
        await sql`set local jit = off`.execute(trx);
        const { rows } = await sql<{ problem: string }>`
          with recursive up as (
            select id as descendant_id, inviter_id as ancestor_id, 1 as depth from users where inviter_id is not null
            union all
            select up.descendant_id, u.inviter_id, up.depth + 1 from up join users u on u.id = up.ancestor_id where u.inviter_id is not null
          ), own as (
            select user_id,
                   coalesce(sum(price) filter (where pay_asset = 'USDT'), 0) as usdt,
                   coalesce(sum(price) filter (where pay_asset = 'WALLX'), 0) as wallx
              from miner_orders where not gift and price is not null group by user_id
          ), expected as (
            select u.id as user_id,
                   (select count(*) from up where up.ancestor_id = u.id and up.depth = 1) as direct_count,
                   (select count(*) from up where up.ancestor_id = u.id) as team_size,
                   coalesce(o.usdt, 0) as own_usdt, coalesce(o.wallx, 0) as own_wallx,
                   (select coalesce(sum(t.usdt), 0) from up join own t on t.user_id = up.descendant_id where up.ancestor_id = u.id) as team_usdt,
                   (select coalesce(sum(t.wallx), 0) from up join own t on t.user_id = up.descendant_id where up.ancestor_id = u.id) as team_wallx,
                   (select coalesce(sum(d.usdt), 0) from team_daily d where d.user_id = u.id) as daily_usdt,
                   (select coalesce(sum(d.wallx), 0) from team_daily d where d.user_id = u.id) as daily_wallx
              from users u left join own o on o.user_id = u.id
          )
          select 'paths differ from the inviter links: ' || count(*) as problem
            from (select descendant_id, ancestor_id, depth from up
                  except select descendant_id, ancestor_id, depth from team_paths) missing
          having count(*) > 0
          union all
          select 'paths not in the inviter links: ' || count(*)
            from (select descendant_id, ancestor_id, depth from team_paths
                  except select descendant_id, ancestor_id, depth from up) extra
          having count(*) > 0
          union all
          select 'user ' || e.user_id || ' stats ' ||
                 coalesce(s.direct_count || '/' || s.team_size || '/' || s.own_usdt || '/' || s.own_wallx || '/' || s.team_usdt || '/' || s.team_wallx, 'missing') ||
                 ' expected ' || e.direct_count || '/' || e.team_size || '/' || e.own_usdt || '/' || e.own_wallx || '/' || e.team_usdt || '/' || e.team_wallx ||
                 ' days ' || e.daily_usdt || '/' || e.daily_wallx
            from expected e left join team_stats s on s.user_id = e.user_id
           where s.user_id is null or s.direct_count <> e.direct_count or s.team_size <> e.team_size
              or s.own_usdt <> e.own_usdt or s.own_wallx <> e.own_wallx
              or s.team_usdt <> e.team_usdt or s.team_wallx <> e.team_wallx
              or e.daily_usdt <> e.team_usdt or e.daily_wallx <> e.team_wallx`.execute(trx);
        return rows.map((r) => r.problem);
      });
    },
  };
}
export type TeamRepository = ReturnType<typeof createTeamRepository>;
