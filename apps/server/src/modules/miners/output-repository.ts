import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** The statements of the daily output job (`output-job.ts`); days are 'YYYY-MM-DD'. */
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
      const result = await sql`
        insert into miner_outputs (miner_id, user_id, day, amount)
        select id, user_id, ${day}::date, daily_output from miners
        where state = 'on' and id > ${ids.after.toString()}::bigint and id <= ${ids.through.toString()}::bigint
          and first_output_day <= ${day}::date and last_output_day >= ${day}::date
        on conflict (miner_id, day) do nothing`.execute(db);
      return Number(result.numAffectedRows ?? 0n);
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
  };
}
