import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors/app-error.js';
import { buildTestApp, login, type TestApp } from '../../test/helpers.js';
import { minus } from '@wallx/shared';
import { checkLedger } from './check.js';
import { createLedger } from './ledger.js';

describe('ledger', () => {
  let t: TestApp;
  const ledger = createLedger();
  let alice: string;
  let bob: string;
  /** A new user's id: zero balances, whatever the other tests did. */
  const ids = async () =>
    (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', (await login(t.app)).userinfo.bsc)
        .executeTakeFirstOrThrow()
    ).id;
  beforeAll(async () => {
    t = await buildTestApp({ adminToken: 'test-admin-token' });
    alice = await ids();
    bob = await ids();
  });
  afterAll(() => t.close());

  const post = (p: Parameters<typeof ledger.post>[1]) =>
    t.database.db.transaction().execute((trx) => ledger.post(trx, p));
  const ref = { type: 'test', id: '1' };

  it('debits and credits the same amount; platform accounts are never updated in place', async () => {
    await post({
      debit: { platform: 'deposits' },
      credit: { user: alice },
      asset: 'USDT',
      amount: '12.5',
      type: 'deposit',
      ref,
    });
    await post({
      debit: { user: alice },
      credit: { platform: 'fees' },
      asset: 'USDT',
      amount: '0.000000000000000001',
      type: 'withdrawal_fee',
      ref,
    });
    const rows = await sql<{
      kind: string;
      balance: string;
    }>`select kind, trim_scale(balance)::text as balance from accounts
      where asset = 'USDT' and (user_id = ${alice} or kind in ('deposits', 'fees')) order by kind`.execute(
      t.database.db,
    );
    expect(rows.rows).toEqual([
      { kind: 'deposits', balance: '0' },
      { kind: 'fees', balance: '0' },
      { kind: 'user', balance: '12.499999999999999999' },
    ]);
    const report = await checkLedger(t.database.db);
    expect(report).toMatchObject({ ok: true, totals: { USDT: '0', WALLX: '0' } });
  });

  it('refuses to overdraw, with the asset’s own message, and changes nothing', async () => {
    // Users of its own: a broke one and one holding a little USDT.
    const [poor, payee] = [await ids(), await ids()];
    await post({
      debit: { platform: 'deposits' },
      credit: { user: payee },
      asset: 'USDT',
      amount: '2.5',
      type: 'deposit',
      ref,
    });
    const before = await checkLedger(t.database.db);
    const payeeUsdt = async () =>
      (
        await sql<{
          b: string;
        }>`select trim_scale(balance)::text as b from accounts where user_id = ${payee} and asset = 'USDT'`.execute(
          t.database.db,
        )
      ).rows[0]!.b;
    const payeeBefore = await payeeUsdt();
    const attempt = post({
      debit: { user: poor },
      credit: { user: payee },
      asset: 'WALLX',
      amount: '1',
      type: { debit: 'transfer_out', credit: 'transfer_in' },
      ref,
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ key: 'insufficient_wallx' });
    expect(await checkLedger(t.database.db)).toEqual(before);
    // Outside any transaction the single statement is all or nothing too: the credit side stays put.
    const alone = ledger.post(t.database.db, {
      debit: { user: poor },
      credit: { user: payee },
      asset: 'USDT',
      amount: '1',
      type: { debit: 'transfer_out', credit: 'transfer_in' },
    });
    await expect(alone).rejects.toMatchObject({ key: 'insufficient_usdt' });
    expect(await payeeUsdt()).toBe(payeeBefore);
    expect(await checkLedger(t.database.db)).toEqual(before);
  });

  it('keeps each platform account’s balance in its slots, equal to its entries, under concurrent postings', async () => {
    const slots = async () =>
      (
        await sql<{ kind: string; balance: string; slots: number; entries: string }>`
          select a.kind, trim_scale(coalesce((select sum(balance) from platform_balances where account_id = a.id), 0))::text as balance,
            (select count(*) from platform_balances where account_id = a.id)::int as slots,
            trim_scale(coalesce((select sum(amount) from ledger_entries where account_id = a.id), 0))::text as entries
          from accounts a where a.user_id is null and a.asset = 'USDT' and a.kind in ('deposits', 'fees', 'staking_pool')
          order by a.kind`.execute(t.database.db)
      ).rows;
    const carol = await ids();
    const before = await slots();
    await post({
      debit: { platform: 'deposits' },
      credit: { user: carol },
      asset: 'USDT',
      amount: '100',
      type: 'deposit',
      ref,
    });
    // Forty postings at once, a user's fee and a fee's share to the pool (two platform sides) each.
    await Promise.all(
      Array.from({ length: 40 }, () =>
        t.database.db.transaction().execute(async (trx) => {
          await ledger.post(trx, {
            debit: { user: carol },
            credit: { platform: 'fees' },
            asset: 'USDT',
            amount: '0.25',
            type: 'withdrawal_fee',
            ref,
          });
          await ledger.post(trx, {
            debit: { platform: 'fees' },
            credit: { platform: 'staking_pool' },
            asset: 'USDT',
            amount: '0.05',
            type: 'staking_fee_share',
            ref,
          });
        }),
      ),
    );
    const after = await slots();
    // What moved, and each balance its entries' sum. The deposits' balance only goes down (the decimal
    // helpers know no sign): compare what it owes.
    const owed = (balance: string) => balance.replace(/^-/, '');
    const [deposits, fees, pool] = after.map((row, i) => ({ row, before: before[i]!.balance }));
    expect(after.every((row) => row.balance === row.entries)).toBe(true);
    expect([
      minus(owed(deposits!.row.balance), owed(deposits!.before)),
      minus(fees!.row.balance, fees!.before),
      minus(pool!.row.balance, pool!.before),
    ]).toEqual(['100', '8', '2']);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  // PGlite has one connection: two transactions at once are PostgreSQL's to show.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a posting to a platform account never waits on another transaction holding its slot',
    async () => {
      const [dan, erin] = [await ids(), await ids()];
      for (const user of [dan, erin])
        await post({
          debit: { platform: 'deposits' },
          credit: { user },
          asset: 'USDT',
          amount: '10',
          type: 'deposit',
          ref,
        });
      const fee = (user: string) =>
        ({
          debit: { user },
          credit: { platform: 'fees' },
          asset: 'USDT',
          amount: '1',
          type: 'withdrawal_fee',
          ref,
        }) as const;
      let other: Promise<unknown> = Promise.resolve();
      const outcome = await t.database.db.transaction().execute(async (trx) => {
        await ledger.post(trx, fee(dan));
        // This transaction holds a `fees` slot: another posting to `fees` takes another one, at once.
        other = post(fee(erin));
        return Promise.race([
          other.then(() => 'posted'),
          new Promise((resolve) => setTimeout(() => resolve('waited'), 5_000)),
        ]);
      });
      await other;
      expect(outcome).toBe('posted');
      expect((await checkLedger(t.database.db)).problems).toEqual([]);
    },
  );

  it('rejects nonsense postings as programming errors', async () => {
    await expect(
      post({ debit: { user: alice }, credit: { user: alice }, asset: 'USDT', amount: '1', type: 'deposit', ref }),
    ).rejects.toThrow(/same account/);
    await expect(
      post({
        debit: { platform: 'fees' },
        credit: { platform: 'fees' },
        asset: 'USDT',
        amount: '1',
        type: 'staking_fee_share',
        ref,
      }),
    ).rejects.toThrow(/same account/);
    for (const amount of ['0', '-1', '1e3', '0.0000000000000000001', 'abc']) {
      await expect(
        post({ debit: { platform: 'deposits' }, credit: { user: alice }, asset: 'USDT', amount, type: 'deposit', ref }),
      ).rejects.toThrow(/positive decimal/);
    }
  });

  it('entries cannot be changed or deleted', async () => {
    await expect(sql`update ledger_entries set amount = 1`.execute(t.database.db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from ledger_entries`.execute(t.database.db)).rejects.toThrow(/immutable/);
  });

  it('the check names a withdrawal without its debit, one debited twice, and one paid and refunded', async () => {
    const carol = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', (await login(t.app)).userinfo.bsc)
        .executeTakeFirstOrThrow()
    ).id;
    await post({
      debit: { platform: 'deposits' },
      credit: { user: carol },
      asset: 'USDT',
      amount: '1000',
      type: 'deposit',
      ref,
    });
    const withdrawal = async (status: 'queued' | 'completed' | 'rejected', debits: number, refund: boolean) => {
      const row = await t.database.db
        .insertInto('withdrawals')
        .values({ user_id: carol, asset: 'USDT', amount: '100', fee: '0', to_address: `0x${'ab'.repeat(20)}`, status })
        .returning('id')
        .executeTakeFirstOrThrow();
      const wref = { type: 'withdrawal', id: row.id };
      for (let i = 0; i < debits; i++)
        await post({
          debit: { user: carol },
          credit: { platform: 'withdrawals' },
          asset: 'USDT',
          amount: '100',
          type: 'withdrawal',
          ref: wref,
        });
      if (refund)
        await post({
          debit: { platform: 'withdrawals' },
          credit: { user: carol },
          asset: 'USDT',
          amount: '100',
          type: 'withdrawal_refund',
          ref: wref,
        });
      return row.id;
    };
    const fine = [await withdrawal('completed', 1, false), await withdrawal('rejected', 1, true)];
    const orphan = await withdrawal('queued', 0, false);
    const twice = await withdrawal('queued', 2, false);
    const paidAndRefunded = await withdrawal('completed', 1, true);
    const problems = (await checkLedger(t.database.db)).problems.filter((p) => p.problem.startsWith('withdrawal'));
    expect(problems.map((p) => [p.problem, p.detail.split(' ')[1]])).toEqual([
      ['withdrawal without its debit', orphan],
      ['withdrawal debited wrongly', twice],
      ['withdrawal paid twice', paidAndRefunded],
    ]);
    expect(problems.map((p) => p.detail).join()).not.toMatch(new RegExp(`withdrawal (${fine.join('|')}) `));
  });

  it('the check names a balance that differs from its entries, and a one-sided entry', async () => {
    const bobAccount = await t.database.db
      .selectFrom('accounts')
      .select('id')
      .where('user_id', '=', bob)
      .where('asset', '=', 'USDT')
      .executeTakeFirstOrThrow();
    await sql`update accounts set balance = 5 where id = ${bobAccount.id}`.execute(t.database.db);
    const deposits = await t.database.db
      .selectFrom('accounts')
      .select('id')
      .where('kind', '=', 'deposits')
      .where('asset', '=', 'WALLX')
      .executeTakeFirstOrThrow();
    await sql`insert into ledger_entries (transaction_id, account_id, counterpart_account_id, type, amount)
      values (nextval('ledger_transaction_seq'), ${deposits.id}, ${deposits.id}, 'deposit', 3)`.execute(t.database.db);

    await sql`insert into ledger_entries (transaction_id, account_id, counterpart_account_id, type, amount)
      values (nextval('ledger_transaction_seq'), 999999, 999999, 'deposit', 1)`.execute(t.database.db);

    const report = await checkLedger(t.database.db);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ problem: 'transaction does not balance' }),
        expect.objectContaining({ problem: 'entry of a missing account', account_id: '999999' }),
        expect.objectContaining({ problem: 'asset does not sum to zero', asset: 'WALLX' }),
        // The one-sided entry never reached the deposits' balance slots.
        expect.objectContaining({
          problem: 'platform balance differs from its entries',
          account_id: deposits.id,
          detail: expect.stringMatching(/^deposits: slots sum .*, entries sum /),
        }),
        expect.objectContaining({
          problem: 'balance differs from its entries',
          account_id: bobAccount.id,
          asset: 'USDT',
          detail: 'balance 5.000000000000000000, entries sum 0',
        }),
      ]),
    );

    // The running server answers the same report to the CLI, only with its token.
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/internal/ledger_check',
      headers: { 'x-wallx-admin-token': 'nope' },
    });
    expect(denied.statusCode).toBe(403);
    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/internal/ledger_check',
      headers: { 'x-wallx-admin-token': 'test-admin-token' },
    });
    expect(answered.json().data.ok).toBe(false);
  });
});
