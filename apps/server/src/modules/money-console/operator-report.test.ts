import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainContext } from '../../platform/chain/context.js';
import { type Auth, buildTestApp, credit, login, operatorLogin, type TestApp } from '../../test/helpers.js';
import { operatorMoneyHelpers, startOperatorMoney } from '../../test/operator-money.js';

describe('operators: money (withdrawals, deposits, fees and limits, the daily report)', () => {
  let chain: ChainContext;
  let t: TestApp;
  let viewer: Auth;

  beforeAll(async () => {
    ({ chain, t, viewer } = await startOperatorMoney());
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });
  const { withdraw, today } = operatorMoneyHelpers(() => t);

  it('the daily report sums what users’ balances gained and lost, by day, asset and record type, from the ledger', async () => {
    const a = await t.userWith({ usdt: '700', fundPassword: 'pass-123' });
    const b = await login(t.app);
    await t.injectAs(a, 'POST /api/funds/transfer', {
      to: b.userinfo.bsc,
      asset: 'USDT',
      amount: '30',
      fund_password: 'pass-123',
    });
    // A withdrawal of its own: the report's withdrawal row must not depend on another test having run first.
    await withdraw(a.auth, '100');
    const day = today();
    const report = (await t.injectAs(viewer, `GET /api/admin/money/report?from=${day}&to=${day}`)).json().data;
    expect(report).toMatchObject({ from: day, to: day, time_zone: 'Asia/Shanghai' });
    const row = (type: string) =>
      report.rows.find(
        (r: { type: string; asset: string; day: string }) => r.type === type && r.asset === 'USDT' && r.day === day,
      );
    // What the books hold for the same types, all users, all time: this database began today.
    const totals = await t.database.db
      .selectFrom('ledger_entries as e')
      .innerJoin('accounts as a', 'a.id', 'e.account_id')
      .select(['e.type', (eb) => eb.fn.countAll<string>().as('count')])
      .where('a.kind', '=', 'user')
      .where('a.asset', '=', 'USDT')
      .groupBy('e.type')
      .execute();
    for (const { type, count } of totals) expect(row(type)?.count, type).toBe(Number(count));
    expect(row('transfer_out')).toMatchObject({ total: expect.stringMatching(/^-\d/) });
    expect(row('transfer_in').total).toBe(row('transfer_out').total.slice(1));
    expect(row('withdrawal').total.startsWith('-')).toBe(true);

    expect(
      (await t.injectAs(viewer, `GET /api/admin/money/report?from=2026-02-01&to=2026-01-01`)).json(),
    ).toMatchObject({
      code: 8502,
      data: { field: 'from' },
    });
    expect(
      (await t.injectAs(viewer, `GET /api/admin/money/report?from=2026-01-01&to=2026-05-01`)).json(),
    ).toMatchObject({
      code: 8502,
      data: { field: 'to' },
      message: expect.stringContaining('92'),
    });
    expect(
      (await t.injectAs(viewer, `GET /api/admin/money/report?from=2026-02-30&to=2026-03-01`)).json(),
    ).toMatchObject({
      code: 1001,
      data: { field: 'from' },
    });
    expect((await t.injectAs(viewer, `GET /api/admin/money/report?from=2026-01-01`)).json()).toMatchObject({
      code: 1001,
      data: { field: 'to' },
    });
    expect((await t.injectAs(viewer, `GET /api/admin/money/report?to=2026-01-01`)).json()).toMatchObject({
      code: 1001,
      data: { field: 'from' },
    });
  });

  it('asked for no range, the report covers the last 7 days up to today in its own zone, not in the caller’s: at 23:30 UTC Shanghai is already on the next day', async () => {
    // 2026-03-10 23:30 UTC is 2026-03-11 07:30 in Shanghai.
    const at = Date.UTC(2026, 2, 10, 23, 30);
    const late = await buildTestApp({ chain, now: () => at });
    try {
      const user = await login(late.app);
      await credit(late.database, user.userinfo.bsc, 'USDT', '50');
      // The deposit as if booked at that instant (entries are immutable: this database is this test's own).
      await sql`alter table ledger_entries disable trigger ledger_entries_no_update`.execute(late.database.db);
      await sql`update ledger_entries set created_at = ${new Date(at)}`.execute(late.database.db);

      const operator = await operatorLogin(late.app, 'viewer');
      const report = (await late.injectAs(operator, 'GET /api/admin/money/report')).json().data;
      expect(report).toMatchObject({ from: '2026-03-05', to: '2026-03-11', time_zone: 'Asia/Shanghai' });
      expect(report.rows).toEqual([{ day: '2026-03-11', asset: 'USDT', type: 'deposit', count: 1, total: '50' }]);
    } finally {
      await late.close();
    }
  });
});
