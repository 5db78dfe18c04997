// The daily output job over 1,000,000 on-miners vs a bare INSERT … SELECT of the same rows, and
// collect-all of 10,000 records over HTTP vs a bare UPDATE of as many rows, on the same PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase, loginNewWallet, root, startProcess, stop, waitForHealth } from './lib.mjs';

const dist = (p) => path.join(root, 'apps/server/dist', p);
const MINERS = Number(process.env.BENCH_MINERS ?? 1_000_000);
const USERS = 10_000;
const ROUNDS = 3;
const COLLECT = 10_000;

const addDays = (day, n) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function seed(db, sql, firstDay) {
  await sql`insert into users (address, share_code)
    select '0x' || lpad(to_hex(g), 40, '0'), 'M' || lpad(g::text, 7, '0') from generate_series(1, ${USERS}) g`.execute(
    db,
  );
  await sql`insert into accounts (user_id, kind, asset) select id, 'user', a from users, (values ('USDT'), ('WALLX')) v(a)`.execute(
    db,
  );
  const { rows } = await sql`insert into miner_products (name, category, price_usdt, daily_output, output_days, stock)
    values ('en_US:::Bench Miner', 'machine', 100, 1.5, 30, 0) returning id`.execute(db);
  const productId = rows[0].id;
  await sql`insert into miner_orders (user_id, product_id, purchase_id, pay_asset, price, status, used_at, daily_output, output_days)
    select u0.lo + g % ${USERS}, ${productId}, gen_random_uuid(), 'USDT', 100, 'used', now(), 1.5, 30
    from generate_series(1, ${MINERS}) g, (select min(id) as lo from users) u0`.execute(db);
  // Output days in the future, so the server's own scheduler (started later for collect-all) finds
  // no finished day to catch up and leaves the table to the benchmark.
  await sql`insert into miners (machine_no, user_id, product_id, order_id, gift, daily_output, output_days, state, activated_at, first_output_day, last_output_day)
    select 'WX' || lpad(o.id::text, 8, '0'), o.user_id, o.product_id, o.id, false, 1.5, 30, 'on', now(), ${firstDay}::date, ${firstDay}::date + 29
    from miner_orders o`.execute(db);
  await sql`select setval('miner_number_seq', (select max(id) from miners))`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

async function timed(work) {
  const started = process.hrtime.bigint();
  const result = await work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

/**
 * collect-all over HTTP, one user's records each round, beside the reference's bare UPDATE of as many rows.
 * @param {{ sql: typeof import('kysely').sql } & Record<string, any>} options
 */
async function measureCollects({ sql, db, port, address, authorization, firstDay }) {
  const { id: userId } = await db
    .selectFrom('users')
    .select('id')
    .where('address', '=', address)
    .executeTakeFirstOrThrow();
  const refUser = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  const giveRecords = (owner, day) =>
    sql`insert into miner_outputs (miner_id, user_id, day, amount)
      select id, ${owner}, ${day}::date, 1.5 from miners order by id limit ${COLLECT}`.execute(db);
  const collects = [];
  for (let round = 0; round < ROUNDS; round++) {
    const day = addDays(firstDay, 40 + round);
    // Reference: the bare status change of as many rows, in one statement.
    await giveRecords(refUser.id, day);
    await sql`vacuum analyze miner_outputs`.execute(db);
    const ref = await timed(() =>
      sql`update miner_outputs set status = 'collected', collected_at = now(), collection_id = gen_random_uuid()
        where user_id = ${refUser.id} and status = 'to_collect'`.execute(db),
    );
    await giveRecords(userId, addDays(day, 20));
    await sql`vacuum analyze miner_outputs`.execute(db);
    const ours = await timed(() =>
      fetch(`http://127.0.0.1:${port}/api/miners/outputs/collect_all`, {
        method: 'POST',
        headers: { authorization },
      }).then((r) => r.json()),
    );
    if (ours.result.code !== 0 || ours.result.data.collected !== COLLECT)
      throw new Error(`collect_all answered ${JSON.stringify(ours.result)}`);
    collects.push({ reference: ref.ms, ours: ours.ms });
  }
  return { userId, collects };
}

export async function benchMiners() {
  const database = await freshDatabase('wallx_bench_miners');
  const { openDatabase } = /** @type {typeof import('../apps/server/src/platform/db/database.js')} */ (
    await import(dist('platform/db/database.js'))
  );
  const { migrate } = /** @type {typeof import('../apps/server/src/platform/db/migrate.js')} */ (
    await import(dist('platform/db/migrate.js'))
  );
  const { createOutputJob } = /** @type {typeof import('../apps/server/src/modules/miners/output-job.js')} */ (
    await import(dist('modules/miners/output-job.js'))
  );
  const { dayInZone } = /** @type {typeof import('../apps/server/src/platform/time/days.js')} */ (
    await import(dist('platform/time/days.js'))
  );
  const { checkLedger } = /** @type {typeof import('../apps/server/src/kernel/ledger/check.js')} */ (
    await import(dist('kernel/ledger/check.js'))
  );
  const { sql } = await import('kysely');
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  let server;
  try {
    await migrate(handle.db);
    const firstDay = addDays(dayInZone(Date.now(), 'Asia/Shanghai'), 100);
    const seeding = await timed(() => seed(handle.db, sql, firstDay));
    console.log(
      `seeded ${MINERS.toLocaleString('en-US')} on-miners of ${USERS.toLocaleString('en-US')} users in ${(seeding.ms / 1000).toFixed(1)} s`,
    );

    // The job only produces days that have ended: its clock stands after the benchmark's days.
    const job = createOutputJob({
      db: handle.db,
      timeZone: 'Asia/Shanghai',
      instanceId: 'bench',
      now: () => Date.parse(`${addDays(firstDay, 60)}T12:00:00Z`),
    });
    // The reference: the same rows into the same table (same indexes), one statement, no key check,
    // no batching, no lease, no expiry pass — the least work that produces a day's records.
    const reference = (day) =>
      sql`insert into miner_outputs (miner_id, user_id, day, amount)
        select id, user_id, ${day}::date, daily_output from miners where state = 'on'`.execute(handle.db);

    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      await sql`checkpoint`.execute(handle.db);
      const ref = await timed(() => reference(addDays(firstDay, 10 + round)));
      await sql`checkpoint`.execute(handle.db);
      const ours = await timed(() => job.runDay(addDays(firstDay, round)));
      const added = ours.result.reduce((n, d) => n + d.outputs, 0);
      if (Number(ref.result.numAffectedRows) !== MINERS || added !== MINERS) {
        throw new Error(`expected ${MINERS} rows each, reference ${ref.result.numAffectedRows}, job ${added}`);
      }
      rounds.push({ reference: ref.ms, job: ours.ms });
    }
    await sql`checkpoint`.execute(handle.db);
    const rerun = await timed(() => job.runDay(addDays(firstDay, ROUNDS - 1)));
    const rerunAdded = rerun.result.reduce((n, d) => n + d.outputs, 0);
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const refMs = median(rounds.map((r) => r.reference));
    const jobMs = median(rounds.map((r) => r.job));

    // collect-all over HTTP: one user with 10,000 records to collect.
    const port = 18_604;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-bench-'));
    server = await startProcess(
      ['apps/server/dist/server.js'],
      { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
      null,
    );
    await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    const { address, authorization } = await loginNewWallet(`http://127.0.0.1:${port}`);
    const { userId, collects } = await measureCollects({ sql, db: handle.db, port, address, authorization, firstDay });
    const books = await checkLedger(handle.db);
    const wallx = await handle.db
      .selectFrom('accounts')
      .select('balance')
      .where('user_id', '=', userId)
      .where('asset', '=', 'WALLX')
      .executeTakeFirstOrThrow();

    const ratio = jobMs / refMs;
    const collectMax = Math.max(...collects.map((c) => c.ours));
    console.log(
      `\nDaily output job on PostgreSQL, ${MINERS.toLocaleString('en-US')} on-miners, ${ROUNDS} alternating rounds (medians)`,
    );
    console.table([
      {
        path: 'reference: one bare INSERT … SELECT into miner_outputs',
        ms: refMs.toFixed(0),
        rounds: rounds.map((r) => r.reference.toFixed(0)).join(' / '),
      },
      {
        path: 'output job: batched INSERT … SELECT, key check, lease, expiry',
        ms: jobMs.toFixed(0),
        rounds: rounds.map((r) => r.job.toFixed(0)).join(' / '),
      },
      { path: 'output job again for the same day', ms: rerun.ms.toFixed(0), rounds: `${rerunAdded} rows added` },
    ]);
    console.log(`\ncollect-all of ${COLLECT.toLocaleString('en-US')} records, ${ROUNDS} rounds`);
    console.table(
      collects.map((c, i) => ({
        round: i + 1,
        'reference: bare UPDATE (ms)': c.reference.toFixed(0),
        'HTTP POST collect_all (ms)': c.ours.toFixed(0),
      })),
    );
    const pass =
      ratio <= 1.5 &&
      rerunAdded === 0 &&
      collectMax < 200 &&
      books.ok &&
      wallx.balance.replace(/\.?0+$/, '') === String(1.5 * COLLECT * ROUNDS);
    console.log(
      `job/reference ${ratio.toFixed(2)}× (target ≤ 1.5×); second run added ${rerunAdded} (target 0); collect-all max ${collectMax.toFixed(0)} ms (target < 200); ` +
        `WALLX credited ${wallx.balance}; ledger check ${books.ok ? 'ok' : 'FAILED'} → ${pass ? 'PASS' : 'FAIL'}`,
    );
    return pass;
  } catch (error) {
    console.error('miners benchmark failed:', error);
    return false;
  } finally {
    if (server) await stop(server);
    await handle.close();
    await database.drop();
  }
}
