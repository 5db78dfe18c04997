import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../test/helpers.js';
import { marketsHelpers, startMarkets } from './markets.fixtures.js';

describe('markets', () => {
  let t: TestApp;
  let productId: string;
  beforeAll(async () => {
    ({ t, productId } = await startMarkets());
  });
  afterAll(() => t.close());
  const { get, post, balance, BUY } = marketsHelpers(() => ({ t, productId }));

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
});
