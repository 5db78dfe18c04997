import { sql } from 'kysely';
import type { MineSummary, MinerOutput, MinerOutputStatus } from '@wallx/shared';
import { iso, num } from '../../platform/db/api-values.js';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

/** Outputs: the statements of the daily output job (`output-job.ts`; days are 'YYYY-MM-DD'), and a user's records. */
export function createOutputRepository() {
  return {
    /** The lowest and highest id of the miners that are on, or null when none is. */
    async onMinerIds(db: Executor): Promise<{ lo: bigint; hi: bigint } | null> {
      const { rows } = await sql<{ lo: string | null; hi: string | null }>`
        select min(id)::text as lo, max(id)::text as hi from miners where state = 'on'`.execute(db);
      const { lo, hi } = rows[0]!;
      return lo !== null && hi !== null ? { lo: BigInt(lo), hi: BigInt(hi) } : null;
    },

    /** One output record of `day` for every on miner with an id in (after, through] whose output days include it; how many were added. */
    async produce(db: Executor, day: string, ids: { after: bigint; through: bigint }): Promise<number> {
      // Each owner is told in the same statement: one notice per owner for the batch (event stream).
      const { rows } = await sql<{ produced: string; told: number | null }>`
        with produced as (
          insert into miner_outputs (miner_id, user_id, day, amount)
          select id, user_id, ${day}::date, daily_output from miners
          where state = 'on' and id > ${ids.after.toString()}::bigint and id <= ${ids.through.toString()}::bigint
            and first_output_day <= ${day}::date and last_output_day >= ${day}::date
          on conflict (miner_id, day) do nothing
          returning user_id, amount
        ),
        per_owner as (
          select user_id, jsonb_build_object('day', ${day}::text, 'miners', count(*), 'amount', trim_scale(sum(amount))::text) as payload
          from produced group by user_id
        )
        select (select count(*) from produced)::text as produced,
          (select user_events_add(array_agg(user_id order by user_id), array_agg('output_ready'::text),
             array_agg(true), array_agg(payload order by user_id)) from per_owner having count(*) > 0) as told`.execute(
        db,
      );
      return Number(rows[0]?.produced ?? 0);
    },

    /** Miners whose last output day is `day` or before become expired; how many did. */
    async expireThrough(db: Executor, day: string): Promise<number> {
      const result = await sql`
        update miners set state = 'expired' where state = 'on' and last_output_day <= ${day}::date`.execute(db);
      return Number(result.numAffectedRows ?? 0n);
    },

    /** Records that `day` was produced; a second run of it adds its counts. */
    async finishDay(db: Executor, result: { day: string; outputs: number; expired: number }): Promise<void> {
      await sql`
        insert into miner_output_days (day, outputs, expired) values (${result.day}::date, ${result.outputs}, ${result.expired})
        on conflict (day) do update set outputs = miner_output_days.outputs + excluded.outputs,
          expired = miner_output_days.expired + excluded.expired, finished_at = now()`.execute(db);
    },

    /** The first day not finished yet: the day after the last finished one, or the first day any on miner produces; null when there is none. */
    async firstPendingDay(db: Executor): Promise<string | null> {
      const { rows } = await sql<{ start: string | null }>`
        select coalesce(
          (select (max(day) + 1)::text from miner_output_days),
          (select min(first_output_day)::text from miners where state = 'on')
        ) as start`.execute(db);
      return rows[0]?.start ?? null;
    },

    // A user's outputs: the records the job added, collected by their owner.

    async outputs(
      db: Executor,
      userId: string,
      filter: PageRange & { status?: MinerOutputStatus | undefined },
    ): Promise<MinerOutput[]> {
      let query = db
        .selectFrom('miner_outputs as o')
        .innerJoin('miners as m', 'm.id', 'o.miner_id')
        .select([
          'o.id',
          sql<string>`o.miner_id::text`.as('miner_id'),
          'm.machine_no',
          sql<string>`o.day::text`.as('day'),
          num('o.amount').as('amount'),
          'o.status',
          'o.created_at',
          'o.collected_at',
        ])
        .where('o.user_id', '=', userId)
        .orderBy('o.id', 'desc')
        .limit(filter.limit);
      if (filter.status) query = query.where('o.status', '=', filter.status);
      if (filter.before) query = query.where('o.id', '<', filter.before);
      const rows = await query.execute();
      return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), collected_at: iso(r.collected_at) }));
    },

    /**
     * Moves to-collect records of the user to collected in one statement and answers how many and
     * how much. A record another request collected first is skipped (READ COMMITTED re-checks the
     * status on the row's latest version), so racing collections never count a record twice.
     */
    async collect(
      db: Executor,
      userId: string,
      collectionId: string,
      outputId: string | null,
    ): Promise<{ count: number; amount: string }> {
      const { rows } = await sql<{ count: string; amount: string }>`
        with collected as (
          update miner_outputs set status = 'collected', collected_at = now(), collection_id = ${collectionId}
          where user_id = ${userId} and status = 'to_collect' and (${outputId}::bigint is null or id = ${outputId}::bigint)
          returning amount
        )
        select count(*)::text as count, coalesce(trim_scale(sum(amount)), 0)::text as amount from collected`.execute(
        db,
      );
      const row = rows[0]!;
      return { count: Number(row.count), amount: row.amount };
    },

    async outputStatus(db: Executor, userId: string, outputId: string): Promise<MinerOutputStatus | undefined> {
      const row = await db
        .selectFrom('miner_outputs')
        .select('status')
        .where('id', '=', outputId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.status;
    },

    async summary(db: Executor, userId: string): Promise<Omit<MineSummary, 'output_time_zone'>> {
      const { rows } = await sql<{
        miners: number;
        mining: number;
        to_collect_count: number;
        to_collect_amount: string;
        collected_amount: string;
      }>`
        select
          (select count(*)::int from miners where user_id = ${userId}) as miners,
          (select count(*)::int from miners where user_id = ${userId} and state = 'on') as mining,
          count(*) filter (where status = 'to_collect')::int as to_collect_count,
          coalesce(trim_scale(sum(amount) filter (where status = 'to_collect')), 0)::text as to_collect_amount,
          coalesce(trim_scale(sum(amount) filter (where status = 'collected')), 0)::text as collected_amount
        from miner_outputs where user_id = ${userId}`.execute(db);
      return rows[0]!;
    },
  };
}
export type OutputRepository = ReturnType<typeof createOutputRepository>;
