import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type Session, type TestApp } from '../../test/helpers.js';
import { transferHelpers } from './transfer.fixtures.js';

describe('internal transfer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const { transfer } = transferHelpers(() => t);

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
