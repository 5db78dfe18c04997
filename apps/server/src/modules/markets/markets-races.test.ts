import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, type TestApp } from '../../test/helpers.js';
import { marketsHelpers, startMarkets } from './markets.fixtures.js';

describe('markets', () => {
  let t: TestApp;
  let base: string;
  let productId: string;
  beforeAll(async () => {
    ({ t, base, productId } = await startMarkets());
  });
  afterAll(() => t.close());
  const { balance, books, miner, ownerOf, BUY, publish } = marketsHelpers(() => ({ t, productId }));

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
});
