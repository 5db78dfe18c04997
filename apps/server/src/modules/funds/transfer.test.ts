import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, checkBooks, login, newWallet, setFundPassword, type TestApp } from '../../test/helpers.js';
import { transferHelpers } from './transfer.fixtures.js';

describe('internal transfer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const { transfer, balance } = transferHelpers(() => t);

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
});
