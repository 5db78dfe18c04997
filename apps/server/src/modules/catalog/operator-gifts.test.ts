import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, checkBooks, login, type Session, type TestApp, testOperators } from '../../test/helpers.js';
import { catalogOperatorHelpers, startCatalogOperators } from './operator.fixtures.js';

describe('catalog operators', () => {
  let t: TestApp;
  let base: string;
  let admin: Auth;
  let finance: Auth;
  let support: Auth;
  let viewer: Auth;
  let appUser: Session;
  beforeAll(async () => {
    ({ t, base, admin, finance, support, viewer, appUser } = await startCatalogOperators());
  });
  afterAll(() => t.close());
  const { okData, create, lastAudit } = catalogOperatorHelpers(() => ({
    t,
    base,
    admin,
    finance,
    support,
    viewer,
    appUser,
  }));

  describe('gift grants', () => {
    const grantBody = (overrides: Record<string, unknown> = {}) => ({
      address: appUser.userinfo.bsc,
      quantity: 1,
      reason: 'Launch event',
      ...overrides,
    });

    it('validates the body, naming the field', async () => {
      const gift = await create({ gift: true, price_usdt: null, stock: 5 });
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ address: '0x1234' }, 'address'],
        [{ quantity: 0 }, 'quantity'],
        [{ quantity: 11 }, 'quantity'],
        [{ reason: '  ' }, 'reason'],
        [{ product_id: 'abc' }, 'product_id'],
      ];
      for (const [overrides, field] of cases) {
        const response = await t.injectAs(
          finance,
          'POST /api/admin/gifts',
          grantBody({ product_id: gift.id, ...overrides }),
        );
        expect(response.statusCode, field).toBe(400);
        expect(response.json()).toMatchObject({ code: 1001, data: { field } });
      }
      expect(
        (
          await t.injectAs(
            finance,
            'POST /api/admin/gifts',
            grantBody({ product_id: gift.id, address: '0x000000000000000000000000000000000000dEaD' }),
          )
        ).json(),
      ).toMatchObject({ code: 8208, data: { field: 'address' } });
      const sellable = await create({ stock: 5 });
      expect(
        (await t.injectAs(finance, 'POST /api/admin/gifts', grantBody({ product_id: sellable.id }))).json(),
      ).toMatchObject({ code: 8207, data: { field: 'product_id' } });
      expect(
        (await t.injectAs(finance, 'POST /api/admin/gifts', grantBody({ product_id: gift.id, quantity: 6 }))).json(),
      ).toMatchObject({ code: 4010, data: { field: 'quantity' } });
    });

    it('gives unused gift orders without any debit, takes stock, audits, and lists grants by user', async () => {
      const gift = await create({ gift: true, price_usdt: null, stock: 5, daily_output: '0.5', output_days: 7 });
      const receiver = await login(t.app);
      const grant = (
        await okData(
          'POST',
          '/api/admin/gifts',
          finance,
          grantBody({ address: receiver.userinfo.bsc, product_id: gift.id, quantity: 2 }),
        )
      ).grant;
      expect(grant).toMatchObject({
        address: receiver.userinfo.bsc,
        quantity: 2,
        reason: 'Launch event',
        operator: testOperators.finance.address.toLowerCase(),
        product: { id: gift.id },
      });
      expect(grant.order_ids).toHaveLength(2);
      expect(await lastAudit('gift_grant', grant.id)).toMatchObject({
        action: 'gift.grant',
        detail: { before: { stock: 5 }, after: { quantity: 2, stock: 3, order_ids: grant.order_ids } },
      });

      const orders = (await t.injectAs(receiver, 'GET /api/miners/orders')).json().data.items;
      expect(orders).toHaveLength(2);
      expect(orders[0]).toMatchObject({
        gift: true,
        status: 'unused',
        price: null,
        pay_asset: null,
        product: { id: gift.id, daily_output: '0.5', output_days: 7 },
      });
      expect((await t.injectAs(receiver, 'GET /api/user/info')).json().data.balance).toMatchObject({
        usdt: '0',
        wallx: '0',
      });
      expect(
        (await okData('GET', '/api/admin/products?gift=true&limit=100', viewer)).items.find(
          (p: { id: string }) => p.id === gift.id,
        ),
      ).toMatchObject({ stock: 3, units_out: 2 });

      const listed = await okData('GET', `/api/admin/gifts?address=${receiver.userinfo.bsc}`, viewer);
      expect(listed.items.map((g: { id: string }) => g.id)).toEqual([grant.id]);
      expect((await okData('GET', `/api/admin/gifts?address=${'0x'.padEnd(42, '7')}`, viewer)).items).toEqual([]);
      expect((await t.injectAs(viewer, 'GET /api/admin/gifts?address=nope')).json()).toMatchObject({
        code: 1001,
        data: { field: 'address' },
      });
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });

    it('a granted miner can never be listed for sale or transferred', async () => {
      const gift = await create({ gift: true, price_usdt: null, stock: 5 });
      const owner = await t.userWith({ fundPassword: 'pass-123' });
      const other = await login(t.app);
      const [orderId] = (
        await okData(
          'POST',
          '/api/admin/gifts',
          finance,
          grantBody({ address: owner.userinfo.bsc, product_id: gift.id }),
        )
      ).grant.order_ids;
      const miner = (await t.injectAs(owner, `POST /api/miners/orders/${orderId}/use`)).json().data.miner;
      expect(miner).toMatchObject({ gift: true, state: 'off' });
      const transfer = await t.injectAs(owner, `POST /api/miners/${miner.id}/transfer`, {
        to: other.userinfo.bsc,
        fund_password: 'pass-123',
      });
      expect(transfer.json()).toMatchObject({ code: 4001 });
      const listing = await t.injectAs(owner, 'POST /api/mtrade/orders', {
        miner_id: miner.id,
        unit_price: '10',
        expiry: '1D',
        fund_password: 'pass-123',
      });
      expect(listing.json()).toMatchObject({ code: 4001 });
      expect((await t.injectAs(owner, 'GET /api/miners/mine')).json().data.items[0]).toMatchObject({
        id: miner.id,
        state: 'off',
      });
    });

    it('races: parallel grants never take more than the stock, and a retried key grants once', async () => {
      const gift = await create({ gift: true, price_usdt: null, stock: 5 });
      const post = (payload: object, headers: Record<string, string> = {}) =>
        fetch(`${base}/api/admin/gifts`, {
          method: 'POST',
          headers: { ...finance, 'content-type': 'application/json', ...headers },
          body: JSON.stringify(payload),
        }).then(async (r) => (await r.json()) as { code: number; data?: { grant: { id: string } } });
      const answers = await Promise.all(Array.from({ length: 8 }, () => post(grantBody({ product_id: gift.id }))));
      expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
      expect(new Set(answers.filter((a) => a.code !== 0).map((a) => a.code))).toEqual(new Set([4010]));

      await okData('POST', `/api/admin/products/${gift.id}/stock`, admin, { change: 5 });
      const retried = await Promise.all(
        Array.from({ length: 4 }, () =>
          post(grantBody({ product_id: gift.id, quantity: 2 }), { 'idempotency-key': 'grant-retry-1' }),
        ),
      );
      expect(retried.every((a) => a.code === 0)).toBe(true);
      expect(new Set(retried.map((a) => a.data!.grant.id)).size).toBe(1);
      const conflict = await post(grantBody({ product_id: gift.id, quantity: 3 }), {
        'idempotency-key': 'grant-retry-1',
      });
      expect(conflict.code).toBe(1007);
      const after = (await okData('GET', '/api/admin/products?gift=true&limit=100', viewer)).items.find(
        (p: { id: string }) => p.id === gift.id,
      );
      expect(after).toMatchObject({ stock: 3, units_out: 7 });
    });
  });
});
