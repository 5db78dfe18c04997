import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Auth,
  buildTestApp,
  checkBooks,
  newWallet,
  operatorLogin,
  type Session,
  type TestApp,
  testProduct,
} from '../../test/helpers.js';
import { releaseLease, takeLease } from '../../db/lease.js';
import { demoProducts, seedDemoCatalog } from '../../db/seeds/demo-catalog.js';
import { addDays, dayInZone } from '../../time/days.js';
import { createMinersRepository, type ProductInput } from './repository.js';

const repository = createMinersRepository();
const product = testProduct;

describe('miners', () => {
  let t: TestApp;
  // Output days are dates in the output time zone, counted from the day a miner is turned on. The
  // app runs on the suite's clock: real time moved to noon of today in Asia/Shanghai, so "today"
  // cannot change under a run that crosses Shanghai's midnight (16:00 UTC).
  const toNoon = Date.parse(`${dayInZone(Date.now(), 'Asia/Shanghai')}T12:00:00+08:00`) - Date.now();
  const now = () => Date.now() + toNoon;
  const today = dayInZone(now(), 'Asia/Shanghai');
  const day = (offset: number) => addDays(today, offset);
  const app = () => buildTestApp({ now });
  beforeAll(async () => {
    t = await app();
  });
  afterAll(() => t.close());

  const addProduct = (overrides: Partial<ProductInput> = {}) =>
    repository.insertProduct(t.database.db, product(overrides));
  const buy = (auth: Auth, payload: object, headers: Record<string, string> = {}) =>
    t.injectAs(auth, 'POST /api/miners/buy', payload, headers);
  const balance = async (auth: Auth) =>
    (await t.injectAs(auth, 'GET /api/user/info')).json().data.balance as { usdt: string; wallx: string };
  const stockOf = async (id: string) => (await repository.findProduct(t.database.db, id))!.stock;

  /** Buys one unit and places it: an off miner. */
  async function ownMiner(owner: Session, productId?: string) {
    const id = productId ?? (await addProduct());
    const bought = await buy(owner.auth, { product_id: id, pay_asset: 'USDT', quantity: 1 });
    expect(bought.json().code, bought.body).toBe(0);
    const used = await t.injectAs(owner, `POST /api/miners/orders/${bought.json().data.orders[0].id}/use`);
    return used.json().data.miner as { id: string; machine_no: string; state: string };
  }

  const setState = (minerId: string, state: 'selling' | 'expired') =>
    t.database.db
      .updateTable('miners')
      .set(
        state === 'expired'
          ? { state, activated_at: new Date(), first_output_day: '2026-01-01', last_output_day: '2026-01-02' }
          : { state },
      )
      .where('id', '=', minerId)
      .execute();

  describe('catalog', () => {
    it('lists products on sale to guests, by category, without gifts or withdrawn products', async () => {
      const node = await addProduct({ category: 'node', sort: -100, name: 'en_US:::Node A' });
      const machine = await addProduct({ category: 'machine', sort: -100, price_wallx: null });
      const gift = await addProduct({ gift: true, price_usdt: null, price_wallx: null, sort: -100 });
      const hidden = await addProduct({ on_sale: false, sort: -100 });

      const nodes = await t.app.inject({ method: 'GET', url: '/api/miners/products?category=node' });
      expect(nodes.statusCode).toBe(200);
      const nodeIds = nodes.json().data.items.map((p: { id: string }) => p.id);
      expect(nodeIds).toContain(node);
      expect(nodeIds).not.toContain(machine);
      const machines = (await t.app.inject({ method: 'GET', url: '/api/miners/products?category=machine' })).json().data
        .items as Array<{ id: string }>;
      expect(machines.map((p) => p.id)).toEqual(expect.arrayContaining([machine]));
      const all = (await t.app.inject({ method: 'GET', url: '/api/miners/products' }))
        .json()
        .data.items.map((p: { id: string }) => p.id);
      expect(all).not.toContain(gift);
      expect(all).not.toContain(hidden);
      expect(machines.find((p) => p.id === machine)).toEqual({
        id: machine,
        name: 'en_US:::Test Miner\nzh_CN:::测试矿机',
        image: '/catalog/home-miner.svg',
        category: 'machine',
        price_usdt: '100',
        price_wallx: null,
        daily_output: '1.5',
        output_days: 3,
        stock: 1000,
        per_user_limit: null,
        physical: false,
        gift: false,
      });
    });

    it('refuses an unknown category, naming the field', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/miners/products?category=gpu' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 1001, data: { field: 'category' } });
    });

    it('seeds the demo catalog once, into an empty catalog only', async () => {
      const fresh = await app();
      try {
        expect(await seedDemoCatalog(fresh.database.db, repository)).toBe(demoProducts.length);
        expect(await seedDemoCatalog(fresh.database.db, repository)).toBe(0);
        const listed = (await fresh.app.inject({ method: 'GET', url: '/api/miners/products' })).json().data
          .items as Array<{ category: string }>;
        expect(listed.filter((p) => p.category === 'node').length).toBeGreaterThanOrEqual(3);
        expect(listed.filter((p) => p.category === 'machine').length).toBeGreaterThanOrEqual(3);
        expect(listed).toHaveLength(demoProducts.filter((p) => !p.gift).length);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('buying', () => {
    it('debits the price through the ledger, takes stock and creates one order per unit', async () => {
      const id = await addProduct({ stock: 10 });
      const alice = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const response = await buy(alice.auth, { product_id: id, pay_asset: 'USDT', quantity: 3 });
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.orders).toHaveLength(3);
      expect(data.orders[0]).toMatchObject({
        status: 'unused',
        pay_asset: 'USDT',
        price: '100',
        gift: false,
        miner_id: null,
        product: { id },
      });
      expect(data.balance).toEqual({ usdt: '700', wallx: '0' });
      expect(await stockOf(id)).toBe(7);
      const records = (await t.injectAs(alice, 'GET /api/funds/records?type=buy_miner')).json().data.items;
      expect(records).toEqual([
        expect.objectContaining({ type: 'buy_miner', asset: 'USDT', amount: '-300', ref_type: 'miner_purchase' }),
      ]);
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });

    it('exchanges with WALLX when the product has a WALLX price', async () => {
      const id = await addProduct();
      const bob = await t.userWith({ wallx: '600', fundPassword: 'pass-123' });
      const response = await buy(bob.auth, { product_id: id, pay_asset: 'WALLX', quantity: 1 });
      expect(response.json().data.balance).toEqual({ usdt: '0', wallx: '100' });
    });

    it('refuses an asset the product has no price in', async () => {
      const id = await addProduct({ price_wallx: null });
      const bob = await t.userWith({ wallx: '10000', fundPassword: 'pass-123' });
      const response = await buy(bob.auth, { product_id: id, pay_asset: 'WALLX', quantity: 1 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 4012,
        message: 'This product cannot be paid with WALLX',
        data: { field: 'pay_asset' },
      });
    });

    it.each([
      ['USDT', 'Insufficient USDT balance'],
      ['WALLX', 'Insufficient WALLX balance'],
    ])('refuses a buyer short of %s, and takes no stock', async (asset, message) => {
      const id = await addProduct({ stock: 5 });
      const carol = await t.userWith({ usdt: '99', wallx: '499', fundPassword: 'pass-123' });
      const response = await buy(carol.auth, { product_id: id, pay_asset: asset, quantity: 1 });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(message);
      expect(await stockOf(id)).toBe(5);
      expect((await t.injectAs(carol, 'GET /api/miners/orders')).json().data.items).toEqual([]);
      expect(await balance(carol.auth)).toEqual({ usdt: '99', wallx: '499' });
    });

    it('refuses more than the stock', async () => {
      const id = await addProduct({ stock: 2 });
      const dave = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const response = await buy(dave.auth, { product_id: id, pay_asset: 'USDT', quantity: 3 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 4010, message: 'Sold out' });
      expect(await balance(dave.auth)).toEqual({ usdt: '1000', wallx: '0' });
    });

    it('keeps the per-user limit across purchases', async () => {
      const id = await addProduct({ per_user_limit: 2 });
      const erin = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      expect((await buy(erin.auth, { product_id: id, pay_asset: 'USDT', quantity: 2 })).statusCode).toBe(200);
      const third = await buy(erin.auth, { product_id: id, pay_asset: 'USDT', quantity: 1 });
      expect(third.statusCode).toBe(409);
      expect(third.json().message).toBe('Purchase limit reached: at most 2 per account');
      const other = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      expect((await buy(other.auth, { product_id: id, pay_asset: 'USDT', quantity: 2 })).statusCode).toBe(200);
    });

    it('never sells a gift, an unknown or a withdrawn product', async () => {
      const frank = await t.userWith({ usdt: '1000', wallx: '1000', fundPassword: 'pass-123' });
      const gift = await addProduct({ gift: true, price_usdt: null, price_wallx: null });
      const giftBuy = await buy(frank.auth, { product_id: gift, pay_asset: 'USDT', quantity: 1 });
      expect(giftBuy.json()).toMatchObject({
        code: 4001,
        message: 'Special/promotional machines cannot be transferred or sold',
      });
      for (const id of ['999999999', await addProduct({ on_sale: false })]) {
        const response = await buy(frank.auth, { product_id: id, pay_asset: 'USDT', quantity: 1 });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 5004, message: 'product info not found' });
      }
      expect(await balance(frank.auth)).toEqual({ usdt: '1000', wallx: '1000' });
    });

    it.each([
      [{ product_id: 'abc' }, 'product_id'],
      [{ product_id: '0' }, 'product_id'],
      [{ pay_asset: 'BTC' }, 'pay_asset'],
      [{ quantity: 0 }, 'quantity'],
      [{ quantity: 1.5 }, 'quantity'],
      [{ quantity: 101 }, 'quantity'],
      [{ quantity: '2' }, 'quantity'],
    ])('rejects bad input %j naming %s', async (override, field) => {
      const grace = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const response = await buy(grace.auth, { product_id: '1', pay_asset: 'USDT', quantity: 1, ...override });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 1001,
        message: `Invalid request parameters: ${field}`,
        data: { field },
      });
    });

    it('answers a retry with the same Idempotency-Key once, and refuses the key for another request', async () => {
      const id = await addProduct();
      const heidi = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const headers = { 'idempotency-key': 'buy-1' };
      const first = await buy(heidi.auth, { product_id: id, pay_asset: 'USDT', quantity: 1 }, headers);
      const again = await buy(heidi.auth, { product_id: id, pay_asset: 'USDT', quantity: 1 }, headers);
      expect(again.json()).toEqual(first.json());
      expect(await balance(heidi.auth)).toEqual({ usdt: '900', wallx: '0' });
      const other = await buy(heidi.auth, { product_id: id, pay_asset: 'USDT', quantity: 2 }, headers);
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe(1007);
    });

    it('refuses guests and frozen accounts', async () => {
      const id = await addProduct();
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/miners/buy',
            payload: { product_id: id, pay_asset: 'USDT', quantity: 1 },
          })
        ).statusCode,
      ).toBe(401);
      const ivan = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      await t.database.db
        .updateTable('users')
        .set({ is_frozen: true })
        .where('address', '=', ivan.userinfo.bsc)
        .execute();
      const response = await buy(ivan.auth, { product_id: id, pay_asset: 'USDT', quantity: 1 });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Account frozen');
      expect(await balance(ivan.auth)).toEqual({ usdt: '1000', wallx: '0' });
    });

    it('sells the last unit to exactly one of many parallel buyers', async () => {
      const id = await addProduct({ stock: 1 });
      const buyers = await Promise.all(
        Array.from({ length: 12 }, () => t.userWith({ usdt: '100', fundPassword: 'pass-123' })),
      );
      const responses = await Promise.all(
        buyers.map((b) => buy(b.auth, { product_id: id, pay_asset: 'USDT', quantity: 1 })),
      );
      const codes = responses.map((r) => r.json().code);
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect(codes.filter((c) => c === 4010)).toHaveLength(11);
      expect(await stockOf(id)).toBe(0);
      const balances = await Promise.all(buyers.map((b) => balance(b.auth)));
      expect(balances.filter((b) => b.usdt === '0')).toHaveLength(1);
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });
  });

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
      expect(wrong.json().message).toBe('Incorrect fund password');
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

  /** A gift reaches a user as an unused order granted by an operator (the console's grant). */
  async function grantGiftMiner(owner: Session, giftProductId: string): Promise<string> {
    const finance = await operatorLogin(t.app, 'finance');
    const granted = await t.injectAs(finance, 'POST /api/admin/gifts', {
      address: owner.userinfo.bsc,
      product_id: giftProductId,
      quantity: 1,
      reason: 'welcome',
    });
    expect(granted.statusCode).toBe(200);
    const [orderId] = granted.json().data.grant.order_ids as string[];
    const order = (await t.injectAs(owner, 'GET /api/miners/orders'))
      .json()
      .data.items.find((o: { id: string }) => o.id === orderId);
    expect(order).toMatchObject({ gift: true, status: 'unused', price: null, pay_asset: null });
    const used = await t.injectAs(owner, `POST /api/miners/orders/${orderId}/use`);
    expect(used.json().data.miner.gift).toBe(true);
    return used.json().data.miner.id as string;
  }

  describe('daily output and collection', () => {
    // Only a day that has ended can be produced: miners are moved back in time instead of the clock forward.
    const runDay = (day: string) => t.app.outputJob.runDay(day);
    /** Turns a miner on, as if that had happened `daysAgo` days ago. */
    async function turnedOnDaysAgo(owner: Session, miner: { id: string }, daysAgo: number, outputDays: number) {
      expect((await t.injectAs(owner, `POST /api/miners/${miner.id}/turn_on`)).statusCode).toBe(200);
      await t.database.db
        .updateTable('miners')
        .set({ first_output_day: day(-daysAgo), last_output_day: day(-daysAgo + outputDays - 1) })
        .where('id', '=', miner.id)
        .execute();
    }

    it('refuses to produce today or a day to come', async () => {
      for (const offset of [0, 1]) {
        await expect(runDay(day(offset))).rejects.toMatchObject({
          key: 'output_day_not_over',
          field: 'date',
          params: { day: day(offset), zone: 'Asia/Shanghai' },
        });
      }
    });

    it('gives each on miner one record a day, never twice, and expires it after its output days', async () => {
      const wendy = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const id = await addProduct({ daily_output: '1.5', output_days: 2 });
      const miner = await ownMiner(wendy, id);
      const idle = await ownMiner(wendy, id);
      await turnedOnDaysAgo(wendy, miner, 3, 2);

      // Day before it was turned on: nothing.
      expect(totalFor(await runDay(day(-4)), day(-4))).toBe(0);
      await runDay(day(-3));
      const again = await runDay(day(-3));
      expect(totalFor(again, day(-3))).toBe(0);
      let outputs = (await t.injectAs(wendy, 'GET /api/miners/outputs')).json().data.items;
      expect(outputs).toEqual([
        expect.objectContaining({
          miner_id: miner.id,
          machine_no: miner.machine_no,
          day: day(-3),
          amount: '1.5',
          status: 'to_collect',
        }),
      ]);

      const last = await runDay(day(-2));
      expect(last?.at(-1)).toMatchObject({ day: day(-2) });
      const mine = (await t.injectAs(wendy, 'GET /api/miners/mine')).json().data.items as Array<{
        id: string;
        state: string;
        days_produced: number;
        output_total: string;
      }>;
      expect(mine.find((m) => m.id === miner.id)).toMatchObject({
        state: 'expired',
        days_produced: 2,
        output_total: '3',
      });
      expect(mine.find((m) => m.id === idle.id)).toMatchObject({ state: 'off', days_produced: 0 });
      await runDay(day(-1));
      outputs = (await t.injectAs(wendy, 'GET /api/miners/outputs?status=to_collect')).json().data.items;
      expect(outputs.map((o: { day: string }) => o.day)).toEqual([day(-2), day(-3)]);
    });

    it('catches up a missed day before the day asked for', async () => {
      // On a database of its own: which days are pending depends on every run before.
      const shared = t;
      t = await app();
      try {
        const xena = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
        const miner = await ownMiner(xena, await addProduct({ output_days: 10 }));
        await turnedOnDaysAgo(xena, miner, 3, 10);
        await runDay(day(-3));
        const days = await runDay(day(-1));
        expect(days?.map((d) => d.day)).toEqual([day(-2), day(-1)]);
        const outputs = (await t.injectAs(xena, 'GET /api/miners/outputs'))
          .json()
          .data.items.map((o: { day: string }) => o.day);
        expect(outputs).toEqual([day(-1), day(-2), day(-3)]);
        // The scheduled run has nothing left up to yesterday, and a second instance waits its turn.
        expect(await t.app.outputJob.catchUp()).toEqual([]);
      } finally {
        await t.close();
        t = shared;
      }
    });

    it('the scheduled run produces yesterday once it has ended, and waits while another instance holds the job', async () => {
      const shared = t;
      t = await buildTestApp({ adminToken: 'admin-token-for-tests-0123456789', now });
      try {
        const bea = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
        const miner = await ownMiner(bea, await addProduct({ output_days: 5 }));
        await t.injectAs(bea, `POST /api/miners/${miner.id}/turn_on`);
        // As if it had been turned on yesterday.
        await t.database.db
          .updateTable('miners')
          .set({ first_output_day: day(-1), last_output_day: day(3) })
          .where('id', '=', miner.id)
          .execute();

        await takeLease(t.database.db, 'miner-output', 'another-instance', 60_000);
        expect(await t.app.outputJob.catchUp()).toBeNull();
        expect((await t.injectAs(bea, 'GET /api/miners/outputs')).json().data.items).toEqual([]);
        await releaseLease(t.database.db, 'miner-output', 'another-instance');

        expect(await t.app.outputJob.catchUp()).toEqual([{ day: day(-1), outputs: 1, expired: 0 }]);
        expect(await t.app.outputJob.catchUp()).toEqual([]);
        expect(
          (await t.injectAs(bea, 'GET /api/miners/outputs')).json().data.items.map((o: { day: string }) => o.day),
        ).toEqual([day(-1)]);

        // By hand, through the running server (what `npm run jobs:output` does on the embedded database).
        const run = (payload: object, token = 'admin-token-for-tests-0123456789') =>
          t.app.inject({
            method: 'POST',
            url: '/api/internal/jobs/miner_output',
            headers: { 'x-wallx-admin-token': token },
            payload,
          });
        expect((await run({ date: day(-1) })).json().data.days).toEqual([{ day: day(-1), outputs: 0, expired: 0 }]);
        // Today has not ended: nothing is produced, and the answer says why.
        const early = await run({ date: day(0) });
        expect(early.statusCode).toBe(400);
        expect(early.json()).toMatchObject({
          code: 4018,
          message: `Day ${day(0)} has not ended yet in Asia/Shanghai`,
          data: { field: 'date' },
        });
        expect(
          (await t.injectAs(bea, 'GET /api/miners/outputs')).json().data.items.map((o: { day: string }) => o.day),
        ).toEqual([day(-1)]);
        const bad = await run({ date: '2026-02-30' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().data.field).toBe('date');
        expect((await run({ date: day(0) }, 'wrong-token-wrong-token-wrong-tok')).statusCode).toBe(403);
      } finally {
        await t.close();
        t = shared;
      }
    });

    it('collects one record, then all, crediting WALLX through the ledger', async () => {
      const yan = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const miner = await ownMiner(yan, await addProduct({ daily_output: '2.5', output_days: 30 }));
      await turnedOnDaysAgo(yan, miner, 3, 30);
      for (const offset of [-3, -2, -1]) await runDay(day(offset));
      const summary = (await t.injectAs(yan, 'GET /api/miners/summary')).json().data;
      expect(summary).toEqual({
        miners: 1,
        mining: 1,
        to_collect_count: 3,
        to_collect_amount: '7.5',
        collected_amount: '0',
      });

      const [newest] = (await t.injectAs(yan, 'GET /api/miners/outputs?status=to_collect')).json().data.items;
      const one = await t.injectAs(yan, `POST /api/miners/outputs/${newest.id}/collect`);
      expect(one.json().data).toEqual({ collected: 1, amount: '2.5', balance: { wallx: '2.5' } });
      const twice = await t.injectAs(yan, `POST /api/miners/outputs/${newest.id}/collect`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('This output has already been collected');

      const all = await t.injectAs(yan, 'POST /api/miners/outputs/collect_all');
      expect(all.json().data).toEqual({ collected: 2, amount: '5', balance: { wallx: '7.5' } });
      const none = await t.injectAs(yan, 'POST /api/miners/outputs/collect_all');
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe('Nothing to collect');
      expect(await balance(yan.auth)).toEqual({ usdt: '900', wallx: '7.5' });
      const records = (await t.injectAs(yan, 'GET /api/funds/records?type=mining_output')).json().data.items;
      expect(records.map((r: { amount: string; ref_type: string }) => [r.amount, r.ref_type])).toEqual([
        ['5', 'output_collection'],
        ['2.5', 'output_collection'],
      ]);
      expect((await t.injectAs(yan, 'GET /api/miners/summary')).json().data).toMatchObject({
        to_collect_count: 0,
        collected_amount: '7.5',
      });
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });

    it("cannot collect another user's record (BOLA), and says so for an unknown one", async () => {
      const zed = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const miner = await ownMiner(zed, await addProduct({ output_days: 30 }));
      await turnedOnDaysAgo(zed, miner, 1, 30);
      await runDay(day(-1));
      const [record] = (await t.injectAs(zed, 'GET /api/miners/outputs')).json().data.items;
      const thief = await t.userWith({ fundPassword: 'pass-123' });
      const stolen = await t.injectAs(thief, `POST /api/miners/outputs/${record.id}/collect`);
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json().message).toBe('Output record not found');
      expect((await t.injectAs(thief, 'POST /api/miners/outputs/collect_all')).json().message).toBe(
        'Nothing to collect',
      );
      expect(await balance(thief.auth)).toEqual({ usdt: '0', wallx: '0' });
      expect((await t.injectAs(thief, 'GET /api/miners/outputs')).json().data.items).toEqual([]);
    });

    it('credits parallel collect-alls of the same records once', async () => {
      const amy = await t.userWith({ usdt: '10000', fundPassword: 'pass-123' });
      const id = await addProduct({ daily_output: '0.125', output_days: 30 });
      const bought = (await buy(amy.auth, { product_id: id, pay_asset: 'USDT', quantity: 20 })).json().data
        .orders as Array<{ id: string }>;
      for (const order of bought) {
        const miner = (await t.injectAs(amy, `POST /api/miners/orders/${order.id}/use`)).json().data.miner;
        await turnedOnDaysAgo(amy, miner, 2, 30);
      }
      for (const offset of [-2, -1]) await runDay(day(offset));
      const responses = await Promise.all(
        Array.from({ length: 16 }, () => t.injectAs(amy, 'POST /api/miners/outputs/collect_all')),
      );
      const ok = responses.filter((r) => r.json().code === 0);
      const collected = ok.reduce((n, r) => n + (r.json().data.collected as number), 0);
      expect(collected).toBe(40);
      expect(responses.filter((r) => r.json().code !== 0).every((r) => r.json().message === 'Nothing to collect')).toBe(
        true,
      );
      expect((await balance(amy.auth)).wallx).toBe('5');
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });
  });
});

function totalFor(days: Array<{ day: string; outputs: number }> | null, day: string): number {
  return days?.find((d) => d.day === day)?.outputs ?? 0;
}
