import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../chain/context.js';
import { loadConfig } from '../../config.js';
import {
  type Auth,
  buildTestApp,
  checkBooks,
  credit,
  login,
  operatorLogin,
  type TestApp,
  testOperators,
} from '../../test/helpers.js';

describe('operators: money (withdrawals, deposits, fees and limits, the daily report)', () => {
  let chain: ChainContext;
  let t: TestApp;
  let viewer: Auth;
  let support: Auth;
  let finance: Auth;

  beforeAll(async () => {
    chain = await openChain(
      loadConfig({
        CONFIRMATIONS: '2',
        WITHDRAW_MIN_USDT: '20',
        WITHDRAW_FEE_USDT: '1.5',
        WITHDRAW_REVIEW_USDT: '1000',
        WITHDRAW_HOURLY_CAP_USDT: '100000000',
      }).chain,
    );
    t = await buildTestApp({ chain });
    [viewer, support, finance] = [
      await operatorLogin(t.app, 'viewer'),
      await operatorLogin(t.app, 'support'),
      await operatorLogin(t.app, 'finance'),
    ];
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  const withdraw = (auth: Auth, amount: string) =>
    t.injectAs(auth, 'POST /api/funds/withdraw', { asset: 'USDT', amount, fund_password: 'pass-123' });
  const get = (url: string, headers: Auth) => t.app.inject({ method: 'GET', url, headers });
  const putSettings = (headers: Auth, payload: unknown) =>
    t.injectAs(headers, 'PUT /api/admin/money/settings', payload as object);
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

  const reads = [
    '/api/admin/withdrawals',
    '/api/admin/deposits',
    '/api/admin/deposit-reports',
    '/api/admin/money/settings',
    `/api/admin/money/report?from=2026-01-01&to=2026-01-02`,
  ];

  it('every page needs an operator session: none, a forged one and a user’s token are refused; every role reads', async () => {
    const user = await login(t.app);
    for (const url of reads) {
      expect((await t.app.inject({ method: 'GET', url })).json(), url).toMatchObject({ code: 8002 });
      expect((await get(url, { authorization: 'Bearer forged' })).statusCode, url).toBe(401);
      expect((await get(url, user.auth)).json(), url).toMatchObject({ code: 8002 });
      for (const role of [viewer, support, finance])
        expect((await get(url, role)).json(), url).toMatchObject({ code: 0 });
    }
  });

  it('lists withdrawals of every user in their real state, filtered by state, asset and user, page by page', async () => {
    const alice = await t.userWith({ usdt: '5000', fundPassword: 'pass-123' });
    const bob = await t.userWith({ usdt: '500', fundPassword: 'pass-123' });
    const big = (await withdraw(alice.auth, '2000')).json().data.withdrawal;
    const small = (await withdraw(bob.auth, '100')).json().data.withdrawal;
    expect([big.status, small.status]).toEqual(['pending_review', 'queued']);

    const waiting = (await t.injectAs(viewer, 'GET /api/admin/withdrawals?status=pending_review')).json().data.items;
    expect(waiting.map((w: { id: string }) => w.id)).toContain(big.id);
    expect(waiting.find((w: { id: string }) => w.id === big.id)).toMatchObject({
      user: alice.userinfo.bsc.toLowerCase(),
      asset: 'USDT',
      amount: '2000',
      fee: '1.5',
      status: 'pending_review',
      review_reason: 'amount',
      is_stuck: false,
      tx_hash: null,
    });
    expect(waiting.every((w: { status: string }) => w.status === 'pending_review')).toBe(true);

    const bobs = (
      await t.injectAs(viewer, `GET /api/admin/withdrawals?user=${bob.userinfo.bsc.toUpperCase().replace('0X', '0x')}`)
    ).json().data.items;
    expect(bobs.map((w: { id: string }) => w.id)).toEqual([small.id]);
    expect((await t.injectAs(viewer, 'GET /api/admin/withdrawals?asset=WALLX')).json().data.items).toEqual([]);

    const first = (await t.injectAs(viewer, 'GET /api/admin/withdrawals?limit=1')).json().data;
    expect(first.items).toHaveLength(1);
    const second = (await t.injectAs(viewer, `GET /api/admin/withdrawals?limit=1&cursor=${first.next_cursor}`)).json()
      .data;
    expect(Number(second.items[0].id)).toBeLessThan(Number(first.items[0].id));

    expect((await t.injectAs(viewer, 'GET /api/admin/withdrawals?status=processing')).json()).toMatchObject({
      code: 1001,
      data: { field: 'status' },
    });
    expect((await t.injectAs(viewer, 'GET /api/admin/withdrawals?user=alice')).json()).toMatchObject({
      code: 1001,
      data: { field: 'user' },
    });
    expect((await t.injectAs(viewer, 'GET /api/admin/withdrawals?cursor=nonsense')).json()).toMatchObject({
      code: 1001,
      data: { field: 'cursor' },
    });
  });

  it('a rejection needs a reason, refunds amount and fee, and its audit row says what changed', async () => {
    const user = await t.userWith({ usdt: '3000', fundPassword: 'pass-123' });
    const w = (await withdraw(user.auth, '1500')).json().data.withdrawal;
    const review = (payload: object, headers: Auth = finance) =>
      t.injectAs(headers, `POST /api/admin/withdrawals/${w.id}/review`, payload);
    expect((await review({ decision: 'reject' })).json()).toMatchObject({ code: 1001, data: { field: 'note' } });
    expect((await review({ decision: 'reject', note: ' x ' })).json()).toMatchObject({
      code: 1001,
      data: { field: 'note' },
    });
    expect((await review({ decision: 'maybe' })).json()).toMatchObject({ code: 1001, data: { field: 'decision' } });
    expect((await review({ decision: 'reject', note: 'Address flagged by compliance' }, viewer)).json()).toMatchObject({
      code: 1006,
    });
    expect((await review({ decision: 'reject', note: 'Address flagged by compliance' })).json().data.status).toBe(
      'rejected',
    );
    expect((await t.injectAs(user, 'GET /api/user/info')).json().data.balance.usdt).toBe('3000');
    const [row] = await t.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject_type', '=', 'withdrawal')
      .where('subject_id', '=', w.id)
      .execute();
    expect(row).toMatchObject({ operator: testOperators.finance.address.toLowerCase(), action: 'withdrawal.reject' });
    expect(row!.detail).toMatchObject({
      before: { status: 'pending_review', amount: '1500', fee: '1.5' },
      after: { status: 'rejected' },
      note: 'Address flagged by compliance',
    });
    const [listed] = (await t.injectAs(viewer, `GET /api/admin/withdrawals?user=${user.userinfo.bsc}`)).json().data
      .items;
    expect(listed).toMatchObject({
      status: 'rejected',
      failure_reason: 'rejected by operator: Address flagged by compliance',
    });
  });

  it('an approval and rejections of one withdrawal at once, as a script sends them: exactly one rejection wins, refunded once; the approval takes a proposal', async () => {
    const user = await t.userWith({ usdt: '3000', fundPassword: 'pass-123' });
    const w = (await withdraw(user.auth, '1500')).json().data.withdrawal;
    const decide = (payload: object) => t.injectAs(finance, `POST /api/admin/withdrawals/${w.id}/review`, payload);
    const answers = await Promise.all([
      decide({ decision: 'approve' }),
      decide({ decision: 'reject', note: 'duplicate request' }),
      decide({ decision: 'reject', note: 'duplicate request' }),
    ]);
    const won = answers.filter((a) => a.json().code === 0);
    expect(won).toHaveLength(1);
    expect(won[0]!.json().data.status).toBe('rejected');
    // The approval is refused either way: it needs two operators (8601), or the withdrawal was already rejected (3016).
    expect([8601, 3016]).toContain(answers[0]!.json().code);
    expect(answers.slice(1).filter((a) => a.json().code === 3016)).toHaveLength(1);
    expect((await t.injectAs(user, 'GET /api/user/info')).json().data.balance.usdt).toBe('3000');
    const rows = await t.database.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject_type', '=', 'withdrawal')
      .where('subject_id', '=', w.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('lists credited deposits and the deposits users reported, with filters and pages', async () => {
    const user = await login(t.app);
    const userId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', user.userinfo.bsc.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
    const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
    for (const [n, asset] of [
      [1, 'USDT'],
      [2, 'WALLX'],
      [3, 'USDT'],
    ] as const) {
      await t.database.db
        .insertInto('deposits')
        .values({
          user_id: userId,
          asset,
          tx_hash: hash(n),
          log_index: 0,
          from_address: user.userinfo.bsc.toLowerCase(),
          amount: `${n}0.5`,
          block_number: String(100 + n),
          block_hash: hash(900 + n),
        })
        .execute();
      await t.database.db
        .insertInto('deposit_reports')
        .values({
          user_id: userId,
          tx_hash: hash(n),
          asset,
          status: n === 2 ? 'failed' : 'credited',
          reason: n === 2 ? 'not to our address' : null,
        })
        .execute();
    }
    const mine = (await t.injectAs(viewer, `GET /api/admin/deposits?user=${user.userinfo.bsc}`)).json().data.items;
    expect(mine.map((d: { tx_hash: string; amount: string }) => [d.tx_hash, d.amount])).toEqual([
      [hash(3), '30.5'],
      [hash(2), '20.5'],
      [hash(1), '10.5'],
    ]);
    expect(mine[0]).toMatchObject({ user: user.userinfo.bsc.toLowerCase(), block_number: '103', log_index: 0 });
    expect(
      (await t.injectAs(viewer, `GET /api/admin/deposits?user=${user.userinfo.bsc}&asset=WALLX`)).json().data.items,
    ).toHaveLength(1);

    const failed = (await t.injectAs(viewer, 'GET /api/admin/deposit-reports?status=failed')).json().data.items;
    expect(failed.find((r: { tx_hash: string }) => r.tx_hash === hash(2))).toMatchObject({
      status: 'failed',
      reason: 'not to our address',
      user: user.userinfo.bsc.toLowerCase(),
    });
    const one = (await t.injectAs(viewer, 'GET /api/admin/deposit-reports?limit=1')).json().data;
    const two = (await t.injectAs(viewer, `GET /api/admin/deposit-reports?limit=1&cursor=${one.next_cursor}`)).json()
      .data;
    expect(two.items[0].tx_hash).not.toBe(one.items[0].tx_hash);
    expect((await t.injectAs(viewer, 'GET /api/admin/deposit-reports?status=lost')).json()).toMatchObject({
      code: 1001,
      data: { field: 'status' },
    });
    expect(
      (
        await t.injectAs(
          viewer,
          `GET /api/admin/deposit-reports?cursor=${Buffer.from('{"v":"1","id":"1"}').toString('base64url')}`,
        )
      ).json(),
    ).toMatchObject({ code: 1001, data: { field: 'cursor' } });
  });

  describe('fees and limits', () => {
    const changed = (version: number, overrides: { fee?: string; min?: string; c2c?: string } = {}) => ({
      version,
      withdraw: {
        USDT: {
          min: overrides.min ?? '50',
          fee: overrides.fee ?? '2.5',
          review_above: '1000',
          hourly_cap: '100000000',
        },
        WALLX: { min: '10', fee: '1', review_above: '100000', hourly_cap: '500000' },
      },
      markets: { mtrade_fee_rate: '0.05', c2c_fee_rate: overrides.c2c ?? '0.02' },
    });

    it('start from the configuration, with the chain settings read-only beside them', async () => {
      const settings = (await t.injectAs(viewer, 'GET /api/admin/money/settings')).json().data;
      expect(settings).toMatchObject({
        version: 0,
        updated_by: null,
        withdraw: { USDT: { min: '20', fee: '1.5', review_above: '1000' } },
        markets: { mtrade_fee_rate: '0.05', c2c_fee_rate: '0.01' },
        chain: {
          name: 'local',
          confirmations: 2,
          deposit_address: chain.depositAddress.toLowerCase(),
          hot_wallet: chain.hotWallet.address.toLowerCase(),
        },
      });
    });

    it('only finance changes them; bad values are refused naming the field, and nothing is written', async () => {
      expect((await putSettings(viewer, changed(0))).json()).toMatchObject({ code: 1006 });
      expect((await putSettings(support, changed(0))).json()).toMatchObject({ code: 1006 });
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/admin/money/settings', payload: changed(0) })).json(),
      ).toMatchObject({ code: 8002 });
      expect((await putSettings(finance, changed(0, { fee: '-1' }))).json()).toMatchObject({
        code: 1001,
        data: { field: 'withdraw.USDT.fee' },
      });
      expect((await putSettings(finance, changed(0, { min: '0' }))).json()).toMatchObject({
        code: 1001,
        data: { field: 'withdraw.USDT.min' },
      });
      expect((await putSettings(finance, changed(0, { c2c: '1.5' }))).json()).toMatchObject({
        code: 1001,
        data: { field: 'markets.c2c_fee_rate' },
      });
      expect((await putSettings(finance, { ...changed(0), version: undefined })).json()).toMatchObject({
        code: 1001,
        data: { field: 'version' },
      });
      expect((await t.injectAs(viewer, 'GET /api/admin/money/settings')).json().data.version).toBe(0);
    });

    it('two operators saving on the same version: exactly one wins, the other is told to reload; the change applies at once and is audited', async () => {
      const answers = await Promise.all([
        putSettings(finance, changed(0, { fee: '2.5' })),
        putSettings(await operatorLogin(t.app, 'admin'), changed(0, { fee: '3' })),
      ]);
      const codes = answers.map((a) => a.json().code).sort();
      expect(codes).toEqual([0, 8501]);
      const winner = answers.find((a) => a.json().code === 0)!.json().data;
      expect(winner.version).toBe(1);
      expect((await t.injectAs(viewer, 'GET /api/admin/money/settings')).json().data).toMatchObject({
        version: 1,
        withdraw: { USDT: { fee: winner.withdraw.USDT.fee, min: '50' } },
      });

      // The app's screens and the rules read the new values from the next request on.
      expect((await t.app.inject({ method: 'GET', url: '/api/funds/withdraw/config' })).json().data.USDT).toEqual({
        min: '50',
        fee: winner.withdraw.USDT.fee,
      });
      const user = await t.userWith({ usdt: '500', fundPassword: 'pass-123' });
      expect((await t.injectAs(user, 'GET /api/markets/config')).json().data).toEqual({
        mtrade_fee_rate: '0.05',
        c2c_fee_rate: '0.02',
      });
      expect((await withdraw(user.auth, '40')).json()).toMatchObject({ code: 3012 });
      const w = (await withdraw(user.auth, '50')).json().data.withdrawal;
      expect(w.fee).toBe(winner.withdraw.USDT.fee);

      const audit = await t.database.db
        .selectFrom('operator_audit')
        .selectAll()
        .where('action', '=', 'money_settings.update')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.detail).toMatchObject({
        before: { version: 0, withdraw: { USDT: { fee: '1.5' } } },
        after: { version: 1, withdraw: { USDT: { fee: winner.withdraw.USDT.fee } } },
      });
      // A save on a version someone else moved past is refused, whatever it says.
      expect((await putSettings(finance, changed(0))).json()).toMatchObject({
        code: 8501,
        data: { field: 'version', version: 1 },
      });
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });
  });

  it('the daily report sums what users’ balances gained and lost, by day, asset and record type, from the ledger', async () => {
    const a = await t.userWith({ usdt: '700', fundPassword: 'pass-123' });
    const b = await login(t.app);
    await t.injectAs(a, 'POST /api/funds/transfer', {
      to: b.userinfo.bsc,
      asset: 'USDT',
      amount: '30',
      fund_password: 'pass-123',
    });
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
