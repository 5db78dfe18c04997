import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, type Session, type TestApp } from '../../test/helpers.js';
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
  const { post, balance, books, audit, c2cOrder, mtradeOrder, minerState } = marketOperatorHelpers(() => ({
    t,
    base,
    productId,
    finance,
    viewer,
    support,
  }));

  describe('freezing a seller', () => {
    const userId = async (session: Session) =>
      (
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('address', '=', session.userinfo.bsc.toLowerCase())
          .executeTakeFirstOrThrow()
      ).id;
    const freeze = (id: string) =>
      post(`/api/admin/users/${id}/freeze`, support, { frozen: true, reason: 'Stolen wallet reported' });

    it('withdraws their pending orders in the same transaction: escrow back, miner off, nobody can buy them after', async () => {
      const seller = await t.userWith({ wallx: '1000', fundPassword: PASSWORD });
      const c2cId = await c2cOrder(seller, '100', '2');
      const { orderId, minerId } = await mtradeOrder(seller);
      const frozen = await freeze(await userId(seller));
      expect(frozen.body.code).toBe(0);
      expect(await balance(seller.auth)).toEqual({ usdt: '0', wallx: '1000' });
      expect(await minerState(minerId)).toBe('off');
      const buyer = await t.userWith({ usdt: '1000', fundPassword: PASSWORD });
      expect((await post(`/api/c2c/orders/${c2cId}/buy`, buyer.auth, { fund_password: PASSWORD })).body.code).toBe(
        4003,
      );
      expect((await post(`/api/mtrade/orders/${orderId}/buy`, buyer.auth, { fund_password: PASSWORD })).body.code).toBe(
        4003,
      );
      expect(await balance(buyer.auth)).toEqual({ usdt: '1000', wallx: '0' });
      const mine = (await t.injectAs(seller, 'GET /api/c2c/my_orders?role=sell')).json().data.items as Array<{
        id: string;
        status: string;
        cancel_note: string | null;
      }>;
      expect(mine.find((o) => o.id === c2cId)).toMatchObject({
        status: 'cancelled',
        cancel_note: 'Stolen wallet reported',
      });
      const [row] = (
        await t.injectAs(viewer, `GET /api/admin/audit?action=user.freeze&subject_id=${await userId(seller)}`)
      ).json().data.items;
      expect(row.detail).toMatchObject({ after: { is_frozen: true, withdrawn_orders: 2 } });
      expect(await audit('c2c_order', c2cId)).toHaveLength(1);
      await books();
    });

    it('raced with buyers over real HTTP: each order is either bought or withdrawn, never both, and the books balance', async () => {
      for (let round = 0; round < 4; round++) {
        const seller = await t.userWith({ wallx: '1000', fundPassword: PASSWORD });
        const id = await c2cOrder(seller, '100', '2');
        const buyers = await Promise.all(
          Array.from({ length: 2 }, () => t.userWith({ usdt: '1000', fundPassword: PASSWORD })),
        );
        const answers = await Promise.all([
          ...buyers.map((b) => post(`/api/c2c/orders/${id}/buy`, b.auth, { fund_password: PASSWORD })),
          freeze(await userId(seller)),
        ]);
        expect(answers.at(-1)!.body.code, `round ${round}`).toBe(0);
        const bought = answers.slice(0, -1).filter((a) => a.body.code === 0).length;
        expect(bought, `round ${round}`).toBeLessThanOrEqual(1);
        expect(await balance(seller.auth)).toEqual(
          bought ? { usdt: '200', wallx: '899' } : { usdt: '0', wallx: '1000' },
        );
      }
      await books();
    });
  });
});
