import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../test/helpers.js';
import { FUND_PASSWORD, shippingHelpers, startShipping } from './shipping.fixtures.js';

describe('shipping, pick-up and write-off', () => {
  let t: TestApp;
  let ADMIN: { authorization: string };
  let physical: string;
  let later: string;
  let digital: string;
  let point: string;
  beforeAll(async () => {
    ({ t, ADMIN, physical, later, digital, point } = await startShipping());
  });
  afterAll(() => t.close());
  const { call, addAddress, holder, validatorOf, voucherFor } = shippingHelpers(() => ({
    t,
    ADMIN,
    physical,
    later,
    digital,
    point,
  }));

  describe('write-off', () => {
    it('a validator of the point sees the voucher and writes it off once; the stock goes down by one', async () => {
      const { user, code } = await voucherFor();
      const v = await validatorOf(point);
      expect(v.userinfo.is_validator).toBe(true);
      const typed = code.toLowerCase().replace(/(.{4})/g, '$1 ');
      const seen = (await t.injectAs(v, 'POST /api/validator/vouchers/lookup', { code: typed })).json().data;
      expect(seen).toMatchObject({
        code,
        status: 'pending',
        point: { id: point },
        holder: `${user.userinfo.bsc.slice(0, 5)}...${user.userinfo.bsc.slice(-5)}`,
      });
      const stock = async () =>
        (
          await t.database.db
            .selectFrom('pickup_inventory')
            .select('quantity')
            .where('point_id', '=', point)
            .where('product_id', '=', physical)
            .executeTakeFirstOrThrow()
        ).quantity;
      const before = await stock();
      const done = (
        await t.injectAs(v, 'POST /api/validator/writeoff', { code: `${code.slice(0, 4)}-${code.slice(4)}` })
      ).json();
      expect(done.data).toMatchObject({ code, status: 'written_off', written_off_at: expect.any(String) });
      expect(await stock()).toBe(before - 1);
      expect((await t.injectAs(v, 'POST /api/validator/writeoff', { code })).json()).toMatchObject({
        code: 5007,
        message: 'invalid/used write-off code',
      });
      expect((await t.injectAs(user, 'GET /api/shipping/requests')).json().data.items[0].status).toBe('written_off');
      const mine = (await t.injectAs(v, 'GET /api/validator/writeoffs')).json().data.items;
      expect(mine.map((w: { code: string }) => w.code)).toEqual([code]);
      await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${point}/inventory`, {
        product_id: physical,
        quantity: before,
      });
    });

    it('two validators writing off one code at once: exactly one wins', async () => {
      const { code } = await voucherFor();
      const [a, b] = [await validatorOf(point), await validatorOf(point)];
      const answers = await Promise.all(
        [a, b, a, b].map((v) => t.injectAs(v, 'POST /api/validator/writeoff', { code })),
      );
      expect(answers.map((r) => r.json().code).sort()).toEqual([0, 5007, 5007, 5007]);
    });

    it('stock never goes below zero: the voucher past the last unit is refused and stays pending', async () => {
      const store = (
        await t.injectAs(ADMIN, 'POST /api/admin/pickup-points', {
          name: 'en_US:::Guangzhou',
          country: 'CN',
          province: 'CN-GD',
          address: 'en_US:::Tianhe',
          hours: '',
        })
      ).json().data.id;
      await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${store}/inventory`, { product_id: physical, quantity: 1 });
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const u = await holder();
        await addAddress(u);
        codes.push(
          (
            await t.injectAs(u, 'POST /api/shipping/pickup', {
              order_id: u.orderId,
              point_id: store,
              fund_password: FUND_PASSWORD,
            })
          ).json().data.request.code,
        );
      }
      const v = await validatorOf(store);
      const answers = await Promise.all(codes.map((code) => t.injectAs(v, 'POST /api/validator/writeoff', { code })));
      expect(answers.map((r) => r.json().code).sort()).toEqual([0, 5009, 5009]);
      expect(answers.find((r) => r.json().code === 5009)!.json().message).toBe('insufficient inventory');
      const left = await t.database.db
        .selectFrom('pickup_inventory')
        .select('quantity')
        .where('point_id', '=', store)
        .executeTakeFirstOrThrow();
      expect(left.quantity).toBe(0);
      await expect(
        sql`update pickup_inventory set quantity = -1 where point_id = ${store}::bigint`.execute(t.database.db),
      ).rejects.toThrow();
    });

    it('BOLA and permissions: not a validator, or a validator of another point, gets "no permission"; a closed point fails', async () => {
      const { code } = await voucherFor();
      const plain = await login(t.app);
      for (const [method, url, body] of [
        ['POST', '/api/validator/vouchers/lookup', { code }],
        ['POST', '/api/validator/writeoff', { code }],
        ['GET', '/api/validator/writeoffs'],
      ] as const) {
        const response = await call(method, url, plain.auth, body);
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toMatchObject({ code: 1006, message: 'no permission' });
      }
      const elsewhere = (
        await t.injectAs(ADMIN, 'POST /api/admin/pickup-points', {
          name: 'en_US:::Tokyo',
          country: 'JP',
          province: 'JP-13',
          address: 'en_US:::Ginza',
          hours: '',
        })
      ).json().data.id;
      const stranger = await validatorOf(elsewhere);
      expect((await t.injectAs(stranger, 'POST /api/validator/vouchers/lookup', { code })).json()).toMatchObject({
        code: 1006,
      });
      expect((await t.injectAs(stranger, 'POST /api/validator/writeoff', { code })).json()).toMatchObject({
        code: 1006,
      });
      expect(
        (await t.injectAs(stranger, 'POST /api/validator/vouchers/lookup', { code: 'ABCDEFGHJKLMNPQR' })).json(),
      ).toMatchObject({ code: 5007, data: { field: 'code' } });
      expect(
        (await t.injectAs(stranger, 'POST /api/validator/vouchers/lookup', { code: 'short' })).json(),
      ).toMatchObject({ code: 1001, data: { field: 'code' } });
      expect((await t.injectAs(stranger, 'GET /api/validator/writeoffs')).json().data.items).toEqual([]);

      const v = await validatorOf(point);
      const current = (await t.injectAs(ADMIN, 'GET /api/admin/pickup-points'))
        .json()
        .data.items.find((p: { id: string }) => p.id === point);
      const { id: _id, ...fields } = current;
      await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${point}`, { ...fields, active: false });
      expect((await t.injectAs(v, 'POST /api/validator/writeoff', { code })).json()).toMatchObject({
        code: 5008,
        message: 'write-off failed',
      });
      await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${point}`, { ...fields, active: true });
      expect((await t.injectAs(v, 'POST /api/validator/writeoff', { code })).json().code).toBe(0);
    });

    it('limits code lookups per validator', async () => {
      const limited = await buildTestApp({
        database: t.database,
        keys: t.keys,
        config: {
          rateLimit: { ...(await import('../../test/helpers.js')).testConfig.rateLimit, writeoffCodesPerMinute: 3 },
        },
      });
      try {
        const v = await validatorOf(point);
        const codes = [];
        for (let i = 0; i < 4; i++)
          codes.push(
            (await limited.injectAs(v, 'POST /api/validator/vouchers/lookup', { code: 'ABCDEFGHJKLMNPQR' })).json()
              .code,
          );
        expect(codes).toEqual([5007, 5007, 5007, 1004]);
      } finally {
        await limited.close();
      }
    });
  });
});
