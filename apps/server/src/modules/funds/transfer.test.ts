import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  checkBooks,
  login,
  newWallet,
  setFundPassword,
  type Session,
  type TestApp,
} from '../../test/helpers.js';

describe('internal transfer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const transfer = (who: Session, payload: object, headers: Record<string, string> = {}) =>
    t.injectAs(who, 'POST /api/funds/transfer', payload, headers);
  const balance = async (who: Session) => (await t.injectAs(who, 'GET /api/user/info')).json().data.balance;

  it('moves whole units to another user and records both sides', async () => {
    const alice = await t.userWith({ usdt: '100', wallx: '7', fundPassword: 'pass-123' });
    const bob = await login(t.app);
    const response = await transfer(alice, {
      to: bob.account.address,
      asset: 'USDT',
      amount: '40',
      fund_password: 'pass-123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.transfer).toMatchObject({
      direction: 'out',
      counterpart: bob.userinfo.bsc,
      asset: 'USDT',
      amount: '40',
    });
    expect(await balance(alice)).toEqual({ usdt: '60', wallx: '7' });
    expect(await balance(bob)).toEqual({ usdt: '40', wallx: '0' });

    const aliceRecords = (await t.injectAs(alice, 'GET /api/funds/records?asset=USDT')).json().data;
    expect(
      aliceRecords.items.map((r: { type: string; amount: string; balance_after: string }) => [
        r.type,
        r.amount,
        r.balance_after,
      ]),
    ).toEqual([
      ['transfer_out', '-40', '60'],
      ['deposit', '100', '100'],
    ]);
    const bobTransfers = (await t.injectAs(bob, 'GET /api/funds/transfers')).json().data;
    expect(bobTransfers.items).toEqual([
      expect.objectContaining({ direction: 'in', counterpart: alice.userinfo.bsc, amount: '40' }),
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it.each([
    [{ amount: '0' }, 'amount'],
    [{ amount: '1.5' }, 'amount'],
    [{ amount: '-3' }, 'amount'],
    [{ amount: 5 }, 'amount'],
    [{ amount: undefined }, 'amount'],
    [{ asset: 'BTC' }, 'asset'],
    [{ fund_password: '' }, 'fund_password'],
  ])('rejects bad input %j naming %s', async (override, field) => {
    const alice = await t.userWith({ usdt: '10', fundPassword: 'pass-123' });
    const response = await transfer(alice, {
      to: newWallet().address,
      asset: 'USDT',
      amount: '1',
      fund_password: 'pass-123',
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 1001, data: { field } });
  });

  it('refuses an invalid or unregistered recipient, and oneself', async () => {
    const alice = await t.userWith({ usdt: '10', fundPassword: 'pass-123' });
    for (const to of ['0x123', 'not-an-address', newWallet().address]) {
      const response = await transfer(alice, { to, asset: 'USDT', amount: '1', fund_password: 'pass-123' });
      expect(response.json()).toMatchObject({ code: 3005, message: 'Invalid wallet account', data: { field: 'to' } });
    }
    const self = await transfer(alice, {
      to: alice.account.address.toUpperCase().replace('0X', '0x'),
      asset: 'USDT',
      amount: '1',
      fund_password: 'pass-123',
    });
    expect(self.json()).toMatchObject({ code: 3006, message: 'Cannot transfer to yourself' });
    expect(await balance(alice)).toEqual({ usdt: '10', wallx: '0' });
  });

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
    expect(wrong.json()).toMatchObject({ code: 3007, message: 'Incorrect fund password' });
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

  it('refuses more than the balance, per asset', async () => {
    const alice = await t.userWith({ usdt: '5', wallx: '2', fundPassword: 'pass-123' });
    const bob = await login(t.app);
    const usdt = await transfer(alice, {
      to: bob.account.address,
      asset: 'USDT',
      amount: '6',
      fund_password: 'pass-123',
    });
    expect(usdt.statusCode).toBe(409);
    expect(usdt.json()).toMatchObject({ code: 3002, message: 'Insufficient USDT balance' });
    const wallx = await transfer(alice, {
      to: bob.account.address,
      asset: 'WALLX',
      amount: '3',
      fund_password: 'pass-123',
    });
    expect(wallx.json()).toMatchObject({ code: 3001, message: 'Insufficient WALLX balance' });
    // The balance is checked before the fund password: a transfer that cannot be paid spends no try of the lock.
    const guessed = await transfer(alice, {
      to: bob.account.address,
      asset: 'USDT',
      amount: '6',
      fund_password: 'wrong-1',
    });
    expect(guessed.json()).toMatchObject({ code: 3002, data: { field: 'amount' } });
    const tries = await t.database.db
      .selectFrom('users')
      .select('fund_password_failures')
      .where('address', '=', alice.userinfo.bsc)
      .executeTakeFirstOrThrow();
    expect(tries.fund_password_failures).toBe(0);
    expect(await balance(alice)).toEqual({ usdt: '5', wallx: '2' });
    // Nothing was written for the refused transfers.
    const records = (await t.injectAs(alice, 'GET /api/funds/records')).json().data.items;
    expect(records.map((r: { type: string }) => r.type)).toEqual(['deposit', 'deposit']);
  });

  it('a frozen account cannot transfer', async () => {
    const alice = await t.userWith({ usdt: '5', fundPassword: 'pass-123' });
    const bob = await login(t.app);
    await t.database.db
      .updateTable('users')
      .set({ is_frozen: true })
      .where('address', '=', alice.userinfo.bsc)
      .execute();
    const response = await transfer(alice, {
      to: bob.account.address,
      asset: 'USDT',
      amount: '1',
      fund_password: 'pass-123',
    });
    expect(response.json()).toMatchObject({ code: 1005, message: 'Account frozen' });
  });

  it('a retry with the same Idempotency-Key moves money once, even racing the original', async () => {
    const alice = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const bob = await login(t.app);
    const body = { to: bob.account.address, asset: 'USDT', amount: '10', fund_password: 'pass-123' };
    const headers = { 'idempotency-key': 'transfer-abc-1' };
    const responses = await Promise.all([
      transfer(alice, body, headers),
      transfer(alice, body, headers),
      transfer(alice, body, headers),
    ]);
    const ids = new Set(responses.map((r) => r.json().data.transfer.id));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(ids.size).toBe(1);
    const later = await transfer(alice, body, headers);
    expect(later.json().data.transfer.id).toBe([...ids][0]);
    expect(await balance(alice)).toEqual({ usdt: '90', wallx: '0' });

    const different = await transfer(alice, { ...body, amount: '11' }, headers);
    expect(different.statusCode).toBe(409);
    expect(different.json().code).toBe(1007);
    // Keys belong to their user: bob may use the same string.
    await setFundPassword(t.app, bob, 'pass-123');
    const bobs = await transfer(bob, { ...body, to: alice.account.address, amount: '1' }, headers);
    expect(bobs.json().code).toBe(0);
    expect(await balance(alice)).toEqual({ usdt: '91', wallx: '0' });
  });

  it('rejects a malformed Idempotency-Key', async () => {
    const alice = await t.userWith({ usdt: '1', fundPassword: 'pass-123' });
    const response = await transfer(
      alice,
      { to: newWallet().address, asset: 'USDT', amount: '1', fund_password: 'pass-123' },
      { 'idempotency-key': 'bad key!' },
    );
    expect(response.json()).toMatchObject({ code: 1001, data: { field: 'idempotency-key' } });
  });

  it('nobody reads another user’s records or transfers (BOLA)', async () => {
    const alice = await t.userWith({ usdt: '50', fundPassword: 'pass-123' });
    const bob = await login(t.app);
    const eve = await login(t.app);
    await transfer(alice, { to: bob.account.address, asset: 'USDT', amount: '5', fund_password: 'pass-123' });
    const eveRecords = (await t.injectAs(eve, 'GET /api/funds/records')).json().data;
    const eveTransfers = (await t.injectAs(eve, 'GET /api/funds/transfers')).json().data;
    expect(eveRecords).toEqual({ items: [], next_cursor: null });
    expect(eveTransfers).toEqual({ items: [], next_cursor: null });
    // There is no parameter to name another user: the query ignores one.
    const sneaky = (await t.injectAs(eve, `GET /api/funds/records?user=${alice.userinfo.bsc}`)).json();
    expect(sneaky.data.items).toEqual([]);
    const unauth = await t.app.inject({ method: 'GET', url: '/api/funds/records' });
    expect(unauth.statusCode).toBe(401);
  });

  it('pages records newest first with an opaque cursor and filters by type', async () => {
    const alice = await t.userWith({ usdt: '30', fundPassword: 'pass-123' });
    const bob = await login(t.app);
    for (let i = 1; i <= 5; i++)
      await transfer(alice, {
        to: bob.account.address,
        asset: 'USDT',
        amount: String(i),
        fund_password: 'pass-123',
      });
    const first = (await t.injectAs(alice, 'GET /api/funds/records?limit=2&type=transfer_out')).json().data;
    expect(first.items.map((r: { amount: string }) => r.amount)).toEqual(['-5', '-4']);
    const second = (
      await t.injectAs(alice, `GET /api/funds/records?limit=2&type=transfer_out&cursor=${first.next_cursor}`)
    ).json().data;
    expect(second.items.map((r: { amount: string }) => r.amount)).toEqual(['-3', '-2']);
    const third = (
      await t.injectAs(alice, `GET /api/funds/records?limit=2&type=transfer_out&cursor=${second.next_cursor}`)
    ).json().data;
    expect(third.items.map((r: { amount: string }) => r.amount)).toEqual(['-1']);
    expect(third.next_cursor).toBeNull();
    const badType = await t.injectAs(alice, 'GET /api/funds/records?type=gift');
    expect(badType.json()).toMatchObject({ code: 1001, data: { field: 'type' } });
    // A cursor the server did not write is refused, naming it, not taken for the first page.
    for (const cursor of [
      'garbage',
      Buffer.from('-1').toString('base64url'),
      Buffer.from('99999999999999999999').toString('base64url'),
    ]) {
      const bad = await t.injectAs(alice, `GET /api/funds/records?cursor=${cursor}`);
      expect(bad.statusCode, cursor).toBe(400);
      expect(bad.json()).toMatchObject({ code: 1001, data: { field: 'cursor' } });
    }
    const transfers = (await t.injectAs(bob, 'GET /api/funds/transfers?limit=3')).json().data;
    expect(transfers.items.map((r: { amount: string }) => r.amount)).toEqual(['5', '4', '3']);
  });

  it('pages transfers in and out with limit and cursor: each exactly once, newest first', async () => {
    const alice = await t.userWith({ usdt: '30', wallx: '30', fundPassword: 'pass-123' });
    const bob = await t.userWith({ usdt: '30', fundPassword: 'pass-123' });
    const carol = await t.userWith({ usdt: '30', fundPassword: 'pass-123' });
    const moves: [from: Session, to: Session, asset: 'USDT' | 'WALLX', amount: string][] = [
      [alice, bob, 'USDT', '1'],
      [bob, alice, 'USDT', '2'],
      [alice, carol, 'WALLX', '3'],
      [carol, bob, 'USDT', '4'],
      [carol, alice, 'USDT', '5'],
      [alice, bob, 'WALLX', '6'],
      [bob, alice, 'USDT', '7'],
      [alice, carol, 'USDT', '8'],
    ];
    const made: { id: string; direction: string; counterpart: string; asset: string; amount: string }[] = [];
    for (const [from, to, asset, amount] of moves) {
      const response = await transfer(from, { to: to.account.address, asset, amount, fund_password: 'pass-123' });
      expect(response.json().code).toBe(0);
      const { id } = response.json().data.transfer;
      if (from === alice) made.push({ id, direction: 'out', counterpart: to.userinfo.bsc, asset, amount });
      if (to === alice) made.push({ id, direction: 'in', counterpart: from.userinfo.bsc, asset, amount });
    }
    const newestFirst = [...made].reverse();
    expect(newestFirst).toHaveLength(7);

    type Listed = {
      id: string;
      direction: string;
      counterpart: string;
      asset: string;
      amount: string;
      created_at: string;
    };
    for (const limit of [1, 2, 3, 7]) {
      const seen: Listed[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await t.injectAs(
          alice,
          `GET /api/funds/transfers?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        const data: { items: Listed[]; next_cursor: string | null } = response.json().data;
        expect(data.items.length).toBeLessThanOrEqual(limit);
        seen.push(...data.items);
        cursor = data.next_cursor;
        pages++;
      } while (cursor && pages < 20);
      expect(cursor, `limit ${limit}`).toBeNull();
      expect(
        seen.map(({ created_at: _, ...rest }) => rest),
        `limit ${limit}`,
      ).toEqual(newestFirst);
      const times = seen.map((s) => Date.parse(s.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });
});
