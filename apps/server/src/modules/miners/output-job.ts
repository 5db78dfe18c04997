import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { releaseLease, takeLease } from '../../db/lease.js';
import { AppError } from '../../http/app-error.js';

/** The calendar date ('YYYY-MM-DD') of an instant in a time zone. */
export function dayInZone(at: Date | number, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export type DayResult = { day: string; outputs: number; expired: number };

const LEASE = 'miner-output';
const LEASE_TTL_MS = 10 * 60_000;

/**
 * The daily output job. For a day D, every miner that is on and whose output days include D gets one
 * output record of its daily output; miners whose last output day is D then become expired.
 *
 * One INSERT … SELECT per batch of miner ids, each its own short transaction; the (miner_id, day)
 * key makes every statement idempotent, so a crash, a second run or a second instance adds nothing
 * twice. A lease keeps two instances from doing the same work at once.
 */
export function createOutputJob({ db, timeZone, instanceId, batchSize = 100_000, now = Date.now }: {
  db: Db;
  timeZone: string;
  instanceId: string;
  batchSize?: number;
  now?: () => number;
}) {
  async function produce(day: string): Promise<DayResult> {
    const bounds = await sql<{ lo: string | null; hi: string | null }>`
      select min(id)::text as lo, max(id)::text as hi from miners where state = 'on'`.execute(db);
    let outputs = 0;
    const { lo, hi } = bounds.rows[0]!;
    if (lo !== null && hi !== null) {
      for (let from = BigInt(lo) - 1n; from < BigInt(hi); from += BigInt(batchSize)) {
        // Keeps the lease while a long run goes on.
        await takeLease(db, LEASE, instanceId, LEASE_TTL_MS);
        const result = await sql`
          insert into miner_outputs (miner_id, user_id, day, amount)
          select id, user_id, ${day}::date, daily_output from miners
          where state = 'on' and id > ${from.toString()}::bigint and id <= ${(from + BigInt(batchSize)).toString()}::bigint
            and first_output_day <= ${day}::date and last_output_day >= ${day}::date
          on conflict (miner_id, day) do nothing`.execute(db);
        outputs += Number(result.numAffectedRows ?? 0n);
      }
    }
    const expired = await sql`
      update miners set state = 'expired' where state = 'on' and last_output_day <= ${day}::date`.execute(db);
    const result = { day, outputs, expired: Number(expired.numAffectedRows ?? 0n) };
    await sql`
      insert into miner_output_days (day, outputs, expired) values (${day}::date, ${result.outputs}, ${result.expired})
      on conflict (day) do update set outputs = miner_output_days.outputs + excluded.outputs,
        expired = miner_output_days.expired + excluded.expired, finished_at = now()`.execute(db);
    return result;
  }

  /** Days not finished yet up to `through`, oldest first: from the day after the last finished one, or the first day any on miner produces. */
  async function pendingDays(through: string): Promise<string[]> {
    const { rows } = await sql<{ start: string | null }>`
      select coalesce(
        (select (max(day) + 1)::text from miner_output_days),
        (select min(first_output_day)::text from miners where state = 'on')
      ) as start`.execute(db);
    const start = rows[0]?.start;
    const days: string[] = [];
    if (!start) return days;
    for (let day = start; day <= through; day = addDays(day, 1)) days.push(day);
    return days;
  }

  async function withLease<T>(work: () => Promise<T>): Promise<T | null> {
    if (!(await takeLease(db, LEASE, instanceId, LEASE_TTL_MS))) return null;
    try {
      return await work();
    } finally {
      await releaseLease(db, LEASE, instanceId);
    }
  }

  return {
    /** The scheduled run: every finished day (up to yesterday in the output time zone) not yet produced. Null when another instance holds the job. */
    async catchUp(): Promise<DayResult[] | null> {
      const yesterday = addDays(dayInZone(now(), timeZone), -1);
      // Most minutes of a day have nothing to do: find that out without writing the lease.
      if ((await pendingDays(yesterday)).length === 0) return [];
      return withLease(async () => {
        const results: DayResult[] = [];
        for (const day of await pendingDays(yesterday)) results.push(await produce(day));
        return results;
      });
    },

    /**
     * A run by hand for `day` (`npm run jobs:output -- --date`): first any earlier day still pending,
     * so no miner expires before its missed days are produced, then `day` itself, again if it ran before.
     * Only a day that has ended in the output time zone.
     */
    async runDay(day: string): Promise<DayResult[] | null> {
      // A day still running (or to come) has no output yet: producing it now would pay miners turned
      // on later today nothing, and let anyone who can run the job pay tomorrow's output early.
      const today = dayInZone(now(), timeZone);
      if (day >= today) throw new AppError('output_day_not_over', { field: 'date', params: { day, zone: timeZone } });
      return withLease(async () => {
        const results: DayResult[] = [];
        for (const pending of await pendingDays(addDays(day, -1))) results.push(await produce(pending));
        results.push(await produce(day));
        return results;
      });
    },

    today: () => dayInZone(now(), timeZone),
  };
}
export type OutputJob = ReturnType<typeof createOutputJob>;
