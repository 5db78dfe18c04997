// Market lists with 100,000 pending orders each (machine trade and C2C; BENCH_ORDERS changes the
// count): every sort, first and deep pages, over HTTP; p50/p95 per sort and the p50's ratio to
// GET /api/user/info on the same stack in the same run, with the generic plans the server runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { freshDatabase, loginNewWallet, percentile, root, startProcess, stop, waitForHealth } from './lib.mjs';

const dist = (p) => path.join(root, 'apps/server/dist', p);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const REQUESTS = 200;
const SORTS = /** @type {const} */ (['newest', 'expiring', 'price_asc', 'price_desc']);

async function seed(db) {
  await sql`insert into users (address, share_code)
    select '0x' || lpad(to_hex(g), 40, '0'), 'K' || lpad(g::text, 7, '0') from generate_series(1, ${ORDERS}) g`.execute(
    db,
  );
  const { rows } = await sql`insert into miner_products (name, category, price_usdt, daily_output, output_days, stock)
    values ('en_US:::Bench Miner', 'machine', 100, 1.5, 30, 0) returning id`.execute(db);
  const productId = /** @type {{ id: string }} */ (rows[0]).id;
  await sql`insert into miner_orders (user_id, product_id, purchase_id, pay_asset, price, status, used_at, daily_output, output_days)
    select id, ${productId}, gen_random_uuid(), 'USDT', 100, 'used', now(), 1.5, 30 from users`.execute(db);
  await sql`insert into miners (machine_no, user_id, product_id, order_id, gift, daily_output, output_days, state)
    select 'WX' || lpad(o.id::text, 8, '0'), o.user_id, o.product_id, o.id, false, 1.5, 30, 'selling' from miner_orders o`.execute(
    db,
  );
  // Prices and expiries spread like a real market's; every order pending and unexpired.
  await sql`insert into mtrade_orders (seller_id, miner_id, unit_price, fee, expiry, expires_at, created_at)
    select m.user_id, m.id, p, p * 0.05, '7D', now() + (1 + m.id % 10000) * interval '1 minute', now() - m.id * interval '1 second'
    from miners m, lateral (select round((10 + (m.id * 7919 % 100000) / 100.0)::numeric, 2) as p) price`.execute(db);
  await sql`insert into c2c_orders (seller_id, amount, unit_price, total, fee, expiry, expires_at)
    select id, 100, p, 100 * p, 1, '7D', now() + (1 + id % 10000) * interval '1 minute'
    from users, lateral (select round((0.1 + (id * 7919 % 100000) / 100000.0)::numeric, 4) as p) price`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

/** The lists over HTTP, each sort walked page by page, beside the reference: a row each. */
async function measureLists(baseUrl, headers) {
  async function timedGet(url) {
    const started = process.hrtime.bigint();
    const body = await fetch(url, { headers }).then((r) => r.json());
    if (body.code !== 0) throw new Error(`${url} answered ${JSON.stringify(body)}`);
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, body };
  }

  const rows = [];
  // Reference: the lightest authenticated read of the same stack (a primary-key select).
  const reference = [];
  for (let i = 0; i < REQUESTS; i++) reference.push((await timedGet(`${baseUrl}/api/user/info`)).ms);
  const referenceP50 = percentile(reference, 50);
  for (const market of ['mtrade', 'c2c']) {
    for (const sort of SORTS) {
      // Walk pages in order, so deep pages (keyset cursors far into the index) are measured too.
      const latencies = [];
      let cursor = null;
      for (let i = 0; i < REQUESTS; i++) {
        const { ms, body } = await timedGet(
          `${baseUrl}/api/${market}/orders?sort=${sort}&limit=20${cursor ? `&cursor=${cursor}` : ''}`,
        );
        latencies.push(ms);
        cursor = i % 50 === 49 ? null : body.data.next_cursor;
      }
      const p50 = percentile(latencies, 50);
      rows.push({
        list: `${market} ${sort}`,
        'p50 ms': p50.toFixed(2),
        'p95 ms': percentile(latencies, 95).toFixed(2),
        'max ms': Math.max(...latencies).toFixed(1),
        'p50 / user/info': (p50 / referenceP50).toFixed(2),
      });
    }
  }
  rows.push({
    list: 'reference: GET /api/user/info',
    'p50 ms': referenceP50.toFixed(2),
    'p95 ms': percentile(reference, 95).toFixed(2),
    'max ms': Math.max(...reference).toFixed(1),
    'p50 / user/info': '1.00',
  });
  return rows;
}

/**
 * The plans of the repository's own SQL for a second page of each list, captured as it runs and
 * explained with real execution.
 */
async function explainPlans({ database, handle, address, createMarketsRepository, cursorAfter }) {
  const captured = [];
  // As the server runs it: a prepared statement under plan_cache_mode=force_generic_plan (a plain
  // EXPLAIN of the SQL with its values would show a custom plan the server never uses).
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 2,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  const logged = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => void captured.push(event.query),
  });
  const repository = createMarketsRepository();
  const viewer = await handle.db
    .selectFrom('users')
    .select('id')
    .where('address', '=', address)
    .executeTakeFirstOrThrow();
  const plans = [];
  for (const sort of SORTS) {
    for (const [market, list] of /** @type {const} */ ([
      ['mtrade', repository.mtradeMarket],
      ['c2c', repository.c2cMarket],
    ])) {
      captured.length = 0;
      const first = await list(logged, viewer.id, { sort, limit: 20 });
      const deep = first.at(-1);
      if (!deep) throw new Error(`${market}: no first page to go past`);
      await list(logged, viewer.id, { sort, limit: 20, cursor: cursorAfter(sort, deep) });
      const query = captured.at(-1);
      const client = await pool.connect();
      const values = query.parameters.map((p) => client.escapeLiteral(String(p))).join(', ');
      await client.query(`prepare page as ${query.sql}`);
      const { rows: plan } = await client.query(
        `explain (analyze, costs off, timing off, summary off) execute page(${values})`,
      );
      await client.query('deallocate page');
      client.release();
      const lines = plan.map((r) => r['QUERY PLAN']);
      const indexes = [
        ...new Set(lines.flatMap((l) => /Index (?:Only )?Scan(?: Backward)? using (\w+)/.exec(l)?.[1] ?? [])),
      ];
      const seqScans = lines.filter((l) => /Seq Scan on (mtrade_orders|c2c_orders)/.test(l)).length;
      const parallel = lines.filter((l) => /Gather/.test(l)).length;
      plans.push({
        list: `${market} ${sort} (page 2)`,
        'indexes used': indexes.join(', '),
        'seq scans of orders': seqScans,
        'parallel gathers': parallel,
      });
    }
  }
  await logged.destroy();
  return plans;
}

export async function benchMarkets() {
  const database = await freshDatabase('wallx_bench_markets');
  const { openDatabase } = /** @type {typeof import('../apps/server/src/platform/db/database.js')} */ (
    await import(dist('platform/db/database.js'))
  );
  const { migrate } = /** @type {typeof import('../apps/server/src/platform/db/migrate.js')} */ (
    await import(dist('platform/db/migrate.js'))
  );
  const { createMarketsRepository, cursorAfter } =
    /** @type {typeof import('../apps/server/src/modules/markets/repository.js')} */ (
      await import(dist('modules/markets/repository.js'))
    );
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  let server;
  try {
    await migrate(handle.db);
    await seed(handle.db);
    console.log(
      `seeded ${ORDERS.toLocaleString('en-US')} pending machine orders and ${ORDERS.toLocaleString('en-US')} pending C2C orders`,
    );

    const port = 18_605;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-bench-'));
    server = await startProcess(
      ['apps/server/dist/server.js'],
      { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
      null,
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(`${baseUrl}/api/health`);
    const { address, authorization } = await loginNewWallet(baseUrl);
    const headers = { authorization };

    const rows = await measureLists(baseUrl, headers);

    const plans = await explainPlans({ database, handle, address, createMarketsRepository, cursorAfter });
    console.log(
      `\nMarket lists on PostgreSQL, ${ORDERS.toLocaleString('en-US')} pending orders per market, ${REQUESTS} sequential requests per sort (pages walked 50 deep, then from the top)`,
    );
    console.table(rows);
    console.log('\nQuery plans of the list queries (EXPLAIN ANALYZE of the repository SQL, second page):');
    console.table(plans);
    const lists = rows.slice(0, -1);
    const worst = Math.max(...lists.map((r) => Number(r['p95 ms'])));
    const worstRatio = Math.max(...lists.map((r) => Number(r['p50 / user/info'])));
    const pass =
      worst < 50 &&
      worstRatio <= 1.5 &&
      plans.every((p) => p['seq scans of orders'] === 0 && p['parallel gathers'] === 0);
    console.log(
      `worst p95 ${worst.toFixed(1)} ms (target < 50 ms); worst p50 ${worstRatio.toFixed(2)}× user/info (issue 52: ≤ 1.5×); no sequential scan of an order table, no parallel plan → ${pass ? 'PASS' : 'FAIL'}`,
    );
    return pass;
  } catch (error) {
    console.error('markets benchmark failed:', error);
    return false;
  } finally {
    if (server) await stop(server);
    await handle.close();
    await database.drop();
  }
}
