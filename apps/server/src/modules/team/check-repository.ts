import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/** The rollups checked against a recomputation from the users and their purchases. */
export function createCheckRepository() {
  return {
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
