import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeasedRun } from '../db/lease.js';
import { generateJwtKeys } from '../../modules/auth/keys.js';
import {
  addProduct,
  buildTestApp,
  checkBooks,
  createTestDatabase,
  credit,
  login,
  type TestApp,
  testConfig,
} from '../../test/helpers.js';
import type { DatabaseHandle } from '../db/database.js';

const until = async (condition: () => Promise<boolean>, ms = 10_000) => {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > ms) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Held passes of two holders never overlap in time. */
function overlaps(runs: LeasedRun[]): string[] {
  const held = runs.filter((r) => r.held).sort((a, b) => a.startedAt - b.startedAt);
  return held
    .slice(1)
    .flatMap((run, i) =>
      run.holder !== held[i]!.holder && run.startedAt < held[i]!.finishedAt
        ? [`${held[i]!.holder} and ${run.holder}`]
        : [],
    );
}

describe('leased jobs on two instances of one database', () => {
  let database: DatabaseHandle;
  let traceDir: string;
  let instances: TestApp[];
  const closed = new Set<TestApp>();
  // One trace file per instance: a file's holder is that instance.
  const traceFileOf = (i: number) => path.join(traceDir, `${i}.jsonl`);
  beforeAll(async () => {
    database = await createTestDatabase();
    traceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-trace-'));
    const keys = generateJwtKeys();
    const config = (i: number) => ({
      markets: { ...testConfig.markets, sweepIntervalMs: 100 },
      jobs: { outputCheckIntervalMs: 100, traceFile: traceFileOf(i) },
    });
    instances = [
      await buildTestApp({ database, keys, config: config(0), runJobs: true }),
      await buildTestApp({ database, keys, config: config(1), runJobs: true }),
    ];
  });
  afterAll(async () => {
    for (const t of instances) if (!closed.has(t)) await t.close();
    await database.close();
    fs.rmSync(traceDir, { recursive: true, force: true });
  });

  const traceOf = (i: number): LeasedRun[] =>
    fs.existsSync(traceFileOf(i))
      ? fs
          .readFileSync(traceFileOf(i), 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as LeasedRun)
      : [];
  const trace = (lease: string): LeasedRun[] => [...traceOf(0), ...traceOf(1)].filter((run) => run.lease === lease);

  it('one sweeper at a time: one instance holds the lease pass after pass, the other is refused; an expired order is released once', async () => {
    const [a] = instances as [TestApp, TestApp];
    const seller = await a.userWith({ wallx: '100', fundPassword: 'pass-123' });
    const order = (
      await a.injectAs(seller, 'POST /api/c2c/orders', {
        amount: '10',
        unit_price: '1',
        expiry: '4H',
        fund_password: 'pass-123',
      })
    ).json().data.order;
    await sql`update c2c_orders set expires_at = now() - interval '1 second' where id = ${order.id}::bigint`.execute(
      database.db,
    );
    const status = async () =>
      (await sql<{ status: string }>`select status from c2c_orders where id = ${order.id}::bigint`.execute(database.db))
        .rows[0]!.status;
    await until(async () => (await status()) === 'cancelled');
    await until(async () => new Set(trace('market-expiry').map((r) => r.holder)).size === 2);

    const runs = trace('market-expiry');
    const holders = new Set(runs.filter((r) => r.held).map((r) => r.holder));
    expect(holders.size).toBe(1);
    expect(runs.filter((r) => !r.held && holders.has(r.holder))).toEqual([]);
    expect(overlaps(runs)).toEqual([]);
    expect(runs.filter((r) => r.held).map((r) => r.result)).toContainEqual({ mtrade: 0, c2c: 1 });
    const releases = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_entries where type = 'c2c_release' and ref_id = ${order.id}`.execute(
      database.db,
    );
    expect(releases.rows[0]!.n).toBe(2);
    expect((await checkBooks(database)).problems).toEqual([]);
  });

  it('the output job: both instances find the day due, their passes never overlap, each output is made once', async () => {
    const [a] = instances as [TestApp, TestApp];
    const owner = await login(a.app);
    const productId = await addProduct(database, { price_usdt: '10', daily_output: '2', output_days: 30 });
    await credit(database, owner.userinfo.bsc, 'USDT', '10');
    const bought = (
      await a.injectAs(owner, 'POST /api/miners/buy', { product_id: productId, pay_asset: 'USDT', quantity: 1 })
    ).json().data;
    const miner = (await a.injectAs(owner, `POST /api/miners/orders/${bought.orders[0].id}/use`)).json().data.miner;
    await a.injectAs(owner, `POST /api/miners/${miner.id}/turn_on`);
    // Turned on three days ago, as far as the job can tell: three days are due at once.
    await sql`update miners set first_output_day = first_output_day - 3, last_output_day = last_output_day - 3 where id = ${miner.id}::bigint`.execute(
      database.db,
    );
    const outputs = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from miner_outputs where miner_id = ${miner.id}::bigint`.execute(database.db)
      ).rows[0]!.n;
    await until(async () => (await outputs()) === 3);
    await new Promise((r) => setTimeout(r, 500));

    const runs = trace('miner-output');
    expect(runs.filter((r) => r.held).length).toBeGreaterThanOrEqual(1);
    expect(overlaps(runs)).toEqual([]);
    expect(await outputs()).toBe(3);
    const days = await sql<{
      day: string;
      outputs: number;
    }>`select day::text, outputs from miner_output_days order by day`.execute(database.db);
    expect(days.rows.map((d) => d.outputs)).toEqual([1, 1, 1]);
  });

  it('an instance that shuts down gives its leases up: the other takes the sweeper at its next pass, not when the lease lapses', async () => {
    const holding = [0, 1].find((i) => traceOf(i).some((r) => r.lease === 'market-expiry' && r.held))!;
    const other = 1 - holding;
    const holder = traceOf(holding).find((r) => r.held)!.holder;
    const closedAt = Date.now();
    closed.add(instances[holding]!);
    await instances[holding]!.close();
    expect(
      (
        await sql<{ n: number }>`select count(*)::int as n from job_leases where holder = ${holder}`.execute(
          database.db,
        )
      ).rows[0]!.n,
    ).toBe(0);
    // The lease lives 30 s; the other instance passes every 100 ms.
    await until(
      async () => traceOf(other).some((r) => r.lease === 'market-expiry' && r.held && r.startedAt >= closedAt),
      3000,
    );
  });
});
