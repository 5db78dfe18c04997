import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, login, type TestApp, testOperators } from '../../test/helpers.js';
import { FUND_PASSWORD, HOME, shippingHelpers, startShipping } from './shipping.fixtures.js';

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
  const { addAddress, holder, voucherFor } = shippingHelpers(() => ({
    t,
    ADMIN,
    physical,
    later,
    digital,
    point,
  }));

  describe('delivery and pick-up', () => {
    it('lists the physical products held: unused orders and miners, not digital ones nor miners listed for sale', async () => {
      const u = await holder();
      await credit(t.database, u.userinfo.bsc, 'USDT', '200');
      await t.injectAs(u, 'POST /api/miners/buy', { product_id: digital, pay_asset: 'USDT', quantity: 1 });
      const second = (
        await t.injectAs(u, 'POST /api/miners/buy', { product_id: physical, pay_asset: 'USDT', quantity: 1 })
      ).json().data.orders[0];
      const miner = (await t.injectAs(u, `POST /api/miners/orders/${second.id}/use`)).json().data.miner;
      const holdings = (await t.injectAs(u, 'GET /api/shipping/holdings')).json().data;
      expect(holdings.requested).toBe(false);
      expect(holdings.items.map((h: { kind: string; id: string }) => `${h.kind} ${h.id}`)).toEqual([
        `miner ${miner.id}`,
        `order ${u.orderId}`,
      ]);
      expect(holdings.items[0]).toMatchObject({
        machine_no: miner.machine_no,
        pickup_from: '2026-01-01T00:00:00.000Z',
        product: { id: physical },
      });
    });

    // A stolen session alone once turned the account's physical miner into a parcel for the thief.
    it('delivery and pick-up take the fund password: a session alone gets nothing, wrong tries count toward the transfers’ lock', async () => {
      const u = await holder();
      await addAddress(u);
      const missing = await t.injectAs(u, 'POST /api/shipping/delivery', { order_id: u.orderId });
      expect(missing.json()).toMatchObject({ code: 1001, data: { field: 'fund_password' } });
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (
            await t.injectAs(u, 'POST /api/shipping/pickup', {
              order_id: u.orderId,
              point_id: point,
              fund_password: `guess-${i}`,
            })
          ).json().code,
        );
      expect(codes).toEqual([3007, 3007, 3007, 3007]);
      // The fifth wrong try, made by a transfer (of money the user has), locks both.
      await credit(t.database, u.userinfo.bsc, 'USDT', '5');
      const other = await login(t.app);
      expect(
        (
          await t.injectAs(u, 'POST /api/funds/transfer', {
            to: other.userinfo.bsc,
            asset: 'USDT',
            amount: '1',
            fund_password: 'guess-4',
          })
        ).json().code,
      ).toBe(3008);
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/delivery', { order_id: u.orderId, fund_password: FUND_PASSWORD })
        ).json().code,
      ).toBe(3008);
      expect((await t.injectAs(u, 'GET /api/shipping/requests')).json().data.items).toEqual([]);
      expect((await t.injectAs(u, 'GET /api/shipping/holdings')).json().data.requested).toBe(false);
      // A request that would be refused anyway spends no try: no product, no password check.
      const checked = await holder();
      expect(
        (
          await t.injectAs(checked, 'POST /api/shipping/delivery', {
            order_id: checked.orderId,
            fund_password: 'wrong-one',
          })
        ).json().code,
      ).toBe(5005);
      const row = await t.database.db
        .selectFrom('users')
        .select('fund_password_failures')
        .where('address', '=', checked.userinfo.bsc)
        .executeTakeFirstOrThrow();
      expect(row.fund_password_failures).toBe(0);
    });

    it('delivery: needs an address, a held physical product, and happens once per account', async () => {
      const u = await holder();
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/delivery', { order_id: u.orderId, fund_password: FUND_PASSWORD })
        ).json(),
      ).toMatchObject({ code: 5005, message: 'set delivery address first' });
      await addAddress(u);
      const stranger = await holder();
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/delivery', {
            order_id: stranger.orderId,
            fund_password: FUND_PASSWORD,
          })
        ).json(),
      ).toMatchObject({ code: 5002, message: 'Product not held', data: { field: 'order_id' } });
      const cloud = await holder(digital);
      await addAddress(cloud);
      expect(
        (
          await t.injectAs(cloud, 'POST /api/shipping/delivery', {
            order_id: cloud.orderId,
            fund_password: FUND_PASSWORD,
          })
        ).json(),
      ).toMatchObject({ code: 5004, message: 'product info not found' });
      expect(
        (await t.injectAs(u, 'POST /api/shipping/delivery', { fund_password: FUND_PASSWORD })).json(),
      ).toMatchObject({ code: 1001, data: { field: 'order_id' } });
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/delivery', {
            order_id: u.orderId,
            address_id: '999999',
            fund_password: FUND_PASSWORD,
          })
        ).json(),
      ).toMatchObject({ code: 5013, data: { field: 'address_id' } });

      const made = (
        await t.injectAs(u, 'POST /api/shipping/delivery', { order_id: u.orderId, fund_password: FUND_PASSWORD })
      ).json().data.request;
      expect(made).toMatchObject({
        kind: 'delivery',
        status: 'to_ship',
        address: { ...HOME, phone: '+8613800138000' },
        code: null,
        carrier: null,
      });
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/delivery', { order_id: u.orderId, fund_password: FUND_PASSWORD })
        ).json(),
      ).toMatchObject({ code: 5001, message: 'Delivery already requested' });
      expect((await t.injectAs(u, 'GET /api/shipping/holdings')).json().data.requested).toBe(true);

      // An operator ships it; the user reads the carrier and the tracking number.
      const shipped = await t.injectAs(ADMIN, `POST /api/admin/shipping/requests/${made.id}/ship`, {
        carrier: 'SF Express',
        tracking_no: 'SF1234567890',
      });
      expect(shipped.json().data.request).toMatchObject({
        status: 'shipped',
        carrier: 'SF Express',
        tracking_no: 'SF1234567890',
      });
      expect(
        (
          await t.injectAs(ADMIN, `POST /api/admin/shipping/requests/${made.id}/ship`, {
            carrier: 'SF',
            tracking_no: 'x',
          })
        ).json().code,
      ).toBe(4003);
      // Told once: the refused second ship changed nothing.
      const told = (await t.injectAs(u, 'GET /api/notices')).json().data.items;
      expect(told.filter((n: { type: string }) => n.type === 'shipping')).toEqual([
        expect.objectContaining({ payload: { id: made.id, status: 'shipped' } }),
      ]);
      const mine = (await t.injectAs(u, 'GET /api/shipping/requests')).json().data.items;
      expect(mine).toEqual([
        expect.objectContaining({
          id: made.id,
          status: 'shipped',
          tracking_no: 'SF1234567890',
          shipped_at: expect.any(String),
        }),
      ]);
      const audit = await t.database.db
        .selectFrom('operator_audit')
        .selectAll()
        .where('subject_type', '=', 'shipping_request')
        .where('subject_id', '=', made.id)
        .execute();
      expect(audit).toEqual([
        expect.objectContaining({ operator: testOperators.support.address.toLowerCase(), action: 'shipping.ship' }),
      ]);
    });

    it('racing requests of one account (delivery and pick-up of two units, no idempotency key): exactly one', async () => {
      const u = await holder();
      await credit(t.database, u.userinfo.bsc, 'USDT', '100');
      const other = (
        await t.injectAs(u, 'POST /api/miners/buy', { product_id: physical, pay_asset: 'USDT', quantity: 1 })
      ).json().data.orders[0].id;
      await addAddress(u);
      const answers = await Promise.all([
        t.injectAs(u, 'POST /api/shipping/delivery', { order_id: u.orderId, fund_password: FUND_PASSWORD }),
        t.injectAs(u, 'POST /api/shipping/delivery', { order_id: other, fund_password: FUND_PASSWORD }),
        t.injectAs(u, 'POST /api/shipping/pickup', {
          order_id: u.orderId,
          point_id: point,
          fund_password: FUND_PASSWORD,
        }),
        t.injectAs(u, 'POST /api/shipping/pickup', {
          order_id: other,
          point_id: point,
          fund_password: FUND_PASSWORD,
        }),
      ]);
      expect(answers.map((r) => r.json().code).sort()).toEqual([0, 5001, 5001, 5001]);
      const rows = await t.database.db
        .selectFrom('shipping_requests')
        .select('id')
        .where(
          'user_id',
          '=',
          (
            await t.database.db
              .selectFrom('users')
              .select('id')
              .where('address', '=', u.userinfo.bsc)
              .executeTakeFirstOrThrow()
          ).id,
        )
        .execute();
      expect(rows).toHaveLength(1);
      const claimed = await t.database.db
        .selectFrom('miner_orders')
        .select('id')
        .where('id', 'in', [u.orderId, other])
        .where('claimed', '=', true)
        .execute();
      expect(claimed).toHaveLength(1);
    });

    it('a requested miner keeps mining but can no longer be transferred or sold', async () => {
      const u = await holder();
      const miner = (await t.injectAs(u, `POST /api/miners/orders/${u.orderId}/use`)).json().data.miner;
      await addAddress(u);
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/delivery', { miner_id: miner.id, fund_password: FUND_PASSWORD })
        ).json().code,
      ).toBe(0);
      const to = await login(t.app);
      const transfer = await t.injectAs(u, `POST /api/miners/${miner.id}/transfer`, {
        to: to.userinfo.bsc,
        fund_password: FUND_PASSWORD,
      });
      expect(transfer.json()).toMatchObject({ code: 4019 });
      const sell = await t.injectAs(u, 'POST /api/mtrade/orders', {
        miner_id: miner.id,
        unit_price: '10',
        expiry: '1D',
        fund_password: FUND_PASSWORD,
      });
      expect(sell.json()).toMatchObject({ code: 4019, data: { field: 'miner_id' } });
      expect((await t.injectAs(u, `POST /api/miners/${miner.id}/turn_on`)).json().data.miner.state).toBe('on');
    });

    it('pick-up: after the product’s pick-up date, at a point of the region I name; the voucher carries an unguessable code', async () => {
      const early = await holder(later);
      await addAddress(early);
      expect(
        (
          await t.injectAs(early, 'POST /api/shipping/pickup', {
            order_id: early.orderId,
            point_id: point,
            fund_password: FUND_PASSWORD,
          })
        ).json(),
      ).toMatchObject({ code: 5003, message: 'Pick-up not yet available' });

      // Pick-up asks for a region, not an address: the points of any region, before anything is saved.
      const u = await holder();
      expect((await t.injectAs(u, 'GET /api/shipping/points')).json()).toMatchObject({ code: 5005 });
      const inRegion = (query: string) =>
        t.injectAs(u, `GET /api/shipping/points?product_id=${physical}&${query}`).then((r) => r.json());
      expect((await inRegion('country=CN&province=CN-GD')).data.items.map((p: { id: string }) => p.id)).toContain(
        point,
      );
      expect((await inRegion('country=JP&province=JP-13')).data.items).toEqual([]);
      expect(await inRegion('country=JP&province=CN-GD')).toMatchObject({ code: 1001, data: { field: 'province' } });
      expect(await inRegion('country=CN')).toMatchObject({ code: 1001, data: { field: 'province' } });
      expect(await inRegion('province=CN-GD')).toMatchObject({ code: 1001, data: { field: 'country' } });
      // A region's points are offered to whoever names it: the request takes the point chosen, address or not.
      await addAddress(u, { ...HOME, country: 'JP', province: 'JP-13', phone: '090-1234-5678', postcode: '100-0001' });
      expect((await t.injectAs(u, 'GET /api/shipping/points')).json().data.items).toEqual([]);
      const anywhere = await t.injectAs(u, 'POST /api/shipping/pickup', {
        order_id: u.orderId,
        point_id: point,
        fund_password: FUND_PASSWORD,
      });
      expect(anywhere.json()).toMatchObject({ code: 0, data: { request: { kind: 'pickup', point: { id: point } } } });
      const homeless = await holder();
      const noAddress = await t.injectAs(homeless, 'POST /api/shipping/pickup', {
        order_id: homeless.orderId,
        point_id: point,
        fund_password: FUND_PASSWORD,
      });
      expect(noAddress.json()).toMatchObject({ code: 0, data: { request: { kind: 'pickup', address: null } } });

      const { user, code } = await voucherFor();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
      expect(
        (await t.injectAs(user, 'GET /api/shipping/points')).json().data.items.map((p: { id: string }) => p.id),
      ).toContain(point);
      const [request] = (await t.injectAs(user, 'GET /api/shipping/requests')).json().data.items;
      expect(request).toMatchObject({
        kind: 'pickup',
        status: 'pending',
        code,
        point: { id: point, province: 'CN-GD' },
        address: null,
      });
      // Codes differ every time (80 random bits each).
      const codes = await t.database.db
        .selectFrom('shipping_requests')
        .select('code')
        .where('code', 'is not', null)
        .execute();
      expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
    });
    it('offers only points that stock the product, and refuses a voucher at one that has none', async () => {
      const empty = (
        await t.injectAs(ADMIN, 'POST /api/admin/pickup-points', {
          name: 'en_US:::Dongguan',
          country: 'CN',
          province: 'CN-GD',
          address: 'en_US:::Nancheng',
          hours: '',
        })
      ).json().data.id;
      await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${empty}/inventory`, { product_id: physical, quantity: 0 });
      const u = await holder();
      await addAddress(u);
      const offered = (await t.injectAs(u, `GET /api/shipping/points?product_id=${physical}`))
        .json()
        .data.items.map((p: { id: string }) => p.id);
      expect(offered).toContain(point);
      expect(offered).not.toContain(empty);
      expect(
        (await t.injectAs(u, 'GET /api/shipping/points')).json().data.items.map((p: { id: string }) => p.id),
      ).toContain(empty);
      expect((await t.injectAs(u, 'GET /api/shipping/points?product_id=x')).json()).toMatchObject({
        code: 1001,
        data: { field: 'product_id' },
      });
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/pickup', {
            order_id: u.orderId,
            point_id: empty,
            fund_password: FUND_PASSWORD,
          })
        ).json(),
      ).toMatchObject({ code: 5006, data: { field: 'point_id' } });
      expect((await t.injectAs(u, 'GET /api/shipping/holdings')).json().data.requested).toBe(false);
    });
  });
});
