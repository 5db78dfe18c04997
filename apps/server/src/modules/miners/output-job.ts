import type { Db } from '../../platform/db/database.js';
import { keepLease, LEASE_TTL_MS, runLeased, type LeaseObserver } from '../../platform/db/lease.js';
import { AppError } from '../../platform/errors/app-error.js';
import { addDays, dayInZone } from '../../platform/time/days.js';
import { createOutputRepository } from './output-repository.js';

export type DayResult = { day: string; outputs: number; expired: number };

const LEASE = 'miner-output';

/**
 * The daily output job. For a day D, every miner that is on and whose output days include D gets one
 * output record of its daily output; miners whose last output day is D then become expired.
 *
 * One INSERT … SELECT per batch of miner ids, each its own short transaction; the (miner_id, day)
 * key makes every statement idempotent, so a crash, a second run or a second instance adds nothing
 * twice. A lease keeps two instances from doing the same work at once.
 */
export function createOutputJob({
  db,
  timeZone,
  instanceId,
  batchSize = 100_000,
  now = Date.now,
  observe,
}: {
  db: Db;
  timeZone: string;
  instanceId: string;
  batchSize?: number;
  now?: () => number;
  /** Sees every pass that found a day due, held or refused (JOB_TRACE_FILE). */
  observe?: LeaseObserver | undefined;
}) {
  const outputs = createOutputRepository();

  async function produce(day: string): Promise<DayResult> {
    const ids = await outputs.onMinerIds(db);
    let produced = 0;
    if (ids) {
      for (let after = ids.lo - 1n; after < ids.hi; after += BigInt(batchSize)) {
        // A run that lost its lease (stalled past it) stops before producing another batch.
        await keepLease(db, LEASE, instanceId, LEASE_TTL_MS);
        produced += await outputs.produce(db, day, { after, through: after + BigInt(batchSize) });
      }
    }
    const result = { day, outputs: produced, expired: await outputs.expireThrough(db, day) };
    await outputs.finishDay(db, result);
    return result;
  }

  /** Days not finished yet up to `through`, oldest first: from the day after the last finished one, or the first day any on miner produces. */
  async function pendingDays(through: string): Promise<string[]> {
    const start = await outputs.firstPendingDay(db);
    const days: string[] = [];
    if (!start) return days;
    for (let day = start; day <= through; day = addDays(day, 1)) days.push(day);
    return days;
  }

  // Given up after each run: most minutes have nothing to do, and any instance may take the next day.
  const withLease = <T>(work: () => Promise<T>) =>
    runLeased(db, { name: LEASE, holder: instanceId, ttlMs: LEASE_TTL_MS, release: true, observe }, work);

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
