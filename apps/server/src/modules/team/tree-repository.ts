import { sql } from 'kysely';
import type { Executor, Trx } from '../../platform/db/database.js';

/** A purchase as the rollups count it: the buyer and what was paid, in one asset. */
export type Purchase = { userId: string; usdt: string; wallx: string; day: string };

/** The closure of the inviter links and the rollups above each user, kept as users join and buy. */
export function createTreeRepository() {
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
  };
}
