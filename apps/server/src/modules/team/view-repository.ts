import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database.js';

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

/** What a viewer reads of its team: summaries and members below it, and share codes. */
export function createViewRepository() {
  return {
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
  };
}
