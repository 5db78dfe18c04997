import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, login, type TestApp } from '../../test/helpers.js';
import { marketsHelpers, startMarkets } from './markets.fixtures.js';

describe('markets', () => {
  let t: TestApp;
  let productId: string;
  beforeAll(async () => {
    ({ t, productId } = await startMarkets());
  });
  afterAll(() => t.close());
  const { post, postWithKey, balance, records, books, miner, ownerOf, BUY, publish, expireNow } = marketsHelpers(
    () => ({ t, productId }),
  );

  describe('machine trade', () => {
    it('publishes an off miner: the order is pending, the miner is selling, others see it', async () => {
      const seller = await t.userWith({ fundPassword: 'pass-123' });
      const m = await miner(seller);
      const response = await publish(seller.auth, { miner_id: m.id, unit_price: '120.5' });
      expect(response.statusCode).toBe(200);
      const order = response.json().data.order;
      expect(order).toMatchObject({
        miner_id: m.id,
        machine_no: m.machine_no,
        unit_price: '120.5',
        fee: '6.025',
        status: 'pending',
        expiry: '1D',
        seller: seller.userinfo.bsc,
        buyer: null,
      });
      expect(Date.parse(order.expires_at) - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
      expect((await ownerOf(m.id)).state).toBe('selling');

      const other = await t.userWith({ fundPassword: 'pass-123' });
      const market = (await t.injectAs(other, 'GET /api/mtrade/orders'))
        .json()
        .data.items.map((o: { id: string }) => o.id);
      expect(market).toContain(order.id);
      const own = (await t.injectAs(seller, 'GET /api/mtrade/orders'))
        .json()
        .data.items.map((o: { id: string }) => o.id);
      expect(own).not.toContain(order.id);
      expect((await t.injectAs(seller, 'GET /api/mtrade/my_orders?role=sell')).json().data.items[0]).toMatchObject({
        id: order.id,
        status: 'pending',
      });
      // Listed: it cannot be turned on, transferred, or listed twice.
      expect((await t.injectAs(seller, `POST /api/miners/${m.id}/turn_on`)).json().message).toBe(
        'This miner is listed for sale; cancel its sell order first',
      );
      expect(
        (
          await t.injectAs(seller, `POST /api/miners/${m.id}/transfer`, {
            to: other.account.address,
            fund_password: 'pass-123',
          })
        ).json().message,
      ).toBe('This miner is listed for sale; cancel its sell order first');
      expect((await publish(seller.auth, { miner_id: m.id, unit_price: '1' })).json().message).toBe(
        'This miner is listed for sale; cancel its sell order first',
      );
    });

    it('needs an expiry and a selected miner, a valid price and the fund password', async () => {
      const seller = await t.userWith({ fundPassword: 'pass-123' });
      const m = await miner(seller);
      const noExpiry = await t.injectAs(seller, 'POST /api/mtrade/orders', {
        miner_id: m.id,
        unit_price: '5',
        fund_password: 'pass-123',
      });
      expect(noExpiry.statusCode).toBe(400);
      expect(noExpiry.json()).toMatchObject({
        message: 'A sell order needs an expiry and a selected miner',
        data: { field: 'expiry' },
      });
      const noMiner = await publish(seller.auth, { unit_price: '5' });
      expect(noMiner.json()).toMatchObject({
        message: 'A sell order needs an expiry and a selected miner',
        data: { field: 'miner_id' },
      });
      for (const [payload, field] of [
        [{ miner_id: m.id, unit_price: '0' }, 'unit_price'],
        [{ miner_id: m.id, unit_price: '1.1234567' }, 'unit_price'],
        [{ miner_id: m.id, unit_price: '-1' }, 'unit_price'],
        [{ miner_id: m.id, unit_price: '5', expiry: '5H' }, 'expiry'],
        [{ miner_id: 'x', unit_price: '5' }, 'miner_id'],
      ] as const) {
        const response = await publish(seller.auth, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().data.field).toBe(field);
      }
      const wrong = await publish(seller.auth, { miner_id: m.id, unit_price: '5', fund_password: 'nope-nope' });
      expect(wrong.json().message).toBe('Incorrect fund password. Tries left before a 15-minute lock: 4');
      expect((await ownerOf(m.id)).state).toBe('off');
    });

    it('refuses on, gift and other users\u2019 miners', async () => {
      const seller = await t.userWith({ fundPassword: 'pass-123' });
      const on = await miner(seller);
      await t.injectAs(seller, `POST /api/miners/${on.id}/turn_on`);
      expect((await publish(seller.auth, { miner_id: on.id, unit_price: '5' })).json().message).toBe(
        'This miner is on; a miner that is mining cannot be traded or transferred',
      );
      const gift = await miner(seller);
      await t.database.db.updateTable('miners').set({ gift: true }).where('id', '=', gift.id).execute();
      expect((await publish(seller.auth, { miner_id: gift.id, unit_price: '5' })).json().message).toBe(
        'Special/promotional machines cannot be transferred or sold',
      );
      const someone = await t.userWith({ fundPassword: 'pass-123' });
      const theirs = await miner(someone);
      const response = await publish(seller.auth, { miner_id: theirs.id, unit_price: '5' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Miner not found');
    });

    it('sells: the buyer pays, the seller gets the price less the fee, the miner changes hands and is off', async () => {
      const seller = await t.userWith({ fundPassword: 'pass-123' });
      const buyer = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const m = await miner(seller);
      const order = (await publish(seller.auth, { miner_id: m.id, unit_price: '200' })).json().data.order;
      const response = await t.injectAs(buyer, `POST /api/mtrade/orders/${order.id}/buy`, BUY);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.order).toMatchObject({
        status: 'filled',
        buyer: buyer.userinfo.bsc,
        seller: seller.userinfo.bsc,
      });
      expect(await balance(buyer.auth)).toEqual({ usdt: '800', wallx: '0' });
      expect(await balance(seller.auth)).toEqual({ usdt: '190', wallx: '0' });
      expect(await records(seller.auth, 'mtrade_sell')).toEqual(['USDT 200']);
      expect(await records(seller.auth, 'mtrade_fee')).toEqual(['USDT -10']);
      expect(await records(buyer.auth, 'mtrade_buy')).toEqual(['USDT -200']);
      expect(await ownerOf(m.id)).toEqual({ address: buyer.userinfo.bsc, state: 'off' });
      expect((await t.injectAs(buyer, 'GET /api/mtrade/my_orders?role=buy')).json().data.items[0]).toMatchObject({
        id: order.id,
        status: 'filled',
      });
      expect((await t.injectAs(buyer, 'GET /api/miners/mine')).json().data.items[0]).toMatchObject({
        id: m.id,
        state: 'off',
      });
      // The new owner may turn it on.
      expect((await t.injectAs(buyer, `POST /api/miners/${m.id}/turn_on`)).statusCode).toBe(200);

      const again = await post(
        `/api/mtrade/orders/${order.id}/buy`,
        (await t.userWith({ usdt: '1000', fundPassword: 'pass-123' })).auth,
        BUY,
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Order status error');
      await books();
    });

    it('refuses buying one\u2019s own order, an unknown order, and a buyer short of USDT', async () => {
      const seller = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const m = await miner(seller);
      const order = (await publish(seller.auth, { miner_id: m.id, unit_price: '50' })).json().data.order;
      const own = await t.injectAs(seller, `POST /api/mtrade/orders/${order.id}/buy`, BUY);
      expect(own.statusCode).toBe(409);
      expect(own.json().message).toBe('Cannot buy your own order');
      const unknown = await t.injectAs(seller, 'POST /api/mtrade/orders/999999999/buy', BUY);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Order not found');
      const poor = await t.userWith({ usdt: '49', fundPassword: 'pass-123' });
      const short = await t.injectAs(poor, `POST /api/mtrade/orders/${order.id}/buy`, BUY);
      expect(short.json().message).toBe('Insufficient USDT balance');
      expect(await balance(poor.auth)).toEqual({ usdt: '49', wallx: '0' });
      expect((await t.injectAs(seller, `GET /api/mtrade/my_orders?role=sell`)).json().data.items[0]).toMatchObject({
        id: order.id,
        status: 'pending',
      });
      expect(await ownerOf(m.id)).toEqual({ address: seller.userinfo.bsc, state: 'selling' });
    });

    it('a buy needs the fund password: without it, with a wrong one or with none set, nothing moves', async () => {
      const seller = await t.userWith({ fundPassword: 'pass-123' });
      const m = await miner(seller);
      const order = (await publish(seller.auth, { miner_id: m.id, unit_price: '40' })).json().data.order;
      const buyer = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
      const url = `/api/mtrade/orders/${order.id}/buy`;
      const missing = await post(url, buyer.auth);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().data.field).toBe('fund_password');
      const wrong = await post(url, buyer.auth, { fund_password: 'nope-nope' });
      expect(wrong.json()).toMatchObject({
        code: 3007,
        message: 'Incorrect fund password. Tries left before a 15-minute lock: 4',
        data: { field: 'fund_password' },
      });
      const noPassword = await login(t.app);
      await credit(t.database, noPassword.userinfo.bsc, 'USDT', '100');
      expect((await post(url, noPassword.auth, BUY)).json().code).toBe(3009);
      for (const who of [buyer, noPassword]) expect(await balance(who.auth)).toEqual({ usdt: '100', wallx: '0' });
      expect(await ownerOf(m.id)).toEqual({ address: seller.userinfo.bsc, state: 'selling' });

      // The price is checked before the fund password: a buyer who cannot pay spends no try of the lock.
      const poor = await t.userWith({ usdt: '39', fundPassword: 'pass-123' });
      expect((await post(url, poor.auth, { fund_password: 'nope-nope' })).json().message).toBe(
        'Insufficient USDT balance',
      );
      const tries = await t.database.db
        .selectFrom('users')
        .select('fund_password_failures')
        .where('address', '=', poor.userinfo.bsc)
        .executeTakeFirstOrThrow();
      expect(tries.fund_password_failures).toBe(0);
      expect((await post(url, buyer.auth, BUY)).json().data.order.status).toBe('filled');
      await books();
    });

    it('cancels by the seller only (BOLA); the miner is off again', async () => {
      const seller = await t.userWith({ fundPassword: 'pass-123' });
      const m = await miner(seller);
      const order = (await publish(seller.auth, { miner_id: m.id, unit_price: '50' })).json().data.order;
      const mallory = await t.userWith({ fundPassword: 'pass-123' });
      const stolen = await t.injectAs(mallory, `POST /api/mtrade/orders/${order.id}/cancel`);
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json().message).toBe('Order not found');
      const cancelled = await t.injectAs(seller, `POST /api/mtrade/orders/${order.id}/cancel`);
      expect(cancelled.json().data.order).toMatchObject({ status: 'cancelled' });
      expect((await ownerOf(m.id)).state).toBe('off');
      expect((await t.injectAs(seller, `POST /api/mtrade/orders/${order.id}/cancel`)).json().message).toBe(
        'Order status error',
      );
      expect((await t.injectAs(mallory, `POST /api/mtrade/orders/${order.id}/buy`, BUY)).json().message).toBe(
        'Order status error',
      );
    });

    it('a cancel retried with the same Idempotency-Key replays its answer and touches nothing else', async () => {
      const seller = await t.userWith({ fundPassword: 'pass-123' });
      const m = await miner(seller);
      const order = (await publish(seller.auth, { miner_id: m.id, unit_price: '50' })).json().data.order;
      const first = await postWithKey(`/api/mtrade/orders/${order.id}/cancel`, seller.auth, 'mtrade-cancel-1');
      expect(first.statusCode).toBe(200);
      expect(first.json().data.order).toMatchObject({ id: order.id, status: 'cancelled' });
      expect((await ownerOf(m.id)).state).toBe('off');

      // Listed again: a late retry of the first cancel must not take the new order down.
      const relisted = (await publish(seller.auth, { miner_id: m.id, unit_price: '60' })).json().data.order;
      const retry = await postWithKey(`/api/mtrade/orders/${order.id}/cancel`, seller.auth, 'mtrade-cancel-1');
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      const other = await postWithKey(`/api/mtrade/orders/${relisted.id}/cancel`, seller.auth, 'mtrade-cancel-1');
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe(1007);
      expect((await t.injectAs(seller, 'GET /api/mtrade/my_orders?role=sell')).json().data.items[0]).toMatchObject({
        id: relisted.id,
        status: 'pending',
      });
      expect((await ownerOf(m.id)).state).toBe('selling');
      // Without a key a second cancel is refused as before.
      expect((await t.injectAs(seller, `POST /api/mtrade/orders/${relisted.id}/cancel`)).json().code).toBe(0);
      const again = await t.injectAs(seller, `POST /api/mtrade/orders/${relisted.id}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Order status error');
    });

    it('expires: the order leaves the market, cannot be bought, and the sweeper frees the miner', async () => {
      const seller = await t.userWith({ fundPassword: 'pass-123' });
      const buyer = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const m = await miner(seller);
      const order = (await publish(seller.auth, { miner_id: m.id, unit_price: '50', expiry: '4H' })).json().data.order;
      await expireNow('mtrade_orders', order.id);
      expect(
        (await t.injectAs(buyer, 'GET /api/mtrade/orders')).json().data.items.map((o: { id: string }) => o.id),
      ).not.toContain(order.id);
      expect((await t.injectAs(buyer, `POST /api/mtrade/orders/${order.id}/buy`, BUY)).json().message).toBe(
        'Order status error',
      );
      const swept = await t.app.markets.expireOnce();
      expect(swept.mtrade).toBeGreaterThanOrEqual(1);
      expect((await t.injectAs(seller, 'GET /api/mtrade/my_orders?role=sell')).json().data.items[0]).toMatchObject({
        id: order.id,
        status: 'cancelled',
      });
      expect(await ownerOf(m.id)).toEqual({ address: seller.userinfo.bsc, state: 'off' });
      expect(await balance(buyer.auth)).toEqual({ usdt: '1000', wallx: '0' });
    });
  });
});
