import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorLogin, type TestApp, testOperators } from '../../test/helpers.js';
import { shippingHelpers, startShipping } from './shipping.fixtures.js';

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
  const { validatorOf } = shippingHelpers(() => ({
    t,
    ADMIN,
    physical,
    later,
    digital,
    point,
  }));

  describe('operators', () => {
    it('refuses without a console session or the role, validates input, and audits every change', async () => {
      const noSession = await t.app.inject({ method: 'POST', url: '/api/admin/pickup-points', payload: {} });
      expect(noSession.json()).toMatchObject({ code: 8002 });
      const viewer = await operatorLogin(t.app, 'viewer');
      expect((await t.injectAs(viewer, 'GET /api/admin/pickup-points')).statusCode).toBe(200);
      const viewed = await t.injectAs(viewer, 'POST /api/admin/pickup-points', {
        name: 'a',
        country: 'CN',
        province: 'CN-GD',
        address: 'b',
      });
      expect(viewed.json()).toMatchObject({ code: 1006 });
      const finance = await operatorLogin(t.app, 'finance');
      expect(
        (
          await t.injectAs(finance, `PUT /api/admin/pickup-points/${point}/inventory`, {
            product_id: physical,
            quantity: 1,
          })
        ).json(),
      ).toMatchObject({ code: 1006 });
      expect(
        (
          await t.injectAs(ADMIN, 'POST /api/admin/pickup-points', {
            name: 'a',
            country: 'CN',
            province: 'JP-13',
            address: 'b',
          })
        ).json(),
      ).toMatchObject({ code: 1001, data: { field: 'province' } });
      expect(
        (
          await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${point}/inventory`, {
            product_id: physical,
            quantity: -1,
          })
        ).json(),
      ).toMatchObject({ code: 1001, data: { field: 'quantity' } });
      expect(
        (
          await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${point}/inventory`, {
            product_id: digital,
            quantity: 1,
          })
        ).json(),
      ).toMatchObject({ code: 5004 });
      expect(
        (await t.injectAs(ADMIN, `PUT /api/admin/validators/0x${'9'.repeat(40)}`, { point_ids: [point] })).json(),
      ).toMatchObject({ code: 3005 });

      const v = await validatorOf(point);
      expect(
        (await t.injectAs(ADMIN, `PUT /api/admin/validators/${v.userinfo.bsc}`, { point_ids: [] })).json().data,
      ).toMatchObject({ is_validator: false, point_ids: [] });
      const audit = await t.database.db
        .selectFrom('operator_audit')
        .select(['operator', 'action', 'detail'])
        .where('action', '=', 'validator.set')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        operator: testOperators.support.address.toLowerCase(),
        detail: { before: { is_validator: true, point_ids: [point] }, after: { is_validator: false, point_ids: [] } },
      });
    });
  });
});
