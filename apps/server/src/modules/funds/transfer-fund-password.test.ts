import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, checkBooks, login, type TestApp } from '../../test/helpers.js';
import { transferHelpers } from './transfer.fixtures.js';

describe('internal transfer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const { transfer, balance } = transferHelpers(() => t);

  it('needs the fund password set and correct', async () => {
    const bob = await login(t.app);
    const noPassword = await t.userWith({ usdt: '5' });
    const unset = await transfer(noPassword, {
      to: bob.account.address,
      asset: 'USDT',
      amount: '1',
      fund_password: 'whatever',
    });
    expect(unset.json()).toMatchObject({ code: 3009, message: 'Please set a fund password first' });

    const alice = await t.userWith({ usdt: '5', fundPassword: 'pass-123' });
    const wrong = await transfer(alice, {
      to: bob.account.address,
      asset: 'USDT',
      amount: '1',
      fund_password: 'wrong-1',
    });
    expect(wrong.json()).toMatchObject({
      code: 3007,
      message: 'Incorrect fund password. Tries left before a 15-minute lock: 4',
    });
    expect(await balance(alice)).toEqual({ usdt: '5', wallx: '0' });
  });

  it('five wrong fund passwords lock transfers; the sixth try, even right, gets the lock and moves nothing', async () => {
    const alice = await t.userWith({ usdt: '100', wallx: '3', fundPassword: 'pass-123' });
    const bob = await login(t.app);
    const send = (fund_password: string) =>
      transfer(alice, { to: bob.account.address, asset: 'USDT', amount: '10', fund_password });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await send(`wrong-${i}`)).json().code);
    expect(codes).toEqual([3007, 3007, 3007, 3007, 3008]);
    const locked = await send('pass-123');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 3008,
      message: 'Too many wrong fund passwords, try again in 15 minutes',
      data: { field: 'fund_password' },
    });

    expect(await balance(alice)).toEqual({ usdt: '100', wallx: '3' });
    expect(await balance(bob)).toEqual({ usdt: '0', wallx: '0' });
    for (const who of [alice, bob]) {
      expect((await t.injectAs(who, 'GET /api/funds/transfers')).json().data).toEqual({ items: [], next_cursor: null });
    }
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  // The count was read, then written after Argon2: parallel guesses on each instance got five tries each.
  it('eight parallel wrong fund passwords across two server instances are five tries, then the lock', async () => {
    const other = await buildTestApp({ database: t.database, keys: t.keys });
    try {
      const alice = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
      const bob = await login(t.app);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 === 0 ? t : other).injectAs(alice, 'POST /api/funds/transfer', {
            to: bob.account.address,
            asset: 'USDT',
            amount: '10',
            fund_password: `wrong-${i}`,
          }),
        ),
      );
      const codes = answers.map((answer) => answer.json().code).sort();
      expect(codes).toEqual([3007, 3007, 3007, 3007, 3008, 3008, 3008, 3008]);
      const row = await t.database.db
        .selectFrom('users')
        .select(['fund_password_failures', 'fund_password_locked_until'])
        .where('address', '=', alice.userinfo.bsc)
        .executeTakeFirstOrThrow();
      expect(row.fund_password_locked_until!.getTime()).toBeGreaterThan(Date.now());
      // Locked means locked: the right password is refused too, on either instance.
      const right = await other.injectAs(alice, 'POST /api/funds/transfer', {
        to: bob.account.address,
        asset: 'USDT',
        amount: '10',
        fund_password: 'pass-123',
      });
      expect(right.json().code).toBe(3008);
      expect(await balance(alice)).toEqual({ usdt: '100', wallx: '0' });
    } finally {
      await other.app.close();
    }
  });

  it('tries a crash left unanswered become a lock after a short wait, not a count stuck at five', async () => {
    const alice = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const bob = await login(t.app);
    // Five reserved tries and no lock: what five checks killed during Argon2 leave behind.
    await t.database.db
      .updateTable('users')
      .set({ fund_password_failures: 5, fund_password_locked_until: null })
      .where('address', '=', alice.userinfo.bsc)
      .execute();
    const stuck = await transfer(alice, {
      to: bob.account.address,
      asset: 'USDT',
      amount: '10',
      fund_password: 'pass-123',
    });
    expect(stuck.json()).toMatchObject({ code: 3008, data: { field: 'fund_password' } });
    const row = await t.database.db
      .selectFrom('users')
      .select('fund_password_locked_until as until')
      .where('address', '=', alice.userinfo.bsc)
      .executeTakeFirstOrThrow();
    expect(row.until!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // When that lock runs out, the count starts afresh and the right password works.
    await t.database.db
      .updateTable('users')
      .set({ fund_password_locked_until: new Date(Date.now() - 1000) })
      .where('address', '=', alice.userinfo.bsc)
      .execute();
    expect(
      (
        await transfer(alice, { to: bob.account.address, asset: 'USDT', amount: '10', fund_password: 'pass-123' })
      ).json().code,
    ).toBe(0);
  });

  it('when the lock runs out, transfers work again and the count of wrong tries starts afresh', async () => {
    const alice = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const bob = await login(t.app);
    const send = (fund_password: string) =>
      transfer(alice, { to: bob.account.address, asset: 'USDT', amount: '10', fund_password });
    for (let i = 0; i < 5; i++) await send(`wrong-${i}`);
    expect((await send('pass-123')).json().code).toBe(3008);
    // The 15 minutes pass (the lock's end is data: moved into the past rather than waited for).
    const lockedUntil = () =>
      t.database.db
        .selectFrom('users')
        .select('fund_password_locked_until as until')
        .where('address', '=', alice.userinfo.bsc)
        .executeTakeFirstOrThrow();
    const { until } = await lockedUntil();
    expect(until!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    await t.database.db
      .updateTable('users')
      .set({ fund_password_locked_until: new Date(Date.now() - 1000) })
      .where('address', '=', alice.userinfo.bsc)
      .execute();
    // A wrong try is one of five again, not a new lock…
    expect((await send('wrong-again')).json().code).toBe(3007);
    // …and the right one moves the money.
    const done = await send('pass-123');
    expect(done.json().code).toBe(0);
    expect(await balance(alice)).toEqual({ usdt: '90', wallx: '0' });
    expect(await balance(bob)).toEqual({ usdt: '10', wallx: '0' });
    expect((await lockedUntil()).until).toBeNull();
  });
});
