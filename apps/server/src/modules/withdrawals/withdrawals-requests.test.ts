import { sql } from 'kysely';
import { parseUnits } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChainContext } from '../../platform/chain/context.js';
import {
  buildTestApp,
  checkBooks,
  operatorLogin,
  type Session,
  type TestApp,
  testOperators,
} from '../../test/helpers.js';
import { type Anvil, startWithdrawals, withdrawalsHelpers } from './withdrawals.fixtures.js';

describe('withdrawals paid on chain', () => {
  let chain: ChainContext;
  let t: TestApp;
  let finance: { authorization: string };
  let anvil: Anvil;
  let base: string;
  beforeAll(async () => {
    ({ chain, anvil, t, finance, base } = await startWithdrawals());
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });
  const { withdraw, onChain, balance } = withdrawalsHelpers(() => ({ t, chain, anvil }));

  it('checks the amount, the fee and the balance with the spec’s messages', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    expect((await withdraw(user, '25')).json()).toMatchObject({
      code: 3014,
      message: 'Withdrawal amount must be a multiple of 10',
      data: { field: 'amount' },
    });
    expect((await withdraw(user, '10')).json()).toMatchObject({
      code: 3012,
      message: 'Withdrawal amount too small',
    });
    expect((await withdraw(user, '110')).json()).toMatchObject({
      code: 3002,
      message: 'Insufficient USDT balance',
    });
    expect((await withdraw(user, '100')).json()).toMatchObject({
      code: 3004,
      message: 'balance insufficient for fee',
    });
    expect((await withdraw(user, '1.5')).json()).toMatchObject({ code: 1001, data: { field: 'amount' } });
    expect(await balance(user.auth)).toEqual({ usdt: '100', wallx: '0' });
  });

  it('six withdrawals of 280 at once without a key, from 281.5: one is accepted, and the chain pays exactly what the books debited', async () => {
    const user = await t.userWith({ usdt: '281.5', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    // As a script sends them: no Idempotency-Key, all at once, over real HTTP.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        fetch(`${base}/api/funds/withdraw`, {
          method: 'POST',
          headers: { ...user.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ asset: 'USDT', amount: '280', fund_password: 'pass-123' }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: number } })),
      ),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.body.code !== 0).map((a) => `${a.status}/${a.body.code}`))).toEqual(
      new Set(['409/3002']),
    );
    const rows = await t.database.db
      .selectFrom('withdrawals')
      .select(['id', 'status'])
      .where('to_address', '=', address.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
    expect(await balance(user.auth)).toEqual({ usdt: '0', wallx: '0' });

    await t.app.payouts!.processOnce();
    await anvil.mine({ blocks: 2 });
    await t.app.payouts!.processOnce();
    expect(await onChain(address)).toBe(before + parseUnits('280', 18));
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('takes amount and fee at once, pays the user’s own address from the hot wallet, completes after confirmations', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    const response = await withdraw(user, '50', { 'idempotency-key': 'w-1' });
    expect(response.json().data.withdrawal).toMatchObject({
      status: 'queued',
      amount: '50',
      fee: '1.5',
      to_address: address.toLowerCase(),
    });
    expect((await withdraw(user, '50', { 'idempotency-key': 'w-1' })).json().data.withdrawal.id).toBe(
      response.json().data.withdrawal.id,
    );
    expect(await balance(user.auth)).toEqual({ usdt: '48.5', wallx: '0' });

    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    const list = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
    expect(list[0]).toMatchObject({ status: 'broadcast', tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    await anvil.mine({ blocks: 2 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
    expect(await onChain(address)).toBe(before + parseUnits('50', 18));
    const records = (await t.injectAs(user, 'GET /api/funds/records')).json().data.items;
    expect(records.slice(0, 2).map((r: { type: string; amount: string }) => [r.type, r.amount])).toEqual([
      ['withdrawal_fee', '-1.5'],
      ['withdrawal', '-50'],
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('above the threshold waits for an operator: reject refunds amount and fee, with an audit record', async () => {
    const user = await t.userWith({ usdt: '5000', fundPassword: 'pass-123' });
    const w = (await withdraw(user, '2000')).json().data.withdrawal;
    expect(w.status).toBe('pending_review');
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
    const review = async (decision: string, headers: { authorization: string } = finance) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${w.id}/review`,
        headers,
        payload: { decision, note: 'kyc' },
      });
    expect((await review('reject', { authorization: 'Bearer forged' })).json()).toMatchObject({ code: 8002 });
    expect((await review('reject', user.auth)).statusCode).toBe(401);
    expect((await review('reject', await operatorLogin(t.app, 'support'))).json()).toMatchObject({ code: 1006 });
    expect((await review('reject')).json().data.status).toBe('rejected');
    expect((await review('approve')).json()).toMatchObject({ code: 3016 });
    expect(await balance(user.auth)).toEqual({ usdt: '5000', wallx: '0' });
    const audit = await t.database.db.selectFrom('operator_audit').selectAll().where('subject_id', '=', w.id).execute();
    expect(audit.map((a) => [a.operator, a.action])).toEqual([
      [testOperators.finance.address.toLowerCase(), 'withdrawal.reject'],
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a frozen account cannot withdraw; a wrong fund password moves nothing', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    expect((await withdraw(user, '30')).json().data.withdrawal.status).toBe('queued');
    const wrong = await t.injectAs(user, 'POST /api/funds/withdraw', {
      asset: 'USDT',
      amount: '30',
      fund_password: 'nope-123',
    });
    expect(wrong.json()).toMatchObject({
      code: 3007,
      message: 'Incorrect fund password. Tries left before a 15-minute lock: 4',
      data: { field: 'fund_password' },
    });
    expect(await balance(user.auth)).toEqual({ usdt: '68.5', wallx: '0' });
    await t.database.db
      .updateTable('users')
      .set({ is_frozen: true })
      .where('address', '=', user.userinfo.bsc)
      .execute();
    expect((await withdraw(user, '30')).json()).toMatchObject({ code: 1005, message: 'Account frozen' });
    expect(await balance(user.auth)).toEqual({ usdt: '68.5', wallx: '0' });
    await t.database.db
      .updateTable('users')
      .set({ is_frozen: false })
      .where('address', '=', user.userinfo.bsc)
      .execute();
    await t.app.payouts!.processOnce();
    await anvil.mine({ blocks: 2 });
    await t.app.payouts!.processOnce();
  });

  describe('limits that splitting cannot beat', () => {
    let limited: TestApp;
    // A second server instance on the same database: its fund-password checks do not queue behind
    // the first one's, so two requests of one user really run at the same time.
    let other: TestApp;
    const limits = { min: '10', fee: '1', reviewAbove: '1000', hourlyCap: '5000' };
    // A database of its own per test, on the same chain: the hourly cap counts only that test's
    // withdrawals, whichever of the two runs first.
    beforeEach(async () => {
      const limitedChain = { ...chain, withdraw: { USDT: limits, WALLX: limits } };
      limited = await buildTestApp({ chain: limitedChain });
      other = await buildTestApp({ chain: limitedChain, database: limited.database, keys: limited.keys });
    });
    afterEach(async () => {
      await other.close();
      await limited.close();
    });

    const limitedUser = (usdt: string) => limited.userWith({ usdt, fundPassword: 'pass-123' });
    const send = (who: Session, amount: string, via: TestApp = limited) =>
      via.injectAs(who, 'POST /api/funds/withdraw', { asset: 'USDT', amount, fund_password: 'pass-123' });
    const reviewOf = async (id: string) =>
      limited.database.db
        .selectFrom('withdrawals')
        .select(['status', 'review_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it('the review threshold applies to a user’s last 24 hours together, also when the halves race', async () => {
      const user = await limitedUser('5000');
      const first = (await send(user, '600')).json().data.withdrawal;
      expect(await reviewOf(first.id)).toEqual({ status: 'queued', review_reason: null });
      const second = (await send(user, '600')).json().data.withdrawal;
      expect(second.status).toBe('pending_review');
      expect(await reviewOf(second.id)).toEqual({ status: 'pending_review', review_reason: 'daily_total' });
      expect((await reviewOf((await send(user, '1010')).json().data.withdrawal.id)).review_reason).toBe('amount');

      // Two halves at once, one through each instance: the second sees the first, whichever runs first.
      const racers = await Promise.all(Array.from({ length: 6 }, () => limitedUser('5000')));
      const answers = await Promise.all(
        racers.map((racer) => Promise.all([send(racer, '600'), send(racer, '600', other)])),
      );
      for (const both of answers) {
        expect(both.map((r) => r.json().data.withdrawal.status).sort()).toEqual(['pending_review', 'queued']);
      }
    });

    it('past the platform’s hourly cap, further withdrawals wait for review', async () => {
      const hour = async () => {
        const { rows } = await sql<{
          total: string;
        }>`select trim_scale(coalesce(sum(amount), 0))::text as total from withdrawals
          where status in ('queued', 'broadcast', 'held', 'completed')`.execute(limited.database.db);
        return BigInt(rows[0]!.total);
      };
      // Each user stays under the threshold; together they pass the cap.
      while ((await hour()) + 900n <= 5000n) {
        const user = await limitedUser('1000');
        expect((await send(user, '900')).json().data.withdrawal.status).toBe('queued');
      }
      const late = await limitedUser('1000');
      const held = (await send(late, '900')).json().data.withdrawal;
      expect(await reviewOf(held.id)).toEqual({ status: 'pending_review', review_reason: 'hourly_cap' });
      expect((await checkBooks(limited.database)).problems).toEqual([]);
    });
  });

  it('the platform accounts match the chain: deposits credited and payouts made', async () => {
    const platform = async (kind: string) => {
      const { rows } = await sql<{ total: string }>`select coalesce(trim_scale(sum(e.amount)), 0)::text as total
        from ledger_entries e join accounts a on a.id = e.account_id where a.kind = ${kind} and a.asset = 'USDT'`.execute(
        t.database.db,
      );
      return parseUnits(rows[0]!.total, 18);
    };
    // Withdrawals not refunded hold their amount in the platform's withdrawals account until paid;
    // the completed ones left the hot wallet on chain.
    const open = await sql<{
      status: string;
      total: string;
    }>`select status, coalesce(trim_scale(sum(amount)), 0)::text as total
      from withdrawals where asset = 'USDT' and status not in ('refunded', 'rejected') group by status`.execute(
      t.database.db,
    );
    const held = open.rows.reduce((sum, r) => sum + parseUnits(r.total, 18), 0n);
    expect(await platform('withdrawals')).toBe(held);
    const completed = parseUnits(open.rows.find((r) => r.status === 'completed')?.total ?? '0', 18);
    const paidOnChain = parseUnits('1000000', 18) - (await onChain(chain.hotWallet.address));
    expect(paidOnChain).toBe(completed);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
