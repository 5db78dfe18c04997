import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks, type TestApp } from '../../test/helpers.js';
import { demoProducts, seedDemoCatalog } from '../../app/seeds/demo-catalog.js';
import { minersClock, minersHelpers, repository } from './miners.fixtures.js';

describe('miners', () => {
  let t: TestApp;
  const { app } = minersClock();
  beforeAll(async () => {
    t = await app();
  });
  afterAll(() => t.close());
  const { addProduct, buy, balance, stockOf } = minersHelpers(() => t);

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
});
