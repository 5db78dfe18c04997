import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plus } from '@wallx/shared';
import type { Trx } from '../../platform/db/database.js';
import { buildTestApp, login, type TestApp } from '../../test/helpers.js';
import { checkLedger } from '../ledger/check.js';
import { createLedger } from '../ledger/ledger.js';
import { CHECKIN_SETTINGS_DEFAULTS, createRewards } from './rewards.js';

describe('the rewards budget', () => {
  let t: TestApp;
  const rewards = createRewards({ ledger: createLedger() });
  const newUser = async () =>
    (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', (await login(t.app)).userinfo.bsc)
        .executeTakeFirstOrThrow()
    ).id;
  const inTrx = <T>(work: (trx: Trx) => Promise<T>) => t.database.db.transaction().execute(work);
  const rewardsAccount = async () =>
    (
      await sql<{ total: string }>`
        select coalesce(trim_scale(sum(e.amount)), 0)::text as total from ledger_entries e
        join accounts a on a.id = e.account_id where a.kind = 'rewards' and a.user_id is null`.execute(t.database.db)
    ).rows[0]!.total;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('pays nothing from an empty budget, and changes nothing', async () => {
    const user = await newUser();
    const paid = await inTrx(async (trx) =>
      rewards.pay(trx, { userId: user, amount: '1', type: 'checkin_reward', ref: { type: 'test', id: 'empty' } }),
    );
    expect(paid).toBeNull();
    expect(await rewards.balance(t.database.db)).toBe('0');
    expect(await rewardsAccount()).toBe('0');
  });

  it('racing payments take the last units exactly once, and the books agree with the budget', async () => {
    await inTrx((trx) => rewards.fund(trx, '10', { type: 'test', id: 'fund' }));
    expect(await rewards.balance(t.database.db)).toBe('10');
    const users = await Promise.all(Array.from({ length: 15 }, () => newUser()));
    const results = await Promise.all(
      users.map((userId, i) =>
        inTrx((trx) =>
          rewards.pay(trx, { userId, amount: '1', type: 'checkin_reward', ref: { type: 'test', id: `r${i}` } }),
        ),
      ),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(10);
    expect(await rewards.balance(t.database.db)).toBe('0');
    expect(await rewardsAccount()).toBe('0');
    const credited = await sql<{ n: string }>`
      select count(*)::text as n from accounts where kind = 'user' and asset = 'WALLX' and balance = 1
        and user_id = any(${users}::bigint[])`.execute(t.database.db);
    expect(credited.rows[0]!.n).toBe('10');
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('a payment rolled back with its transaction leaves the budget as it was', async () => {
    await inTrx((trx) => rewards.fund(trx, '3', { type: 'test', id: 'fund2' }));
    const user = await newUser();
    await expect(
      inTrx(async (trx) => {
        await rewards.pay(trx, { userId: user, amount: '2', type: 'streak_bonus', ref: { type: 'test', id: 'rb' } });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await rewards.balance(t.database.db)).toBe('3');
    expect(await rewardsAccount()).toBe('3');
  });

  it('answers the defaults until operators approve a change', async () => {
    expect(await rewards.settings(t.database.db)).toMatchObject({ values: CHECKIN_SETTINGS_DEFAULTS, version: 0 });
  });

  it('ledger:check reports a budget row that differs from the rewards account, and is clean once they agree', async () => {
    await inTrx((trx) => rewards.fund(trx, '4', { type: 'test', id: 'fund-check' }));
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
    const held = await rewards.balance(t.database.db);
    expect(held).toBe(await rewardsAccount());

    // A budget raised by hand, without a posting: the budget would pay out what the books do not hold.
    await sql`update rewards_budget set balance = balance + 2.5 where asset = 'WALLX'`.execute(t.database.db);
    const report = await checkLedger(t.database.db);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      {
        problem: 'rewards budget differs from its account',
        asset: 'WALLX',
        detail: `rewards_budget ${plus(held, '2.5')}, rewards account entries sum ${held}`,
      },
    ]);

    // Lowered below the account: reported too.
    await sql`update rewards_budget set balance = 0 where asset = 'WALLX'`.execute(t.database.db);
    expect((await checkLedger(t.database.db)).problems.map((p) => p.problem)).toEqual([
      'rewards budget differs from its account',
    ]);
    await sql`update rewards_budget set balance = ${held}::numeric where asset = 'WALLX'`.execute(t.database.db);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });
});
