import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, type TestApp } from '../../test/helpers.js';
import { marketsHelpers, startMarkets } from './markets.fixtures.js';

describe('markets', () => {
  let t: TestApp;
  let productId: string;
  beforeAll(async () => {
    ({ t, productId } = await startMarkets());
  });
  afterAll(() => t.close());
  const { postWithKey, balance, records, books, BUY, expireNow } = marketsHelpers(() => ({ t, productId }));

  describe('C2C', () => {
    const publishC2c = (auth: Auth, payload: object) =>
      t.injectAs(auth, 'POST /api/c2c/orders', { expiry: '1D', fund_password: 'pass-123', ...payload });

    it('publishes: amount and fee go to escrow; one pending order per user', async () => {
      const seller = await t.userWith({ wallx: '500', fundPassword: 'pass-123' });
      const response = await publishC2c(seller.auth, { amount: '200', unit_price: '0.25' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.order).toMatchObject({
        amount: '200',
        unit_price: '0.25',
        total: '50',
        fee: '2',
        status: 'pending',
        seller: seller.userinfo.bsc,
      });
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '298' });
      expect(await records(seller.auth, 'c2c_escrow')).toEqual(['WALLX -200']);
      expect(await records(seller.auth, 'c2c_fee')).toEqual(['WALLX -2']);
      const second = await publishC2c(seller.auth, { amount: '10', unit_price: '1' });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('You have unfinished order');
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '298' });
      await books();
    });

    it('says which balance is short: the amount, or the fee', async () => {
      const seller = await t.userWith({ wallx: '100', fundPassword: 'pass-123' });
      const tooMuch = await publishC2c(seller.auth, { amount: '101', unit_price: '1' });
      expect(tooMuch.json().message).toBe('Insufficient WALLX balance');
      const noFee = await publishC2c(seller.auth, { amount: '100', unit_price: '1' });
      expect(noFee.statusCode).toBe(409);
      expect(noFee.json().message).toBe('balance insufficient for fee');
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '100' });
      expect((await t.injectAs(seller, 'GET /api/c2c/my_orders')).json().data.items).toEqual([]);
      // A failed publish leaves no unfinished order behind.
      expect((await publishC2c(seller.auth, { amount: '99', unit_price: '1' })).statusCode).toBe(200);
    });

    it.each([
      [{ amount: '1.5' }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ unit_price: '0' }, 'unit_price'],
      [{ expiry: '2D' }, 'expiry'],
      [{ expiry: undefined }, 'expiry'],
      [{ fund_password: '' }, 'fund_password'],
    ])('rejects bad input %j naming %s', async (override, field) => {
      const seller = await t.userWith({ wallx: '100', fundPassword: 'pass-123' });
      const response = await publishC2c(seller.auth, { amount: '10', unit_price: '1', ...override });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.field).toBe(field);
    });

    it('fills the whole order: USDT to the seller, WALLX to the buyer, the fee to the platform', async () => {
      const seller = await t.userWith({ wallx: '1000', fundPassword: 'pass-123' });
      const buyer = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
      const order = (await publishC2c(seller.auth, { amount: '300', unit_price: '0.3' })).json().data.order;
      const own = await t.injectAs(seller, `POST /api/c2c/orders/${order.id}/buy`, BUY);
      expect(own.json().message).toBe('Cannot buy your own order');
      const response = await t.injectAs(buyer, `POST /api/c2c/orders/${order.id}/buy`, BUY);
      expect(response.json().data.order).toMatchObject({ status: 'filled', buyer: buyer.userinfo.bsc });
      expect(await balance(buyer.auth)).toEqual({ usdt: '10', wallx: '300' });
      expect(await balance(seller.auth)).toEqual({ usdt: '90', wallx: '697' });
      expect(await records(buyer.auth, 'c2c_buy')).toEqual(['WALLX 300', 'USDT -90']);
      expect(await records(seller.auth, 'c2c_sell')).toEqual(['USDT 90']);
      expect((await t.injectAs(buyer, 'GET /api/c2c/my_orders?role=buy')).json().data.items[0]).toMatchObject({
        id: order.id,
        status: 'filled',
      });
      // The seller may publish again.
      expect((await publishC2c(seller.auth, { amount: '10', unit_price: '1' })).statusCode).toBe(200);
      await books();
    });

    it('refuses a buyer short of USDT and moves nothing', async () => {
      const seller = await t.userWith({ wallx: '100', fundPassword: 'pass-123' });
      const order = (await publishC2c(seller.auth, { amount: '50', unit_price: '2' })).json().data.order;
      const poor = await t.userWith({ usdt: '99.99', fundPassword: 'pass-123' });
      const response = await t.injectAs(poor, `POST /api/c2c/orders/${order.id}/buy`, BUY);
      expect(response.json().message).toBe('Insufficient USDT balance');
      expect(await balance(poor.auth)).toEqual({ usdt: '99.99', wallx: '0' });
      expect(
        (await t.injectAs(poor, 'GET /api/c2c/orders')).json().data.items.map((o: { id: string }) => o.id),
      ).toContain(order.id);
    });

    it('cancel (seller only) and expiry return the escrow', async () => {
      const seller = await t.userWith({ wallx: '1000', fundPassword: 'pass-123' });
      const order = (await publishC2c(seller.auth, { amount: '100', unit_price: '1' })).json().data.order;
      const mallory = await t.userWith({ fundPassword: 'pass-123' });
      expect((await t.injectAs(mallory, `POST /api/c2c/orders/${order.id}/cancel`)).json().message).toBe(
        'Order not found',
      );
      expect((await t.injectAs(seller, `POST /api/c2c/orders/${order.id}/cancel`)).json().data.order.status).toBe(
        'cancelled',
      );
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '1000' });
      expect(await records(seller.auth, 'c2c_release')).toEqual(['WALLX 101']);

      const expiring = (await publishC2c(seller.auth, { amount: '200', unit_price: '1', expiry: '4H' })).json().data
        .order;
      await expireNow('c2c_orders', expiring.id);
      expect((await t.app.markets.expireOnce()).c2c).toBeGreaterThanOrEqual(1);
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '1000' });
      expect((await t.injectAs(seller, 'GET /api/c2c/my_orders')).json().data.items[0]).toMatchObject({
        id: expiring.id,
        status: 'cancelled',
      });
      await books();
    });

    it('a cancel retried with the same Idempotency-Key answers the same and returns the escrow once', async () => {
      const seller = await t.userWith({ wallx: '1000', fundPassword: 'pass-123' });
      const order = (await publishC2c(seller.auth, { amount: '100', unit_price: '1' })).json().data.order;
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '899' });
      const entries = async (orderId: string) =>
        Number(
          (
            await t.database.db
              .selectFrom('ledger_entries')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('ref_type', '=', 'c2c_order')
              .where('ref_id', '=', orderId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await entries(order.id)).toBe(4);

      const url = `/api/c2c/orders/${order.id}/cancel`;
      const first = await postWithKey(url, seller.auth, 'c2c-cancel-1');
      expect(first.statusCode).toBe(200);
      expect(first.json().data.order).toMatchObject({ id: order.id, status: 'cancelled' });
      const retries = await Promise.all([
        postWithKey(url, seller.auth, 'c2c-cancel-1'),
        postWithKey(url, seller.auth, 'c2c-cancel-1'),
      ]);
      for (const retry of retries) {
        expect(retry.statusCode).toBe(200);
        expect(retry.json()).toEqual(first.json());
      }
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '1000' });
      expect(await records(seller.auth, 'c2c_release')).toEqual(['WALLX 101']);
      expect(await entries(order.id)).toBe(6);

      // The same key on another order or on the other market's cancel is a conflict that moves nothing.
      const next = (await publishC2c(seller.auth, { amount: '10', unit_price: '1' })).json().data.order;
      for (const other of [`/api/c2c/orders/${next.id}/cancel`, `/api/mtrade/orders/${order.id}/cancel`]) {
        const response = await postWithKey(other, seller.auth, 'c2c-cancel-1');
        expect(response.statusCode, other).toBe(409);
        expect(response.json().code).toBe(1007);
      }
      expect((await t.injectAs(seller, 'GET /api/c2c/my_orders')).json().data.items[0]).toMatchObject({
        id: next.id,
        status: 'pending',
      });
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '989.9' });

      // Without a key a second cancel is refused as before, and releases nothing.
      expect((await t.injectAs(seller, `POST /api/c2c/orders/${next.id}/cancel`)).json().code).toBe(0);
      const again = await t.injectAs(seller, `POST /api/c2c/orders/${next.id}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Order status error');
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '1000' });
      expect(await entries(next.id)).toBe(6);
      await books();
    });

    it('declares Idempotency-Key on both cancel routes in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      for (const path of ['/api/mtrade/orders/{id}/cancel', '/api/c2c/orders/{id}/cancel']) {
        expect(doc.paths[path].post.parameters, path).toEqual(
          expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false })]),
        );
      }
    });
  });

  it('refuses guests and frozen accounts', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/mtrade/orders' })).statusCode).toBe(401);
    const frozen = await t.userWith({ wallx: '100', fundPassword: 'pass-123' });
    await t.database.db
      .updateTable('users')
      .set({ is_frozen: true })
      .where('address', '=', frozen.userinfo.bsc)
      .execute();
    const response = await t.injectAs(frozen, 'POST /api/c2c/orders', {
      amount: '10',
      unit_price: '1',
      expiry: '1D',
      fund_password: 'pass-123',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Account frozen');
    expect((await t.injectAs(frozen, 'GET /api/c2c/my_orders')).statusCode).toBe(200);
  });
});
