import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  type Auth,
  buildTestApp,
  checkBooks,
  credit,
  login,
  type Session,
  type TestApp,
} from '../../test/helpers.js';

describe('markets', () => {
  let t: TestApp;
  let base: string;
  let productId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    productId = await addProduct(t.database, {
      name: 'en_US:::Trade Miner',
      image: '/catalog/pro-miner.svg',
      price_usdt: '10',
      price_wallx: null,
      daily_output: '1',
      output_days: 30,
      stock: 100_000,
    });
  });
  afterAll(() => t.close());

  const get = (url: string, auth: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
  const post = (url: string, auth: Auth, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) });
  const postWithKey = (url: string, auth: Auth, key: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth, 'idempotency-key': key } });
  const balance = async (auth: Auth) =>
    (await t.injectAs(auth, 'GET /api/user/info')).json().data.balance as { usdt: string; wallx: string };
  const records = async (auth: Auth, type: string) =>
    (await t.injectAs(auth, `GET /api/funds/records?type=${type}`))
      .json()
      .data.items.map((r: { asset: string; amount: string }) => `${r.asset} ${r.amount}`);
  const books = async () => expect((await checkBooks(t.database)).problems).toEqual([]);

  /** An off miner of `owner` (bought for 10 USDT, credited first). */
  async function miner(owner: Session): Promise<{ id: string; machine_no: string }> {
    await credit(t.database, owner.userinfo.bsc, 'USDT', '10');
    const bought = await t.injectAs(owner, 'POST /api/miners/buy', {
      product_id: productId,
      pay_asset: 'USDT',
      quantity: 1,
    });
    const used = await t.injectAs(owner, `POST /api/miners/orders/${bought.json().data.orders[0].id}/use`);
    return used.json().data.miner;
  }

  const ownerOf = async (minerId: string) =>
    await t.database.db
      .selectFrom('miners as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.address', 'm.state'])
      .where('m.id', '=', minerId)
      .executeTakeFirstOrThrow();

  const BUY = { fund_password: 'pass-123' };
  const publish = (auth: Auth, payload: object) =>
    t.injectAs(auth, 'POST /api/mtrade/orders', { expiry: '1D', fund_password: 'pass-123', ...payload });
  const expireNow = (table: 'mtrade_orders' | 'c2c_orders', id: string) =>
    sql`update ${sql.table(table)} set expires_at = now() - interval '1 second' where id = ${id}::bigint`.execute(
      t.database.db,
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
      expect(wrong.json().message).toBe('Incorrect fund password');
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
        message: 'Incorrect fund password',
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

  describe('market lists', () => {
    it('sorts by newest, expiring and price both ways, and pages each with a cursor', async () => {
      const viewer = await t.userWith({ fundPassword: 'pass-123' });
      const sellers = await Promise.all(
        Array.from({ length: 7 }, () => t.userWith({ wallx: '1000', fundPassword: 'pass-123' })),
      );
      const prices = ['5', '0.5', '3', '3', '12', '0.75', '7'];
      const expiries = ['14D', '4H', '1M', '6H', '3D', '12H', '7D'];
      for (let i = 0; i < sellers.length; i++) {
        const r = await post('/api/c2c/orders', sellers[i]!.auth, {
          amount: '10',
          unit_price: prices[i],
          expiry: expiries[i],
          fund_password: 'pass-123',
        });
        expect(r.statusCode).toBe(200);
      }
      const ours = new Set(sellers.map((s) => s.userinfo.bsc));
      type Listed = { id: string; unit_price: string; expires_at: string; seller: string };
      async function all(sort: string): Promise<Listed[]> {
        const seen: Listed[] = [];
        let cursor: string | null = null;
        do {
          const page: { items: Listed[]; next_cursor: string | null } = (
            await t.injectAs(viewer, `GET /api/c2c/orders?sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`)
          ).json().data;
          seen.push(...page.items);
          cursor = page.next_cursor;
        } while (cursor);
        return seen.filter((o) => ours.has(o.seller));
      }
      const byNewest = await all('newest');
      expect(byNewest.map((o) => Number(o.id))).toEqual([...byNewest.map((o) => Number(o.id))].sort((a, b) => b - a));
      expect(byNewest).toHaveLength(7);
      const asc = await all('price_asc');
      expect(asc.map((o) => o.unit_price)).toEqual(['0.5', '0.75', '3', '3', '5', '7', '12']);
      const desc = await all('price_desc');
      expect(desc.map((o) => o.unit_price)).toEqual(['12', '7', '5', '3', '3', '0.75', '0.5']);
      const expiring = await all('expiring');
      expect(expiring.map((o) => o.unit_price)).toEqual(['0.5', '3', '0.75', '12', '7', '5', '3']);
      const bad = await t.injectAs(viewer, 'GET /api/c2c/orders?sort=cheapest');
      expect(bad.json().data.field).toBe('sort');
    });
  });

  describe('crafted input', () => {
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

    it('a cursor this server did not write answers 400 naming the cursor, never a 500', async () => {
      const viewer = await t.userWith({ fundPassword: 'pass-123' });
      for (const [sort, cursor] of [
        ['newest', 'not a cursor at all'],
        ['newest', Buffer.from('[1,2').toString('base64url')],
        ['price_asc', cursorOf({ v: 'abc', id: '1' })],
        ['price_desc', cursorOf({ v: '1e9', id: '1' })],
        ['expiring', cursorOf({ v: 'tomorrow', id: '1' })],
        ['expiring', cursorOf({ v: '2026-13-45T99:00:00.000Z', id: '1' })],
        ['newest', cursorOf({ v: '', id: '99999999999999999999' })],
        ['newest', cursorOf({ v: '', id: '9223372036854775808' })],
        ['price_asc', cursorOf({ v: '5', id: 7 })],
      ] as const) {
        for (const market of ['mtrade', 'c2c']) {
          const response = await t.injectAs(
            viewer,
            `GET /api/${market}/orders?sort=${sort}&cursor=${encodeURIComponent(cursor)}`,
          );
          expect(response.statusCode, `${market} ${sort} ${cursor}`).toBe(400);
          expect(response.json()).toMatchObject({ code: 1001, data: { field: 'cursor' } });
        }
      }
      for (const url of [
        '/api/c2c/my_orders?cursor=xyz',
        `/api/mtrade/my_orders?cursor=${Buffer.from('99999999999999999999').toString('base64url')}`,
      ]) {
        expect((await get(url, viewer.auth)).json().data.field, url).toBe('cursor');
      }
    });

    it('an id past the largest bigint is bad input, not a database error', async () => {
      const buyer = await t.userWith({ usdt: '10', fundPassword: 'pass-123' });
      const response = await t.injectAs(buyer, 'POST /api/mtrade/orders/9223372036854775808/buy', BUY);
      expect(response.statusCode).toBe(400);
      expect(response.json().data.field).toBe('id');
      expect((await t.injectAs(buyer, 'POST /api/c2c/orders/9223372036854775807/buy', BUY)).json().message).toBe(
        'Order not found',
      );
    });

    it('a C2C total past NUMERIC(38,18) answers 400 naming the price; the largest that fits is accepted', async () => {
      const seller = await t.userWith({ wallx: '200000000', fundPassword: 'pass-123' });
      const order = (amount: string) =>
        t.injectAs(seller, 'POST /api/c2c/orders', {
          amount,
          unit_price: '999999999999.999999',
          expiry: '1D',
          fund_password: 'pass-123',
        });
      // 100,000,001 × 999,999,999,999.999999 has 21 digits before the point.
      const huge = await order('100000001');
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toMatchObject({ code: 1001, data: { field: 'unit_price' } });
      expect((await order('999999999999')).json().data.field).toBe('unit_price');
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '200000000' });
      const fits = await order('100000000');
      expect(fits.json().data.order).toMatchObject({ total: '99999999999999999900' });
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '99000000' });
    });
  });

  describe('races over real HTTP', () => {
    const fetchPost = (url: string, auth: Auth, payload?: object) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { code: number; message: string },
      }));

    it('50 buyers for one machine order: exactly one fills it, 49 get "Order status error" and pay nothing', async () => {
      const seller = await t.userWith({ fundPassword: 'pass-123' });
      const m = await miner(seller);
      const order = (await publish(seller.auth, { miner_id: m.id, unit_price: '100' })).json().data.order;
      const buyers = await Promise.all(
        Array.from({ length: 50 }, () => t.userWith({ usdt: '100', fundPassword: 'pass-123' })),
      );
      const answers = await Promise.all(
        buyers.map((b) => fetchPost(`/api/mtrade/orders/${order.id}/buy`, b.auth, BUY)),
      );
      const winners = answers.flatMap((a, i) => (a.body.code === 0 ? [buyers[i]!] : []));
      expect(winners).toHaveLength(1);
      expect(answers.filter((a) => a.body.message === 'Order status error')).toHaveLength(49);
      const balances = await Promise.all(buyers.map((b) => balance(b.auth)));
      expect(balances.filter((b) => b.usdt === '0')).toHaveLength(1);
      expect(balances.filter((b) => b.usdt === '100')).toHaveLength(49);
      expect(await ownerOf(m.id)).toEqual({ address: winners[0]!.userinfo.bsc, state: 'off' });
      await books();
    });

    it('50 buyers for one C2C order: exactly one fills it', async () => {
      const seller = await t.userWith({ wallx: '101', fundPassword: 'pass-123' });
      const order = (
        await t.injectAs(seller, 'POST /api/c2c/orders', {
          amount: '100',
          unit_price: '1',
          expiry: '1D',
          fund_password: 'pass-123',
        })
      ).json().data.order;
      const buyers = await Promise.all(
        Array.from({ length: 50 }, () => t.userWith({ usdt: '100', fundPassword: 'pass-123' })),
      );
      const answers = await Promise.all(buyers.map((b) => fetchPost(`/api/c2c/orders/${order.id}/buy`, b.auth, BUY)));
      expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.body.message === 'Order status error')).toHaveLength(49);
      const balances = await Promise.all(buyers.map((b) => balance(b.auth)));
      expect(balances.filter((b) => b.wallx === '100' && b.usdt === '0')).toHaveLength(1);
      expect(await balance(seller.auth)).toEqual({ usdt: '100', wallx: '0' });
      await books();
    });

    it('buy racing cancel racing expiry: exactly one wins, every time', async () => {
      const outcomes = new Map<string, number>();
      for (let round = 0; round < 8; round++) {
        const seller = await t.userWith({ fundPassword: 'pass-123' });
        const buyer = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
        const m = await miner(seller);
        const order = (await publish(seller.auth, { miner_id: m.id, unit_price: '100' })).json().data.order;
        // Due a few milliseconds from now, so the sweeper may or may not see it as expired.
        await t.database.db
          .updateTable('mtrade_orders')
          .set({ expires_at: new Date(Date.now() + (round % 4) * 3) })
          .where('id', '=', order.id)
          .execute();
        const [bought, cancelled, swept] = await Promise.all([
          fetchPost(`/api/mtrade/orders/${order.id}/buy`, buyer.auth, BUY),
          fetchPost(`/api/mtrade/orders/${order.id}/cancel`, seller.auth),
          new Promise((resolve) => setTimeout(resolve, round % 3)).then(() => t.app.markets.expireOnce()),
        ]);
        const final = await t.database.db
          .selectFrom('mtrade_orders')
          .select(['status', 'cancel_reason'])
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow();
        const wins = [bought.body.code === 0, cancelled.body.code === 0, final.cancel_reason === 'expired'].filter(
          Boolean,
        ).length;
        expect(wins, JSON.stringify({ bought, cancelled, swept, final })).toBe(1);
        const owner = await ownerOf(m.id);
        if (bought.body.code === 0) {
          expect(owner).toEqual({ address: buyer.userinfo.bsc, state: 'off' });
          expect(await balance(buyer.auth)).toEqual({ usdt: '0', wallx: '0' });
        } else {
          expect(owner).toEqual({ address: seller.userinfo.bsc, state: 'off' });
          expect(await balance(buyer.auth)).toEqual({ usdt: '100', wallx: '0' });
        }
        const key = bought.body.code === 0 ? 'bought' : final.cancel_reason!;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
      // Every round ended in one of the three ways, and nothing else.
      expect(
        [...outcomes.keys()].every((key) => ['bought', 'seller', 'expired'].includes(key)),
        JSON.stringify([...outcomes]),
      ).toBe(true);
      await books();
    });

    it('each of buy, cancel and expiry can win; whichever comes first, the other two then lose', async () => {
      for (const first of ['buy', 'cancel', 'expire'] as const) {
        const seller = await t.userWith({ fundPassword: 'pass-123' });
        const buyer = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
        const m = await miner(seller);
        const order = (await publish(seller.auth, { miner_id: m.id, unit_price: '100' })).json().data.order;
        const buy = () => fetchPost(`/api/mtrade/orders/${order.id}/buy`, buyer.auth, BUY);
        const cancel = () => fetchPost(`/api/mtrade/orders/${order.id}/cancel`, seller.auth);
        const expire = async () => {
          await t.database.db
            .updateTable('mtrade_orders')
            .set({ expires_at: new Date(Date.now() - 1000) })
            .where('id', '=', order.id)
            .where('status', '=', 'pending')
            .execute();
          return t.app.markets.expireOnce();
        };
        if (first === 'buy') expect((await buy()).body.code).toBe(0);
        if (first === 'cancel') expect((await cancel()).body.code).toBe(0);
        if (first === 'expire') await expire();
        const [bought, cancelled] = await Promise.all([
          first === 'buy' ? null : buy(),
          first === 'cancel' ? null : cancel(),
          first === 'expire' ? null : expire(),
        ]);
        if (bought) expect(bought.body.message).toBe('Order status error');
        if (cancelled) expect(cancelled.body.message).toBe('Order status error');
        const final = await t.database.db
          .selectFrom('mtrade_orders')
          .select(['status', 'cancel_reason'])
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow();
        const expected = {
          buy: { status: 'filled', cancel_reason: null },
          cancel: { status: 'cancelled', cancel_reason: 'seller' },
          expire: { status: 'cancelled', cancel_reason: 'expired' },
        }[first];
        expect(final, first).toEqual(expected);
        expect(await ownerOf(m.id)).toEqual({ address: (first === 'buy' ? buyer : seller).userinfo.bsc, state: 'off' });
        expect(await balance(buyer.auth)).toEqual({ usdt: first === 'buy' ? '0' : '100', wallx: '0' });
      }
      await books();
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
