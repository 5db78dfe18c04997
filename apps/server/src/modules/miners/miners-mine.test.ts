import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, newWallet, type TestApp } from '../../test/helpers.js';
import { minersClock, minersHelpers } from './miners.fixtures.js';

describe('miners', () => {
  let t: TestApp;
  const { now, day, app } = minersClock();
  beforeAll(async () => {
    t = await app();
  });
  afterAll(() => t.close());
  const { addProduct, buy, ownMiner, setState, grantGiftMiner } = minersHelpers(() => t);

  describe('orders and my mine', () => {
    it('uses an order once: a miner with a new machine number, off, in my mine', async () => {
      const id = await addProduct({ daily_output: '2.25', output_days: 30 });
      const judy = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const order = (await buy(judy.auth, { product_id: id, pay_asset: 'USDT', quantity: 1 })).json().data.orders[0];
      expect(
        (await t.injectAs(judy, 'GET /api/miners/orders?status=unused'))
          .json()
          .data.items.map((o: { id: string }) => o.id),
      ).toEqual([order.id]);

      const used = await t.injectAs(judy, `POST /api/miners/orders/${order.id}/use`);
      expect(used.statusCode).toBe(200);
      const miner = used.json().data.miner;
      expect(miner).toMatchObject({
        state: 'off',
        gift: false,
        daily_output: '2.25',
        output_days: 30,
        days_produced: 0,
        output_total: '0',
        activated_at: null,
      });
      expect(miner.machine_no).toMatch(/^WX\d{8}$/);

      const again = await t.injectAs(judy, `POST /api/miners/orders/${order.id}/use`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Order status error');
      expect((await t.injectAs(judy, 'GET /api/miners/orders?status=unused')).json().data.items).toEqual([]);
      expect((await t.injectAs(judy, 'GET /api/miners/orders?status=used')).json().data.items[0]).toMatchObject({
        id: order.id,
        status: 'used',
        miner_id: miner.id,
      });
      expect(
        (await t.injectAs(judy, 'GET /api/miners/mine')).json().data.items.map((m: { id: string }) => m.id),
      ).toEqual([miner.id]);
    });

    it('gives every miner a different machine number', async () => {
      const id = await addProduct();
      const ken = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const orders = (await buy(ken.auth, { product_id: id, pay_asset: 'USDT', quantity: 5 })).json().data
        .orders as Array<{ id: string }>;
      const numbers = await Promise.all(
        orders.map(
          async (o) => (await t.injectAs(ken, `POST /api/miners/orders/${o.id}/use`)).json().data.miner.machine_no,
        ),
      );
      expect(new Set(numbers).size).toBe(5);
    });

    it("cannot see or use another user's order or miner (BOLA)", async () => {
      const owner = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const id = await addProduct();
      const order = (await buy(owner.auth, { product_id: id, pay_asset: 'USDT', quantity: 2 })).json().data.orders[0];
      const miner = (await t.injectAs(owner, `POST /api/miners/orders/${order.id}/use`)).json().data.miner;
      const mallory = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const useOther = await t.injectAs(mallory, `POST /api/miners/orders/${order.id}/use`);
      expect(useOther.statusCode).toBe(404);
      expect(useOther.json().message).toBe('Order not found');
      const turnOn = await t.injectAs(mallory, `POST /api/miners/${miner.id}/turn_on`);
      expect(turnOn.statusCode).toBe(404);
      expect(turnOn.json().message).toBe('Miner not found');
      const transfer = await t.injectAs(mallory, `POST /api/miners/${miner.id}/transfer`, {
        to: owner.account.address,
        fund_password: 'pass-123',
      });
      expect(transfer.statusCode).toBe(404);
      expect((await t.injectAs(mallory, 'GET /api/miners/orders')).json().data.items).toEqual([]);
      expect((await t.injectAs(mallory, 'GET /api/miners/mine')).json().data.items).toEqual([]);
      expect((await t.injectAs(owner, 'GET /api/miners/mine')).json().data.items[0]).toMatchObject({
        id: miner.id,
        state: 'off',
      });
    });

    it('pages my orders with a cursor', async () => {
      const id = await addProduct();
      const liz = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      await buy(liz.auth, { product_id: id, pay_asset: 'USDT', quantity: 5 });
      const first = (await t.injectAs(liz, 'GET /api/miners/orders?limit=3')).json().data;
      expect(first.items).toHaveLength(3);
      const second = (await t.injectAs(liz, `GET /api/miners/orders?limit=3&cursor=${first.next_cursor}`)).json().data;
      expect(second.items).toHaveLength(2);
      expect(second.next_cursor).toBeNull();
      expect(new Set([...first.items, ...second.items].map((o: { id: string }) => o.id)).size).toBe(5);
    });
  });

  describe('turning on', () => {
    it('turns an off miner on; its output days start today in the output time zone', async () => {
      const mike = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const miner = await ownMiner(mike, await addProduct({ output_days: 3 }));
      const response = await t.injectAs(mike, `POST /api/miners/${miner.id}/turn_on`);
      expect(response.statusCode).toBe(200);
      const turnedOn = response.json().data.miner;
      expect(turnedOn).toMatchObject({ state: 'on', last_output_day: day(2) });
      expect(Math.abs(Date.parse(turnedOn.activated_at) - now())).toBeLessThan(60_000);
      const again = await t.injectAs(mike, `POST /api/miners/${miner.id}/turn_on`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This miner is already on');
    });

    it('refuses a miner that is listed for sale or expired', async () => {
      const nina = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const selling = await ownMiner(nina);
      await setState(selling.id, 'selling');
      const response = await t.injectAs(nina, `POST /api/miners/${selling.id}/turn_on`);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('This miner is listed for sale; cancel its sell order first');
      const expired = await ownMiner(nina);
      await setState(expired.id, 'expired');
      expect((await t.injectAs(nina, `POST /api/miners/${expired.id}/turn_on`)).json().message).toBe(
        'This miner has expired',
      );
    });

    it('refuses a frozen account and a bad id', async () => {
      const oscar = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const miner = await ownMiner(oscar);
      expect((await t.injectAs(oscar, 'POST /api/miners/abc/turn_on')).json()).toMatchObject({
        code: 1001,
        data: { field: 'id' },
      });
      await t.database.db
        .updateTable('users')
        .set({ is_frozen: true })
        .where('address', '=', oscar.userinfo.bsc)
        .execute();
      expect((await t.injectAs(oscar, `POST /api/miners/${miner.id}/turn_on`)).json().message).toBe('Account frozen');
    });
  });

  describe('transfer', () => {
    it('gives an off miner to another registered user', async () => {
      const pat = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const quinn = await t.userWith({ fundPassword: 'pass-123' });
      const miner = await ownMiner(pat);
      const response = await t.injectAs(pat, `POST /api/miners/${miner.id}/transfer`, {
        to: quinn.account.address,
        fund_password: 'pass-123',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ miner_id: miner.id, to: quinn.userinfo.bsc });
      expect((await t.injectAs(pat, 'GET /api/miners/mine')).json().data.items).toEqual([]);
      expect((await t.injectAs(quinn, 'GET /api/miners/mine')).json().data.items[0]).toMatchObject({
        id: miner.id,
        machine_no: miner.machine_no,
        state: 'off',
      });
    });

    it('refuses on, selling, expired and gift miners', async () => {
      const rita = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const sam = await t.userWith({ fundPassword: 'pass-123' });
      const to = sam.account.address;
      const on = await ownMiner(rita);
      await t.injectAs(rita, `POST /api/miners/${on.id}/turn_on`);
      const selling = await ownMiner(rita);
      await setState(selling.id, 'selling');
      const expired = await ownMiner(rita);
      await setState(expired.id, 'expired');
      const giftProduct = await addProduct({ gift: true, price_usdt: null, price_wallx: null, stock: 10 });
      const cases: Array<[string, string]> = [
        [on.id, 'This miner is on; a miner that is mining cannot be traded or transferred'],
        [selling.id, 'This miner is listed for sale; cancel its sell order first'],
        [expired.id, 'This miner has expired'],
      ];
      for (const [id, message] of cases) {
        const response = await t.injectAs(rita, `POST /api/miners/${id}/transfer`, { to, fund_password: 'pass-123' });
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(message);
      }
      const gift = await grantGiftMiner(rita, giftProduct);
      const giftTransfer = await t.injectAs(rita, `POST /api/miners/${gift}/transfer`, {
        to,
        fund_password: 'pass-123',
      });
      expect(giftTransfer.statusCode).toBe(409);
      expect(giftTransfer.json().message).toBe('Special/promotional machines cannot be transferred or sold');
      expect((await t.injectAs(sam, 'GET /api/miners/mine')).json().data.items).toEqual([]);
    });

    it('refuses oneself, an unknown or invalid address, a wrong or missing fund password', async () => {
      const tom = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const miner = await ownMiner(tom);
      const attempt = (payload: object, auth: Auth = tom.auth) =>
        t.injectAs(auth, `POST /api/miners/${miner.id}/transfer`, payload);
      expect((await attempt({ to: tom.account.address, fund_password: 'pass-123' })).json().message).toBe(
        'Cannot transfer to yourself',
      );
      expect((await attempt({ to: newWallet().address, fund_password: 'pass-123' })).json().message).toBe(
        'Invalid wallet account',
      );
      expect((await attempt({ to: '0x1234', fund_password: 'pass-123' })).json()).toMatchObject({
        message: 'Invalid wallet account',
        data: { field: 'to' },
      });
      const uma = await t.userWith({ fundPassword: 'pass-123' });
      const wrong = await attempt({ to: uma.account.address, fund_password: 'wrong-1' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe('Incorrect fund password. Tries left before a 15-minute lock: 4');
      expect((await attempt({ to: uma.account.address, fund_password: '' })).json()).toMatchObject({
        code: 1001,
        data: { field: 'fund_password' },
      });

      const vic = await t.userWith({ usdt: '1000' });
      const vicMiner = await ownMiner(vic);
      const noPassword = await t.injectAs(vic, `POST /api/miners/${vicMiner.id}/transfer`, {
        to: uma.account.address,
        fund_password: 'anything',
      });
      expect(noPassword.json().message).toBe('Please set a fund password first');
      expect((await t.injectAs(uma, 'GET /api/miners/mine')).json().data.items).toEqual([]);
    });
  });
});
