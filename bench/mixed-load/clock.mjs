// Time passing, as the jobs see it: a day for the output job, expiries for the sweeper.
import pg from 'pg';

/**
 * A day passes for the output job: every date it reads moves one day back (miners' output days, the
 * outputs and the days already produced), so yesterday is due again with an output for every miner
 * that is on. Done under the job's own lease, so it never runs halfway through a shift; skipped
 * (false) while an instance holds it. Shifting by way of a far date keeps each unique key free.
 */
export async function passOneDay(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(`
      insert into job_leases (name, holder, expires_at) values ('miner-output', 'bench-clock', now() + interval '1 minute')
      on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where job_leases.expires_at < now() or job_leases.holder = excluded.holder
      returning holder`);
    if (rows.length === 0) {
      await client.query('rollback');
      return false;
    }
    await client.query('commit');
    await client.query('begin');
    await client.query('lock table miner_outputs, miner_output_days in share row exclusive mode');
    await client.query(
      `update miners set first_output_day = first_output_day - 1, last_output_day = last_output_day - 1 where first_output_day is not null`,
    );
    for (const table of ['miner_outputs', 'miner_output_days']) {
      await client.query(`update ${table} set day = day - 100000`);
      await client.query(`update ${table} set day = day + 99999`);
    }
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client
      .query(`delete from job_leases where name = 'miner-output' and holder = 'bench-clock'`)
      .catch(() => undefined);
    await client.end();
  }
}

/** Some pending orders reach their expiry now, so the sweeper has orders to expire (orders live 4 h at least). */
export async function ageOrders(databaseUrl, count = 3) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let aged = 0;
    for (const table of ['mtrade_orders', 'c2c_orders']) {
      const { rowCount } = await client.query(
        `update ${table} set expires_at = now() where id in (select id from ${table} where status = 'pending' and expires_at > now() order by random() limit $1)`,
        [count],
      );
      aged += rowCount ?? 0;
    }
    return aged;
  } finally {
    await client.end();
  }
}

/** The distribution's own advisory lock (apps/server/src/modules/staking-pool/distribution.ts). */
const DISTRIBUTION_LOCK = 7411048;

/**
 * Two days pass for the staking pool, once: every stake made so far moves two days back (start, end,
 * close), so the day before yesterday (no stake held all of it: the pool kept whole) and yesterday
 * (every stake open then held all of it) are due, and the distribution job (checked every second)
 * shares the pool out. Once only: the days distributed are written in the books (entries cannot
 * move), so the next day due is today. Done holding the distribution's lock, so never halfway
 * through one. Answers how many stakes moved (0: done already, or no stake yet).
 */
export async function passStakingDays(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [DISTRIBUTION_LOCK]);
    const { rows } = await client.query(
      `select exists (select 1 from staking_days) as done, (select count(*) from stakes)::int as stakes`,
    );
    if (rows[0].done || rows[0].stakes === 0) {
      await client.query('rollback');
      return 0;
    }
    const { rowCount } = await client.query(`update stakes set started_at = started_at - interval '2 days',
      ends_at = ends_at - interval '2 days', closed_at = closed_at - interval '2 days'`);
    await client.query('commit');
    return rowCount ?? 0;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
