import { sql } from 'kysely';
import type { Executor } from './database.js';

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

export async function releaseLease(db: Executor, name: string, holder: string): Promise<void> {
  await sql`delete from job_leases where name = ${name} and holder = ${holder}`.execute(db);
}
