import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMinersRepository } from '../modules/miners/repository.js';
import {
  addProduct,
  type Auth,
  buildTestApp,
  checkBooks,
  credit,
  type Session,
  type TestApp,
} from '../test/helpers.js';

type Answer = { status: number; body: { code: number; message: string; data?: unknown } };

const PASSWORD = 'pass-123';
const N = 8;

/**
 * Every money-moving route raced the way a script can call it: no Idempotency-Key, many identical
 * requests at once over real HTTP. Whatever the interleaving, exactly what one request may do is
 * done once, the refused ones leave nothing behind, and the books balance.
 */
describe('money routes raced without an Idempotency-Key', () => {
  let t: TestApp;
  let base: string;
  let productId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    productId = await addProduct(t.database, {
      price_wallx: null,
      daily_output: '2.5',
      output_days: 30,
      stock: 1_000_000,
    });
  });
  afterAll(() => t.close());

  const post = async (url: string, auth: Auth, payload?: object): Promise<Answer> => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };
  const race = (n: number, send: () => Promise<Answer>) => Promise.all(Array.from({ length: n }, send));
  const wins = (answers: Answer[]) => answers.filter((a) => a.body.code === 0).length;
  const codes = (answers: Answer[]) =>
    [...new Set(answers.filter((a) => a.body.code !== 0).map((a) => `${a.status}/${a.body.code}`))].sort();
  const balance = async (auth: Auth) =>
    (
      (await (await fetch(`${base}/api/user/info`, { headers: auth })).json()) as {
        data: { balance: { usdt: string; wallx: string } };
      }
    ).data.balance;
  const books = async () => expect((await checkBooks(t.database)).problems).toEqual([]);

  async function offMiner(owner: Session): Promise<string> {
    await credit(t.database, owner.userinfo.bsc, 'USDT', '100');
    const bought = await post('/api/miners/buy', owner.auth, { product_id: productId, pay_asset: 'USDT', quantity: 1 });
    const used = await post(
      `/api/miners/orders/${(bought.body.data as { orders: { id: string }[] }).orders[0]!.id}/use`,
      owner.auth,
    );
    return (used.body.data as { miner: { id: string } }).miner.id;
  }

  it('transfer: 8 × 100 from 250 moves 200, twice, and nothing more', async () => {
    const [from, to] = [
      await t.userWith({ usdt: '250', fundPassword: PASSWORD }),
      await t.userWith({ fundPassword: PASSWORD }),
    ];
    const answers = await race(N, () =>
      post('/api/funds/transfer', from.auth, {
        to: to.userinfo.bsc,
        asset: 'USDT',
        amount: '100',
        fund_password: PASSWORD,
      }),
    );
    expect(wins(answers)).toBe(2);
    expect(codes(answers)).toEqual(['409/3002']);
    expect(await balance(from.auth)).toEqual({ usdt: '50', wallx: '0' });
    expect(await balance(to.auth)).toEqual({ usdt: '200', wallx: '0' });
    await books();
  });

  it('miner buy: 8 × one miner from 250 USDT buys two; refused buys take no stock and leave no order', async () => {
    const buyer = await t.userWith({ usdt: '250', fundPassword: PASSWORD });
    const stock = async () => (await createMinersRepository().findProduct(t.database.db, productId))!.stock;
    const before = await stock();
    const answers = await race(N, () =>
      post('/api/miners/buy', buyer.auth, { product_id: productId, pay_asset: 'USDT', quantity: 1 }),
    );
    expect(wins(answers)).toBe(2);
    expect(codes(answers)).toEqual(['409/3002']);
    expect(await stock()).toBe(before - 2);
    const orders = await t.database.db
      .selectFrom('miner_orders')
      .select('id')
      .where('user_id', '=', await userId(buyer))
      .execute();
    expect(orders).toHaveLength(2);
    expect(await balance(buyer.auth)).toEqual({ usdt: '50', wallx: '0' });
    await books();
  });

  it('collect-all: 8 at once credit the records once', async () => {
    const owner = await t.userWith({ fundPassword: PASSWORD });
    const minerId = await offMiner(owner);
    const id = await userId(owner);
    for (const day of ['2026-01-01', '2026-01-02', '2026-01-03']) {
      await sql`insert into miner_outputs (miner_id, user_id, day, amount) values (${minerId}::bigint, ${id}::bigint, ${day}::date, 2.5)`.execute(
        t.database.db,
      );
    }
    const answers = await race(N, () => post('/api/miners/outputs/collect_all', owner.auth));
    expect(wins(answers)).toBe(1);
    expect(codes(answers)).toEqual(['409/4015']);
    expect(await balance(owner.auth)).toEqual({ usdt: '0', wallx: '7.5' });
    await books();
  });

  it('miner transfer: the same miner sent to 8 recipients at once reaches one of them', async () => {
    const sender = await t.userWith({ fundPassword: PASSWORD });
    const minerId = await offMiner(sender);
    const recipients = await Promise.all(Array.from({ length: N }, () => t.userWith({ fundPassword: PASSWORD })));
    let next = 0;
    const answers = await race(N, () =>
      post(`/api/miners/${minerId}/transfer`, sender.auth, {
        to: recipients[next++]!.userinfo.bsc,
        fund_password: PASSWORD,
      }),
    );
    expect(wins(answers)).toBe(1);
    const owners = await t.database.db
      .selectFrom('miners')
      .select(['user_id', 'state'])
      .where('id', '=', minerId)
      .execute();
    expect(owners).toHaveLength(1);
    expect(owners[0]!.user_id).not.toBe(await userId(sender));
  });

  it('machine trade: one miner listed 8 times at once is listed once; 8 buys fill once; 8 cancels cancel once', async () => {
    const seller = await t.userWith({ fundPassword: PASSWORD });
    const minerId = await offMiner(seller);
    const listed = await race(N, () =>
      post('/api/mtrade/orders', seller.auth, {
        miner_id: minerId,
        unit_price: '50',
        expiry: '1D',
        fund_password: PASSWORD,
      }),
    );
    expect(wins(listed)).toBe(1);
    const orders = await t.database.db
      .selectFrom('mtrade_orders')
      .select(['id', 'status'])
      .where('miner_id', '=', minerId)
      .execute();
    expect(orders).toEqual([{ id: expect.any(String), status: 'pending' }]);

    const buyer = await t.userWith({ usdt: '120', fundPassword: PASSWORD });
    const bought = await race(N, () =>
      post(`/api/mtrade/orders/${orders[0]!.id}/buy`, buyer.auth, { fund_password: PASSWORD }),
    );
    expect(wins(bought)).toBe(1);
    expect(codes(bought)).toEqual(['409/4003']);
    expect(await balance(buyer.auth)).toEqual({ usdt: '70', wallx: '0' });
    expect(await balance(seller.auth)).toEqual({ usdt: '47.5', wallx: '0' });

    const again = await post('/api/mtrade/orders', buyer.auth, {
      miner_id: minerId,
      unit_price: '60',
      expiry: '1D',
      fund_password: PASSWORD,
    });
    const order = (again.body.data as { order: { id: string } }).order.id;
    const cancelled = await race(N, () => post(`/api/mtrade/orders/${order}/cancel`, buyer.auth));
    expect(wins(cancelled)).toBe(1);
    expect(codes(cancelled)).toEqual(['409/4003']);
    expect(
      (await t.database.db.selectFrom('miners').select('state').where('id', '=', minerId).executeTakeFirstOrThrow())
        .state,
    ).toBe('off');
    await books();
  });

  it('C2C: 8 publishes escrow once; 8 buys fill once; 8 cancels release the escrow once', async () => {
    const seller = await t.userWith({ wallx: '1000', fundPassword: PASSWORD });
    const published = await race(N, () =>
      post('/api/c2c/orders', seller.auth, { amount: '300', unit_price: '0.5', expiry: '1D', fund_password: PASSWORD }),
    );
    expect(wins(published)).toBe(1);
    expect(codes(published)).toEqual(['409/4004']);
    expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '697' });
    const [order] = await t.database.db
      .selectFrom('c2c_orders')
      .select('id')
      .where('seller_id', '=', await userId(seller))
      .execute();

    const buyer = await t.userWith({ usdt: '200', fundPassword: PASSWORD });
    const bought = await race(N, () =>
      post(`/api/c2c/orders/${order!.id}/buy`, buyer.auth, { fund_password: PASSWORD }),
    );
    expect(wins(bought)).toBe(1);
    expect(await balance(buyer.auth)).toEqual({ usdt: '50', wallx: '300' });
    expect(await balance(seller.auth)).toEqual({ usdt: '150', wallx: '697' });

    const next = await post('/api/c2c/orders', seller.auth, {
      amount: '500',
      unit_price: '1',
      expiry: '1D',
      fund_password: PASSWORD,
    });
    const nextId = (next.body.data as { order: { id: string } }).order.id;
    expect(await balance(seller.auth)).toEqual({ usdt: '150', wallx: '192' });
    const cancelled = await race(N, () => post(`/api/c2c/orders/${nextId}/cancel`, seller.auth));
    expect(wins(cancelled)).toBe(1);
    expect(await balance(seller.auth)).toEqual({ usdt: '150', wallx: '697' });
    await books();
  });

  async function userId(session: Session): Promise<string> {
    return (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', session.userinfo.bsc)
        .executeTakeFirstOrThrow()
    ).id;
  }
});
