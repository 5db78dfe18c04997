import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainBalances } from '../../platform/chain/balances.js';
import { buildTestApp, credit, login, operatorLogin, type TestApp } from '../../test/helpers.js';
import { createDashboardRepository } from './repository.js';
import { createDashboardService } from './service.js';

describe('dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (auth?: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: '/api/admin/dashboard', ...(auth ? { headers: auth } : {}) });

  it('needs a console session; any role reads it', async () => {
    expect((await get()).json()).toMatchObject({ code: 8002 });
    expect((await get((await login(t.app)).auth)).statusCode).toBe(401);
    for (const role of ['viewer', 'support', 'finance', 'admin'] as const)
      expect((await get(await operatorLogin(t.app, role))).statusCode).toBe(200);
  });

  it("counts today's users, deposits, withdrawals, miners on and output to collect; without a chain it says so", async () => {
    const a = await login(t.app);
    const b = await login(t.app);
    await credit(t.database, a.userinfo.bsc, 'USDT', '150.5');
    await credit(t.database, b.userinfo.bsc, 'WALLX', '1000');
    const ids = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('address', 'in', [a.userinfo.bsc, b.userinfo.bsc])
      .execute();
    // Deposits as the scanner writes them: one today, one yesterday (not counted today).
    for (const [i, at] of [
      [1, 'now()'],
      [2, "now() - interval '2 days'"],
    ] as const) {
      await sql`insert into deposits (user_id, asset, tx_hash, log_index, from_address, amount, block_number, block_hash, credited_at)
        values (${ids[0]!.id}, 'USDT', ${`0x${String(i).repeat(64)}`}, 0, ${a.userinfo.bsc}, '25.25', 1, ${`0x${'f'.repeat(64)}`}, ${sql.raw(at)})`.execute(
        t.database.db,
      );
    }
    await sql`insert into withdrawals (user_id, asset, amount, fee, to_address, status) values (${ids[0]!.id}, 'USDT', '10', '1', ${b.userinfo.bsc}, 'pending_review')`.execute(
      t.database.db,
    );

    const data = (await get(await operatorLogin(t.app, 'viewer'))).json().data;
    expect(data.time_zone).toBe('Asia/Shanghai');
    expect(data.users.total).toBeGreaterThanOrEqual(2);
    expect(data.users.new_today).toBeGreaterThanOrEqual(2);
    expect(data.deposits_today).toEqual([
      { asset: 'USDT', count: 1, sum: '25.25' },
      { asset: 'WALLX', count: 0, sum: '0' },
    ]);
    expect(data.withdrawals_today).toEqual([
      { asset: 'USDT', count: 1, sum: '10' },
      { asset: 'WALLX', count: 0, sum: '0' },
    ]);
    expect(data.withdrawals_awaiting_review).toBe(1);
    expect(data.miners_on).toBe(0);
    expect(data.output_pending).toEqual({ count: 0, sum: '0' });
    const usdt = data.reconciliation.find((r: { asset: string }) => r.asset === 'USDT');
    expect(usdt).toMatchObject({
      user_balances: '150.5',
      escrow: '0',
      withdrawals_queued: '10',
      owed: '160.5',
      on_chain: null,
      is_short: null,
      chain_error: 'no_chain',
    });
  });

  it('flags an asset red when the chain holds less than users, escrow and unsigned withdrawals; in-flight payouts apart', async () => {
    const repo = createDashboardRepository();
    const books = {
      ...repo,
      userBalances: async () => ({ USDT: '100', WALLX: '50' }),
      escrow: async () => ({ USDT: '0', WALLX: '10' }),
      openWithdrawals: async () => ({ queued: { USDT: '20', WALLX: '0' }, inFlight: { USDT: '30', WALLX: '0' } }),
    };
    const holdings: ChainBalances = async (asset) => {
      if (asset === 'WALLX') throw new Error('connect ECONNREFUSED');
      return { depositAddress: '0xd', hotWallet: '0xh', deposit: '19.5', hot: '100' };
    };
    const dashboard = createDashboardService({
      db: t.database.db,
      dashboard: books,
      chainBalances: holdings,
      timeZone: 'UTC',
    });
    const { reconciliation } = await dashboard.get();
    // Owed 100 + 0 + 20 = 120; the chain has 119.5: short by 0.5 even if the 30 in flight has not left yet.
    expect(reconciliation[0]).toMatchObject({
      asset: 'USDT',
      owed: '120',
      withdrawals_in_flight: '30',
      on_chain: '119.5',
      difference: '-0.5',
      is_short: true,
      chain_error: null,
    });
    expect(reconciliation[1]).toMatchObject({
      asset: 'WALLX',
      owed: '60',
      on_chain: null,
      is_short: null,
      chain_error: 'unreachable',
    });

    const enough = createDashboardService({
      db: t.database.db,
      dashboard: books,
      chainBalances: async () => ({ depositAddress: '0xd', hotWallet: '0xh', deposit: '0', hot: '120' }),
      timeZone: 'UTC',
    });
    expect((await enough.get()).reconciliation[0]).toMatchObject({ difference: '0', is_short: false });
  });
});
