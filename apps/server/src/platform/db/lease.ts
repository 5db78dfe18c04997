import { sql } from 'kysely';
import type { Executor } from './database.js';
import { withSpan } from '../tracing/tracing.js';

/**
 * How long a lease outlives its holder's last sign of life. A pass renews its lease every third of
 * this while it runs (a heartbeat), so a pass may take as long as it needs, and the jobs of an
 * instance killed mid-pass are taken over by another within this time (issue 34: under 10 s), not
 * after a lease sized to the longest pass (payouts had two minutes).
 */
export const LEASE_TTL_MS = 6_000;

/** A pass whose lease another holder took (this one stalled past the lease): it must stop writing. */
export class LeaseLostError extends Error {
  constructor(name: string, holder: string) {
    super(`lease ${name} is no longer held by ${holder}`);
  }
}

/**
 * A job lease: true when this holder may run the named job now. A lease expires on its own, so a
 * crashed instance never blocks the others for longer than `ttlMs`. Works the same on PostgreSQL and
 * PGlite, and holds no connection or transaction while the job runs.
 */
export async function takeLease(db: Executor, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const { rows } = await sql<{ holder: string }>`
    insert into job_leases (name, holder, expires_at) values (${name}, ${holder}, now() + ${`${ttlMs} milliseconds`}::interval)
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where job_leases.expires_at < now() or job_leases.holder = excluded.holder
    returning holder`.execute(db);
  return rows.length === 1;
}

/** Takes the lease again, or throws: a step of a long pass that must not run once the lease was lost. */
export async function keepLease(db: Executor, name: string, holder: string, ttlMs: number): Promise<void> {
  if (!(await takeLease(db, name, holder, ttlMs))) throw new LeaseLostError(name, holder);
}

/**
 * Renews the lease every third of its time while a pass runs. Only the holder's own row is touched: a
 * holder that stalled past its lease finds it taken and renews nothing (its fenced writes then fail).
 * A renewal that fails (the database briefly unreachable) is tried again at the next beat.
 */
function heartbeat(db: Executor, name: string, holder: string, ttlMs: number): () => void {
  const timer = setInterval(
    () => {
      sql`update job_leases set expires_at = now() + ${`${ttlMs} milliseconds`}::interval
          where name = ${name} and holder = ${holder}`
        .execute(db)
        .catch(() => {});
    },
    Math.max(1, Math.floor(ttlMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

export async function releaseLease(db: Executor, name: string, holder: string): Promise<void> {
  await sql`delete from job_leases where name = ${name} and holder = ${holder}`.execute(db);
}

/**
 * Gives up every lease `holder` has: an instance shutting down, its jobs stopped, lets another take
 * them over at its next pass instead of after the leases lapse (LEASE_TTL_MS).
 */
export async function releaseLeasesOf(db: Executor, holder: string): Promise<void> {
  await sql`delete from job_leases where holder = ${holder}`.execute(db);
}

/**
 * One pass of a leased job as a trace sees it. `held` is false when another holder had the lease and
 * nothing ran; otherwise the pass ran between `startedAt` and `finishedAt` (epoch ms), both inside the
 * lease: after it was taken, before it was given up.
 */
export type LeasedRun = {
  lease: string;
  holder: string;
  held: boolean;
  startedAt: number;
  finishedAt: number;
  result?: unknown;
  failed?: string;
};
export type LeaseObserver = (run: LeasedRun) => void;

export type LeaseOptions = {
  name: string;
  holder: string;
  ttlMs: number;
  /**
   * Give the lease up after the pass, so any instance may take the next one (a job with nothing to do
   * most of the time). Without it the holder keeps the lease by taking it again each pass while its
   * passes come faster than `ttlMs`; another instance takes over once it has lapsed (a holder that
   * died, or a pause between passes longer than the lease).
   */
  release?: boolean;
  observe?: LeaseObserver | undefined;
};

/** Runs `work` under the lease; null, without running it, when another holder has the lease. */
export async function runLeased<T>(db: Executor, lease: LeaseOptions, work: () => Promise<T>): Promise<T | null> {
  const { name, holder, observe } = lease;
  const isHeld = await withSpan(
    `lease ${name}`,
    { 'wallx.lease': name, 'wallx.lease.holder': holder },
    async (notes) => {
      const taken = await takeLease(db, name, holder, lease.ttlMs);
      notes.set('wallx.lease.taken', taken);
      return taken;
    },
  );
  if (!isHeld) {
    const at = Date.now();
    observe?.({ lease: name, holder, held: false, startedAt: at, finishedAt: at });
    return null;
  }
  const startedAt = Date.now();
  const stopBeating = heartbeat(db, name, holder, lease.ttlMs);
  try {
    const result = await work();
    observe?.({ lease: name, holder, held: true, startedAt, finishedAt: Date.now(), result });
    return result;
  } catch (error) {
    observe?.({
      lease: name,
      holder,
      held: true,
      startedAt,
      finishedAt: Date.now(),
      failed: error instanceof Error ? error.message : String(error),
    });
    throw error;
  } finally {
    stopBeating();
    if (lease.release) await releaseLease(db, name, holder);
  }
}
