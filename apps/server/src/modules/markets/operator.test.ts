import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, operatorLogin, type TestApp, testOperators } from '../../test/helpers.js';
import { marketOperatorHelpers, PASSWORD, startMarketOperators } from './operator.fixtures.js';

describe('market operators', () => {
  let t: TestApp;
  let base: string;
  let productId: string;
  let finance: Auth;
  let viewer: Auth;
  let support: Auth;
  beforeAll(async () => {
    ({ t, base, productId, finance, viewer, support } = await startMarketOperators());
  });
  afterAll(() => t.close());
  const { post, balance, books, cancel, audit, c2cOrder, mtradeOrder, minerState } = marketOperatorHelpers(() => ({
    t,
    base,
    productId,
    finance,
    viewer,
    support,
  }));

  describe('order lists', () => {
    it('need a console session and page every order newest first, filtered by status, seller and buyer', async () => {
      const [a, b, buyer] = [
        await t.userWith({ wallx: '1000', fundPassword: PASSWORD }),
        await t.userWith({ wallx: '1000', fundPassword: PASSWORD }),
        await t.userWith({ usdt: '1000', fundPassword: PASSWORD }),
      ];
      const first = await c2cOrder(a, '10');
      await post(`/api/c2c/orders/${first}/buy`, buyer.auth, { fund_password: PASSWORD });
      const second = await c2cOrder(a, '20');
      const third = await c2cOrder(b, '30');

      expect((await t.app.inject({ method: 'GET', url: '/api/admin/markets/c2c/orders' })).json()).toMatchObject({
        code: 8002,
      });
      expect((await t.injectAs(a, 'GET /api/admin/markets/c2c/orders')).statusCode).toBe(401);

      const list = async (query: string) =>
        (await t.injectAs(viewer, `GET /api/admin/markets/c2c/orders?${query}`)).json().data as {
          items: { id: string; seller: string; buyer: string | null; status: string }[];
          next_cursor: string | null;
        };
      const bySeller = await list(`seller=${a.userinfo.bsc.toUpperCase().replace('0X', '0x')}`);
      expect(bySeller.items.map((o) => o.id)).toEqual([second, first]);
      expect((await list(`seller=${a.userinfo.bsc}&status=filled`)).items).toMatchObject([
        { id: first, status: 'filled', buyer: buyer.userinfo.bsc },
      ]);
      expect((await list(`buyer=${buyer.userinfo.bsc}`)).items.map((o) => o.id)).toEqual([first]);
      const pending = await list('status=pending&limit=1');
      expect(pending.items.map((o) => o.id)).toEqual([third]);
      expect((await list(`status=pending&limit=1&cursor=${pending.next_cursor}`)).items.map((o) => o.id)).toEqual([
        second,
      ]);
      // An address nobody has: nothing, not everything.
      expect((await list(`seller=0x${'ab'.repeat(20)}`)).items).toEqual([]);

      for (const [query, field] of [
        ['status=open', 'status'],
        ['seller=bob', 'seller'],
        ['buyer=0x12', 'buyer'],
        ['limit=0', 'limit'],
        ['cursor=zz', 'cursor'],
      ]) {
        const response = await t.injectAs(viewer, `GET /api/admin/markets/c2c/orders?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().data.field, query).toBe(field);
      }
    });

    it('lists machine orders with their miner and product', async () => {
      const seller = await t.userWith({ fundPassword: PASSWORD });
      const { orderId, minerId } = await mtradeOrder(seller);
      const items = (
        await t.injectAs(viewer, `GET /api/admin/markets/mtrade/orders?seller=${seller.userinfo.bsc}`)
      ).json().data.items;
      expect(items).toMatchObject([
        {
          id: orderId,
          miner_id: minerId,
          status: 'pending',
          seller: seller.userinfo.bsc,
          cancel_reason: null,
          cancel_note: null,
        },
      ]);
    });
  });

  describe('cancel', () => {
    it('is refused without a session, for roles without money, and with a bad reason or market', async () => {
      const seller = await t.userWith({ wallx: '1000', fundPassword: PASSWORD });
      const id = await c2cOrder(seller);
      expect(await cancel('c2c', id, { authorization: 'Bearer nope' })).toMatchObject({
        status: 401,
        body: { code: 8002 },
      });
      expect(await cancel('c2c', id, seller.auth)).toMatchObject({ status: 401, body: { code: 8002 } });
      for (const role of [viewer, support])
        expect(await cancel('c2c', id, role)).toMatchObject({ status: 403, body: { code: 1006 } });
      for (const reason of ['no', ' x ', 'y'.repeat(501), 42, null]) {
        expect(await cancel('c2c', id, finance, reason), String(reason)).toMatchObject({
          status: 400,
          body: { code: 1001, data: { field: 'reason' } },
        });
      }
      expect(await post(`/api/admin/markets/c2c/orders/${id}/cancel`, finance)).toMatchObject({
        status: 400,
        body: { code: 1001, data: { field: 'reason' } },
      });
      expect(await cancel('bonds', id, finance)).toMatchObject({ status: 400, body: { data: { field: 'market' } } });
      expect(await cancel('c2c', 'x', finance)).toMatchObject({ status: 400, body: { data: { field: 'id' } } });
      expect(await cancel('c2c', '900000000', finance)).toMatchObject({
        status: 404,
        body: { code: 4002, data: { field: 'id' } },
      });
      // Nothing moved.
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '899' });
      expect(await audit('c2c_order', id)).toEqual([]);
    });

    it('C2C: the escrowed WALLX and fee go back to the seller, who sees the reason; audited; once', async () => {
      const seller = await t.userWith({ wallx: '1000', fundPassword: PASSWORD });
      const id = await c2cOrder(seller);
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '899' });
      const answer = await cancel('c2c', id, finance, '  Price far off the market; please relist  ');
      expect(answer).toMatchObject({
        status: 200,
        body: {
          code: 0,
          data: {
            order: {
              id,
              status: 'cancelled',
              cancel_reason: 'operator',
              cancel_note: 'Price far off the market; please relist',
            },
          },
        },
      });
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '1000' });
      const mine = (await t.injectAs(seller, 'GET /api/c2c/my_orders?role=sell')).json().data.items[0];
      expect(mine).toMatchObject({
        id,
        status: 'cancelled',
        cancel_reason: 'operator',
        cancel_note: 'Price far off the market; please relist',
      });
      expect(await audit('c2c_order', id)).toMatchObject([
        {
          operator: testOperators.finance.address.toLowerCase(),
          action: 'market_order.cancel',
          detail: {
            before: { status: 'pending' },
            after: { status: 'cancelled', reason: 'Price far off the market; please relist' },
          },
        },
      ]);
      // Again: no longer pending, nothing moves, no second audit row.
      expect(await cancel('c2c', id, finance)).toMatchObject({
        status: 409,
        body: { code: 8301, data: { field: 'id' } },
      });
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '1000' });
      expect(await audit('c2c_order', id)).toHaveLength(1);
      await books();
    });

    it('machine trade: the miner is off again and stays with the seller', async () => {
      const seller = await t.userWith({ fundPassword: PASSWORD });
      const { orderId, minerId } = await mtradeOrder(seller);
      expect(await minerState(minerId)).toBe('selling');
      const admin = await operatorLogin(t.app, 'admin');
      expect(await cancel('mtrade', orderId, admin)).toMatchObject({
        status: 200,
        body: { data: { order: { id: orderId, status: 'cancelled', cancel_reason: 'operator' } } },
      });
      expect(await minerState(minerId)).toBe('off');
      expect(await audit('mtrade_order', orderId)).toMatchObject([
        { operator: testOperators.admin.address.toLowerCase(), action: 'market_order.cancel' },
      ]);
      // The seller can list it again.
      expect(
        (
          await post('/api/mtrade/orders', seller.auth, {
            miner_id: minerId,
            unit_price: '5',
            expiry: '1D',
            fund_password: PASSWORD,
          })
        ).body.code,
      ).toBe(0);
      await books();
    });

    it('a filled or expired-and-swept order is refused with a clear error', async () => {
      const [seller, buyer] = [
        await t.userWith({ wallx: '1000', fundPassword: PASSWORD }),
        await t.userWith({ usdt: '1000', fundPassword: PASSWORD }),
      ];
      const filled = await c2cOrder(seller);
      await post(`/api/c2c/orders/${filled}/buy`, buyer.auth, { fund_password: PASSWORD });
      const refused = await cancel('c2c', filled, finance);
      expect(refused).toMatchObject({
        status: 409,
        body: { code: 8301, message: 'This order is no longer pending: it was bought, cancelled or expired' },
      });
      const expired = await c2cOrder(seller);
      await sql`update c2c_orders set expires_at = now() - interval '1 second' where id = ${expired}::bigint`.execute(
        t.database.db,
      );
      await t.app.markets.expireOnce();
      expect(await cancel('c2c', expired, finance)).toMatchObject({ status: 409, body: { code: 8301 } });
      await books();
    });

    it('raced with buyers over real HTTP: exactly one wins, and the books balance', async () => {
      for (let round = 0; round < 6; round++) {
        const seller = await t.userWith({ wallx: '1000', fundPassword: PASSWORD });
        const buyers = await Promise.all(
          Array.from({ length: 3 }, () => t.userWith({ usdt: '1000', fundPassword: PASSWORD })),
        );
        const id = await c2cOrder(seller, '100', '2');
        const answers = await Promise.all([
          cancel('c2c', id, finance),
          ...buyers.map((b) => post(`/api/c2c/orders/${id}/buy`, b.auth, { fund_password: PASSWORD })),
          cancel('c2c', id, finance),
        ]);
        expect(
          answers.filter((a) => a.body.code === 0),
          `round ${round}`,
        ).toHaveLength(1);
        const winner = answers.findIndex((a) => a.body.code === 0);
        const isCancelled = winner === 0 || winner === answers.length - 1;
        const sellerBalance = await balance(seller.auth);
        if (isCancelled) {
          expect(sellerBalance).toEqual({ usdt: '0', wallx: '1000' });
          for (const b of buyers) expect(await balance(b.auth)).toEqual({ usdt: '1000', wallx: '0' });
          expect(await audit('c2c_order', id)).toHaveLength(1);
        } else {
          expect(sellerBalance).toEqual({ usdt: '200', wallx: '899' });
          expect(await audit('c2c_order', id)).toEqual([]);
        }
      }
      // And machine orders: a cancel against two buyers.
      const seller = await t.userWith({ fundPassword: PASSWORD });
      const { orderId, minerId } = await mtradeOrder(seller);
      const buyers = await Promise.all([
        t.userWith({ usdt: '100', fundPassword: PASSWORD }),
        t.userWith({ usdt: '100', fundPassword: PASSWORD }),
      ]);
      const answers = await Promise.all([
        ...buyers.map((b) => post(`/api/mtrade/orders/${orderId}/buy`, b.auth, { fund_password: PASSWORD })),
        cancel('mtrade', orderId, finance),
      ]);
      expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
      expect(await minerState(minerId)).toBe('off');
      await books();
    });
  });
});
